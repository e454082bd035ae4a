/**
 * Cart replies kept per process as the JSON text sent (decision 0015). A priced cart is reused
 * while nothing it was priced from has changed, which its stamp names: the cart's version (moved by
 * triggers on any write to the cart, its lines or coupons), every revision counter (settings,
 * pricing rules, catalogue, coupons) but `stock`, whose part is the stock figures the reply shows
 * and what others hold of them (decisions 0096, 0132), the fee providers and gateways registered in
 * code; and time, up to the next coupon expiry. Any process may write the cart: the stamp is read from the
 * database on every use, so another process's change is a miss, never a stale reply.
 */
import { hash } from "node:crypto";
import { BoundedMap } from "../../db/bounded-map.ts";
import type { Db } from "../../db/index.ts";
import { identityOf } from "../../db/revisions.ts";
import { gatewaysVersion } from "../payments/index.ts";
import type { CartRow, StoredCart } from "./cart.repo.ts";
import type { CartView } from "./cart-view.ts";
import { feeProvidersVersion } from "./extensions.ts";
import { ReplyRing } from "./reply-ring.ts";
import { mapped } from "./totals/index.ts";

export interface CartReply {
  /** The cart's JSON as UTF-8 bytes: made once, sent as they are (no per-request encoding or length count). */
  body: Buffer;
  /** The Cart-Hash header: a short fingerprint of what the shopper sees. */
  hash: string;
}

/** A freshly priced cart's reply: the view, and its text as sent (a value, made once, wherever the view goes). */
export interface PricedReply extends CartReply {
  view: CartView;
}

/** A stored cart's lines and coupons, without its row. */
type Lines = Omit<StoredCart, "cart">;

interface Entry {
  /**
   * Where the reply's UTF-8 bytes are: their position in the database's reply ring (reply-ring.ts, decision 0120),
   * or, for a reply too large for it, the bytes as a one-byte string, a character per byte, which V8's heap holds
   * and its collector sees (decision 0118).
   */
  bytesAt: number | string;
  /** How many bytes the reply has. */
  length: number;
  /** Those bytes in a Buffer, made at the reply's first send from here and kept for the next ones: a read-heavy cart sends without copying. */
  sent?: Buffer;
  hash: string;
  stamp: string;
  /** The cart's version and its lines and coupons at that version: a write or a re-pricing need not read them again. */
  version: number | null;
  lines: Lines | null;
  /** Until when time cannot change the pricing (ms since the epoch; Infinity when nothing expires). */
  validUntil: number;
  /** The commit epoch (db/commit-watch.ts) in which the database last confirmed the stamp, and the code's part of it then. */
  confirmedIn?: number;
  confirmedCode?: string;
}

/**
 * The carts in use at once, a few KB each (a cart of many lines is far larger): 4 MB of counted bytes
 * (the reply, its stamp and the lines it was priced from) keeps some hundreds; the least recently used
 * goes first, and an evicted cart is priced afresh (decisions 0050, 0062).
 */
export const REPLY_CACHE_LIMITS = { maxEntries: 5000, maxBytes: 4 * 1024 * 1024 };
/**
 * The reply ring's size per database (decision 0120): the bytes of the last 300 or so replies priced, about as many
 * as the entries the counted bytes keep, so a kept entry seldom finds its bytes written over.
 */
export const REPLY_RING_BYTES = 2 * 1024 * 1024;
/** An entry's reply (in the ring or a string), its Buffer once sent, its stamp and the lines it was priced from, which take no more than the reply. */
const entryBytes = (cartId: string, entry: Entry) => cartId.length + entry.stamp.length + 2 * entry.length + (entry.sent?.length ?? 0);
/** A database's kept replies by cart id (carts without a row, every new visitor's, share the empty cart under ""), and their bytes. */
interface Kept {
  held: BoundedMap<string, Entry>;
  ring: ReplyRing;
}
const keptOf = new WeakMap<object, Kept>();
function kept(db: Db): Kept {
  const key = identityOf(db);
  let found = keptOf.get(key);
  if (!found) {
    found = { held: new BoundedMap({ ...REPLY_CACHE_LIMITS, sizeOf: entryBytes }), ring: new ReplyRing(REPLY_RING_BYTES) };
    keptOf.set(key, found);
  }
  return found;
}
const entries = (db: Db) => kept(db).held;

/** What the kept replies of a database take, for tests of the bounds. */
export function keptReplyMemory(db: Db): { entries: number; bytes: number } {
  const held = entries(db);
  return { entries: held.size, bytes: held.bytes };
}
/** A short fingerprint of what the shopper sees, so clients can tell when their cached cart is stale. */
export function cartHash(view: CartView): string {
  return hashOfShown(
    mapped(view.items, (i) => [i.key, i.quantity]),
    mapped(view.coupons, (c) => c.code),
    view.totals.total_price,
  );
}
const hashOfShown = (items: unknown[], coupons: string[], total: string) =>
  hash("sha256", JSON.stringify({ items, coupons, totals: total }), "hex").slice(0, 32);
/** An emptied cart's hash, known without pricing it: no lines means no fees or shipping, so its total is "0". */
export const EMPTY_CART_HASH = hashOfShown([], [], "0");

/** The reply for a freshly priced view. */
export function replyOf(view: CartView): PricedReply {
  return { view, body: jsonBytes(view), hash: cartHash(view) };
}

/**
 * Sections of the cart that carry the shop's own texts (names, descriptions, messages), serialised
 * apart from the rest: one en dash makes V8 build the whole JSON text with two-byte characters,
 * which costs twice as much to make and to encode as UTF-8 (decision 0059).
 */
const SHOP_TEXT_SECTIONS = new Set<string>(["items", "shipping_rates", "errors"]);

/**
 * Sections holding deep-frozen objects that many replies share, and how many levels down `jsonBytes` looks for
 * them: the cross-sells list itself (catalog.service.ts `shapedCrossSells`), and each shipping rate, three levels
 * down (the packages, their fields, their rates; cart-view.ts `rateView`). Such an object's bytes are made once.
 */
const SHARED_DEPTH = new Map<string, number>([
  ["cross_sells", 0],
  ["shipping_rates", 3],
]);
/** The UTF-8 bytes of a deep-frozen object, by the object itself: it cannot change, so neither can they. */
const frozenBytes = new WeakMap<object, Buffer>();
function bytesOfFrozen(shared: object): Buffer {
  let bytes = frozenBytes.get(shared);
  if (!bytes) {
    const text = JSON.stringify(shared);
    // Memory of its own, like the replies': a pooled slice would keep Node's shared slab alive with it.
    bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    bytes.write(text);
    frozenBytes.set(shared, bytes);
  }
  return bytes;
}

/** An array or an object `JSON.stringify` writes member by member, as `JsonParts.walk` does. */
const isPlainContainer = (value: object) =>
  Array.isArray(value)
    ? Object.getPrototypeOf(value) === Array.prototype
    : Object.getPrototypeOf(value) === Object.prototype && typeof (value as { toJSON?: unknown }).toJSON !== "function";

/** JSON text in pieces: texts, and the kept bytes of shared objects between them. */
class JsonParts {
  readonly parts: (string | Buffer)[] = [];
  text = "";
  /** Ends the current text: what follows starts a piece of its own. */
  flush(): void {
    if (this.text) this.parts.push(this.text);
    this.text = "";
  }
  /**
   * `JSON.stringify(value)`, a deep-frozen object from its kept bytes; containers are written member by member down to
   * `depth` levels to reach the frozen objects inside them. False when `JSON.stringify` writes nothing (undefined).
   */
  write(value: unknown, depth: number): boolean {
    if (typeof value === "object" && value !== null) {
      if (Object.isFrozen(value)) {
        this.flush();
        this.parts.push(bytesOfFrozen(value));
        return true;
      }
      if (depth > 0 && isPlainContainer(value)) {
        this.walk(value, depth - 1);
        return true;
      }
    }
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) return false;
    this.text += json;
    return true;
  }
  /** A container member by member, as `JSON.stringify` writes it: undefined, functions and symbols left out, or null in an array. */
  private walk(container: object, depth: number): void {
    if (Array.isArray(container)) {
      this.text += "[";
      // By index, not forEach: a hole is written as null, as JSON.stringify writes it.
      for (let index = 0; index < container.length; index++) {
        if (index > 0) this.text += ",";
        if (!this.write(container[index], depth)) this.text += "null";
      }
      this.text += "]";
      return;
    }
    this.text += "{";
    let first = true;
    for (const [key, member] of Object.entries(container)) {
      const before = this.text;
      this.text += `${first ? "" : ","}${JSON.stringify(key)}:`;
      if (this.write(member, depth)) first = false;
      else this.text = before;
    }
    this.text += "}";
  }
}

/**
 * `JSON.stringify(view)` as UTF-8 bytes, the same byte for byte (a test holds it to that), made
 * section by section: shared frozen objects from their kept bytes, shop texts on their own, the rest
 * (numbers, codes, ASCII) as one text. The bytes are sent and dropped (a kept reply keeps a copy in the ring),
 * so a small reply may take a slice of Node's shared pool.
 */
export function jsonBytes(view: CartView): Buffer {
  const json = new JsonParts();
  json.text = "{";
  let first = true;
  for (const [name, value] of Object.entries(view)) {
    if (value === undefined) continue;
    json.text += `${first ? "" : ","}"${name}":`;
    first = false;
    const shopText = SHOP_TEXT_SECTIONS.has(name);
    if (shopText) json.flush();
    const depth = SHARED_DEPTH.get(name);
    if (depth === undefined) json.text += JSON.stringify(value);
    else json.write(value, depth);
    if (shopText) json.flush();
  }
  json.text += "}";
  json.flush();
  return joined(json.parts);
}

/** Where a reply's pieces are put together: each text encoded once, instead of measured and then encoded. */
let assembly = Buffer.allocUnsafeSlow(64 * 1024);
/** Replies whose pieces may come to more are put together in a Buffer of their own, so the assembly stays small. */
const MOST_ASSEMBLED = 512 * 1024;

/** The pieces' UTF-8 bytes in one Buffer of their exact size. */
function joined(parts: readonly (string | Buffer)[]): Buffer {
  // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
  let most = 0;
  for (const part of parts) most += typeof part === "string" ? part.length * 3 : part.length;
  if (most > MOST_ASSEMBLED) {
    let length = 0;
    for (const part of parts) length += typeof part === "string" ? Buffer.byteLength(part) : part.length;
    const body = Buffer.allocUnsafe(length);
    let offset = 0;
    for (const part of parts) offset += typeof part === "string" ? body.write(part, offset) : part.copy(body, offset);
    return body;
  }
  if (most > assembly.length) assembly = Buffer.allocUnsafeSlow(MOST_ASSEMBLED);
  let length = 0;
  for (const part of parts) length += typeof part === "string" ? assembly.write(part, length) : part.copy(assembly, length);
  const body = Buffer.allocUnsafe(length);
  assembly.copy(body, 0, 0, length);
  return body;
}

/** The stamp's part that code registers: the fee providers and the payment gateways. */
const codeVersions = () => `${feeProvidersVersion()}.${gatewaysVersion()}`;

/** What a cart's pricing depends on besides time: its version, every revision counter (read in the caller's unit of work), code. */
export function stampParts(version: number | null, revisions: string): string {
  return `${version ?? "none"}|${revisions}|${codeVersions()}`;
}

const keyOf = (cartId: string, version: number | null) => (version === null ? "" : cartId);

/**
 * The kept reply if its stamp holds. Given the commit epoch read before the stamp was (decision 0071),
 * a hit is marked confirmed in it, so that `confirmedReply` may send it again without a query while no
 * commit follows. The empty cart's shared entry is never marked: it stands for carts without a row.
 */
export function cachedReply(
  db: Db,
  cartId: string,
  version: number | null,
  stamp: string,
  now: number,
  epoch?: number,
): CartReply | undefined {
  const store = kept(db);
  const key = keyOf(cartId, version);
  const entry = store.held.get(key);
  if (!entry || entry.stamp !== stamp || now > entry.validUntil) return undefined;
  if (epoch !== undefined && version !== null) {
    entry.confirmedIn = epoch;
    entry.confirmedCode = codeVersions();
  }
  return replyOfEntry(store, key, entry);
}

/**
 * The cart's kept reply when the database confirmed its stamp in this same commit epoch: nothing has been
 * committed since, so the cart's version and the revisions are as they were, and only time and code can
 * have moved (decision 0071).
 */
export function confirmedReply(db: Db, cartId: string, epoch: number, now: number): CartReply | undefined {
  const store = kept(db);
  const entry = store.held.get(cartId);
  if (!entry || entry.confirmedIn !== epoch || entry.confirmedCode !== codeVersions() || now > entry.validUntil) return undefined;
  const reply = replyOfEntry(store, cartId, entry);
  if (reply) confirmedRepliesSent.count++;
  return reply;
}

/** How many replies were sent from kept ones, by either way, for tests that a kept reply is reused. */
export const keptRepliesSent = { count: 0 };

/**
 * A kept reply to send, or undefined once newer replies have written over its bytes in the ring (its lines still
 * serve the cart's next write). Its Buffer is made at its first send from here (a copy per send cost `GET /cart` a
 * fifth more CPU) and set again so that the cache counts it; the cart's next write keeps a new entry without one
 * (decision 0118).
 */
function replyOfEntry({ held, ring }: Kept, key: string, entry: Entry): CartReply | undefined {
  if (!entry.sent) {
    // Memory of its own: a slice of Node's shared pool, kept, would hold the whole slab (decision 0050).
    const sent = typeof entry.bytesAt === "string" ? Buffer.from(entry.bytesAt, "latin1") : ring.copy(entry.bytesAt, entry.length);
    if (!sent) return undefined;
    entry.sent = sent;
    held.set(key, entry);
  }
  keptRepliesSent.count++;
  return { body: entry.sent, hash: entry.hash };
}

/** How many replies `confirmedReply` gave, for tests that the way without a query is taken. */
export const confirmedRepliesSent = { count: 0 };

/**
 * Keeps a freshly priced reply under its stamp, with the rows it was priced from, and returns it. A read
 * gives the commit epoch read before its snapshot began, which confirms the stamp; a write cannot (its own
 * commit ends the epoch).
 */
export function keepReply<R extends CartReply>(
  db: Db,
  stored: StoredCart | null,
  cartId: string,
  stamp: string,
  validUntil: number,
  reply: R,
  epoch?: number,
): R {
  const { held, ring } = kept(db);
  const version = stored?.cart.version ?? null;
  const key = keyOf(cartId, version);
  const lines = stored && copyLines(stored);
  const confirmed = epoch !== undefined && version !== null ? { confirmedIn: epoch, confirmedCode: codeVersions() } : {};
  const bytesAt = ring.put(reply.body) ?? reply.body.toString("latin1");
  held.set(key, { bytesAt, length: reply.body.length, hash: reply.hash, stamp, validUntil, version, lines, ...confirmed });
  return reply;
}

/**
 * Whether the cart's kept reply was priced from what other shoppers' orders hold (its stamp has that
 * part, cart.service.ts `heldStampOf`): its check then reads those holds too (decision 0096).
 */
export function watchesHolds(db: Db, cartId: string): boolean {
  return entries(db).get(cartId)?.stamp.includes(HELD_STAMP) ?? false;
}
/** Starts the stamp's part for what others hold. */
export const HELD_STAMP = "|held:";

/**
 * Whether the cart's kept reply shows products that track their stock (its stamp has their figures, cart.service.ts
 * `figuresStampOf`): its check then reads those figures too, instead of the `stock` counter (decision 0132).
 */
export function watchesFigures(db: Db, cartId: string): boolean {
  return entries(db).get(cartId)?.stamp.includes(FIGURES_STAMP) ?? false;
}
/** Starts the stamp's part for the stock figures shown. */
export const FIGURES_STAMP = "|figures:";

/** The cart's lines and coupons as kept for this very version of its row, as a copy the caller may change; else null. */
export function keptLines(db: Db, cart: CartRow): StoredCart | null {
  const entry = entries(db).get(cart.id);
  if (!entry?.lines || entry.version !== cart.version) return null;
  return { cart, ...copyLines(entry.lines) };
}

/** Lines are flat rows and coupons are codes: a shallow copy of each is a full copy (structuredClone cost 3 % of a write). */
const copyLines = ({ items, coupons, couponsEnd }: Lines): Lines => ({
  items: mapped(items, (item) => ({ ...item })),
  coupons: [...coupons],
  couponsEnd,
});
