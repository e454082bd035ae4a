/**
 * Cart operations. Every write is one unit of work (db/unit-of-work.ts) holding the cart's lock:
 * lock and load, write, touch, price, stamp; concurrent writes to one cart neither lose items
 * nor duplicate lines. On SQLite it runs synchronously when everything it prices from is cached
 * (decision 0053), and commits with the other cart writes of its turn of the event loop (decision 0111).
 * The reply is the whole cart, priced afresh, as an explicit value.
 */
import { commitEpochOf, type Db } from "../../db/index.ts";
import { heldRevisionsOf, revisionStamp, stampOf } from "../../db/revisions.ts";
import { awaited, type Cached, cached, runWork, statementRows, type Work } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { type Purchasable, purchasablesNow } from "../catalog/index.ts";
import { getSettings, type ShopContext, type ShopSettings } from "../settings/index.ts";
import { cartErrors } from "./cart.errors.ts";
import * as repo from "./cart.repo.ts";
import { checkQuantity, lineKey, resolveVariation, type VariationChoice } from "./cart-items.ts";
import {
  type CartView,
  cartView,
  crossSellsOfCart,
  judgeAppliedCoupons,
  type PricedCart,
  type PricedPackages,
  type PricingInputs,
  priceCart,
  priceChosenRates,
  pricePackages,
  pricingInputsNow,
  selectRate,
  shopperOf,
} from "./cart-view.ts";
import { type AddressInput, addressesToAdopt, readAddress, validateCustomerUpdate } from "./customer.ts";
import { runCartExtension } from "./extensions.ts";
import { expiryOf, movedExpiry } from "./held-cart.ts";
import { couponsCached } from "./pricing-data.ts";
import {
  type CartReply,
  cachedReply,
  confirmedReply,
  FIGURES_STAMP,
  HELD_STAMP,
  keepReply,
  keptLines,
  type PricedReply,
  replyOf,
  stampParts,
  watchesFigures,
  watchesHolds,
} from "./reply-cache.ts";
import { mapped } from "./totals/index.ts";

const nowOf = (ctx: { now?: Date }) => ctx.now ?? new Date();

/** For tests comparing the synchronous run with the async one on the same calls (decision 0053). */
export const cartWorkOptions = { async: false };
/** For tests comparing a write's reuse of what it priced before its change with pricing afresh (decision 0059). */
export const cartPricingOptions = { reuse: true };
/** For tests comparing GET /cart's confirmed replies (no query while nothing is committed) with reading the stamp every time (decision 0071). */
export const cartReadOptions = { confirmedReplies: true };

export async function getCart(ctx: RequestContext): Promise<CartView> {
  return JSON.parse((await getCartReply(ctx)).body.toString("utf8")) as CartView;
}

/** The settings as of the unit of work's revisions. */
const settingsNow: Cached<ShopSettings> = { peek: (db, revisions) => getSettings.peek(db, revisions), load: (db) => getSettings(db) };

/**
 * What a cart's pricing depends on besides time and stock, as of the unit of work's revisions (reply-cache.ts). The
 * `stock` counter is left out: the stamp names the stock figures the reply shows instead (decision 0132).
 */
function* cartStamp(version: number | null): Work<string> {
  return stampParts(version, yield* cached(revisionStampNow));
}
const revisionStampNow: Cached<string> = {
  peek: (_db, revisions) => stampOf(revisions, "stock"),
  load: (db) => revisionStamp(db, "stock"),
};

/**
 * What other shoppers' orders hold of the cart's products, read at most once per unit of work, and only
 * when asked (decision 0096): by a write checking a stock-managed product (whose id the one query adds
 * to the lines'), or by pricing a cart with a stock-managed line.
 */
class HeldStockReader {
  private read: repo.HeldStock | undefined;
  private readonly db: Db;
  private readonly stored: repo.StoredCart | null;
  private readonly now: string;
  /** `stored` is the cart as the unit of work has it: its lines are the rows' (a write changes both alike). */
  constructor(db: Db, stored: repo.StoredCart | null, now: string) {
    this.db = db;
    this.stored = stored;
    this.now = now;
  }
  /** What others hold of the cart's lines' products and of `productId` (none if omitted). */
  *of(productId?: number): Work<repo.HeldStock> {
    if (!this.read) {
      const lineProducts = mapped(this.stored?.items ?? [], (line) => line.variation_id ?? line.product_id);
      this.read = yield* repo.heldStockOf(this.db, this.stored?.cart.id ?? "", lineProducts, productId, this.now);
    }
    return this.read;
  }
  /** What others hold of one product: 0 unless it is stock-managed. */
  *ofItem(item: Purchasable): Work<number> {
    if (!item.row.manage_stock) return 0;
    return (yield* this.of(item.row.id)).get(item.row.id)?.held ?? 0;
  }
  /** Read already (a write's check read it), else read now if a line's product is stock-managed; else nothing. */
  *forLines(stored: repo.StoredCart | null, inputs: PricingInputs): Work<repo.HeldStock | undefined> {
    if (this.read) return this.read;
    const managed = stored?.items.some((line) => inputs.purchasables.get(line.variation_id ?? line.product_id)?.row.manage_stock);
    return managed ? yield* this.of() : undefined;
  }
}

/**
 * The kept reply's stamp part for what others hold (decision 0096): absent for a cart priced without
 * reading holds (no stock-managed line), else the marker and the sums held of its lines' products, as
 * `versionRevisionsAndHolds` reads them.
 */
function heldStampOf(stored: repo.StoredCart | null, held: repo.HeldStock | undefined): string {
  if (!held) return "";
  const products = new Set(stored?.items.map((line) => line.variation_id ?? line.product_id));
  return heldStampText([...held].filter(([id]) => products.has(id)).map(([id, hold]) => [id, hold.held]));
}
const heldStampText = (sums: [number, number][]) =>
  HELD_STAMP +
  sums
    .sort(([a], [b]) => a - b)
    .map(([id, sum]) => `${id}=${sum}`)
    .join(",");

/**
 * The kept reply's stamp part for the stock figures it shows (decision 0132): absent when it shows no product that
 * tracks its stock (no stock move can change it), else the marker and the figures, as `versionRevisionsAndFigures`
 * reads them, of its lines' products and of its cross-sells (those left out for being in the cart included).
 */
function figuresStampOf(lines: PricedCart["lines"], crossSellRows: readonly Purchasable["row"][]): string {
  const shown = new Map<number, string>();
  for (const { item } of lines) if (item.row.manage_stock) shown.set(item.row.id, figuresText(item.row));
  for (const row of crossSellRows) shown.set(row.id, figuresText(row));
  return shown.size ? figuresStampText(shown) : "";
}
const figuresText = ({ stock_quantity, stock_status }: Pick<Purchasable["row"], "stock_quantity" | "stock_status">) =>
  `${stock_quantity ?? 0}/${stock_status}${stock_quantity === null ? "/none" : ""}`;
const figuresStampText = (shown: Map<number, string>) =>
  FIGURES_STAMP +
  [...shown]
    .sort(([a], [b]) => a - b)
    .map(([id, figures]) => `${id}=${figures}`)
    .join(",");

/**
 * Prices the stored cart in the unit of work and shapes the reply value. `packages`, stages 1 to 3
 * priced by the write before a change only to the chosen rates, is reused: they never read them.
 */
function* priced(
  ctx: ShopContext,
  stored: repo.StoredCart | null,
  holds: HeldStockReader,
  known: Partial<PricingInputs> = {},
  packages?: PricedPackages,
) {
  const now = nowOf(ctx);
  let pricing: PricedCart;
  if (packages && cartPricingOptions.reuse) pricing = priceChosenRates(packages);
  else {
    const inputs = yield* pricingInputsNow(ctx.db, stored, known, now, shopperOf(ctx, stored));
    const held = yield* holds.forLines(stored, inputs);
    pricing = priceCart(ctx.settings, stored, held ? { ...inputs, held } : inputs, now);
  }
  const crossSells = yield* crossSellsOfCart(ctx, pricing);
  const view = cartView(pricing, crossSells.products);
  const stockStamp = heldStampOf(stored, pricing.inputs.held) + figuresStampOf(pricing.lines, crossSells.trackedRows);
  return { view, stableUntil: pricing.stableUntil, stockStamp };
}

/**
 * The cart as the Store API sends it. A reply priced earlier is sent again while its stamp holds
 * (reply-cache.ts): one statement reads the cart's version and the revisions (no transaction), and
 * only a miss prices afresh.
 */
export async function getCartReply(ctx: RequestContext): Promise<CartReply> {
  const sid = ctx.session.sid;
  const now = nowOf(ctx);
  // On SQLite, a reply the database confirmed with no commit since needs no query (decision 0071). The epoch is read first.
  const epoch = cartReadOptions.confirmedReplies ? commitEpochOf(ctx.db) : undefined;
  const confirmed = epoch === undefined ? undefined : confirmedReply(ctx.db, sid, epoch, now.getTime());
  if (confirmed) return confirmed;
  // A kept reply priced from what others hold is checked against those holds too, and one that shows stock figures
  // against those figures, in the same statement (decisions 0096, 0132).
  const withHolds = watchesHolds(ctx.db, sid);
  const withFigures = watchesFigures(ctx.db, sid);
  const read = statementRows(ctx.db, stampQuery(ctx.db, sid, now.toISOString(), withHolds, withFigures), cartWorkOptions);
  const kept = keptReplyOf(ctx.db, sid, Array.isArray(read) ? read : await read, now, epoch, withHolds, withFigures);
  return kept ?? pricedCartReply(ctx, now, epoch);
}

type StampRow = { name: string; value: number | string };

/** The one statement a kept reply's stamp is checked by: the version and the revisions, with holds and stock figures as it needs. */
function stampQuery(db: Db, sid: string, now: string, withHolds: boolean, withFigures: boolean) {
  if (withFigures) return withHolds ? repo.versionRevisionsHoldsAndFigures(db, sid, now) : repo.versionRevisionsAndFigures(db, sid);
  return withHolds ? repo.versionRevisionsAndHolds(db, sid, now) : repo.versionAndRevisions(db, sid);
}

/**
 * The kept reply for the cart's version and the revisions just read, if its stamp still holds (confirmed in `epoch`);
 * `withHolds` when the rows include what others hold of the cart's products (`versionRevisionsAndHolds`).
 */
function keptReplyOf(
  db: Db,
  sid: string,
  rows: readonly StampRow[],
  now: Date,
  epoch: number | undefined,
  withHolds: boolean,
  withFigures: boolean,
): CartReply | undefined {
  let version: number | null = null;
  // A row per hold: summed by product, as `heldStockOf` sums them.
  const holds = new Map<number, number>();
  const figures = new Map<number, string>();
  for (const row of rows) {
    if (row.name === repo.CART_VERSION_ROW) version = Number(row.value);
    else if (row.name.startsWith(repo.HELD_ROW_PREFIX)) {
      const id = Number(row.name.slice(repo.HELD_ROW_PREFIX.length));
      holds.set(id, (holds.get(id) ?? 0) + Number(row.value));
    } else if (row.name.startsWith(repo.FIGURES_ROW_PREFIX)) {
      // `figures:{id}/{status}[/none]`, the quantity as value: `figuresText`'s text.
      const [id, status] = splitOnce(row.name.slice(repo.FIGURES_ROW_PREFIX.length), "/");
      figures.set(Number(id), `${Number(row.value)}/${status}`);
    }
  }
  // The stamp has the part whenever the holds were asked for, even when nothing is held.
  const heldStamp = withHolds ? heldStampText([...holds]) : "";
  const figuresStamp = withFigures ? figuresStampText(figures) : "";
  const stamp = stampParts(version, revisionStampOfRows(rows)) + heldStamp + figuresStamp;
  return cachedReply(db, sid, version, stamp, now.getTime(), epoch);
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return [text.slice(0, at), text.slice(at + 1)];
}

/**
 * `stampOf` the revision rows (the cart's version row left out). The counters rarely move: `heldRevisionsOf`
 * answers the last read's object while they are the same, and its stamp is worked out once (decisions 0064, 0070).
 */
function revisionStampOfRows(rows: readonly StampRow[]): string {
  const counters = rows.filter(
    (row) =>
      row.name !== repo.CART_VERSION_ROW && !row.name.startsWith(repo.HELD_ROW_PREFIX) && !row.name.startsWith(repo.FIGURES_ROW_PREFIX),
  );
  return stampOf(heldRevisionsOf(counters), "stock");
}

/**
 * The cart priced afresh in one read unit of work (which reads the row and revisions again, under its own
 * snapshot), then kept; confirmed in `epoch`, the commit epoch read before that snapshot began.
 */
async function pricedCartReply(ctx: RequestContext, now: Date, epoch: number | undefined): Promise<CartReply> {
  // One unit of work (a read transaction on SQLite), so the revisions are read once, before anything priced from them.
  const read = await runWork(ctx.db, () => pricedCartSteps(ctx, now, epoch), { write: false, ...cartWorkOptions });
  if (read.kept) return read.kept;
  const { stored, stamp, stableUntil, view } = read.priced;
  return keepReply(ctx.db, stored, ctx.session.sid, stamp, stableUntil, replyOf(view), epoch);
}

/**
 * `pricedCartReply`'s unit of work. Generators of the hot paths are declared once, at module level, and take what
 * they need as arguments: a generator function made per call gets a prototype and an object shape of its own, made
 * in V8's old generation, which then holds the call's whole context (the request) past two young collections
 * (decision 0126).
 */
function* pricedCartSteps(ctx: RequestContext, now: Date, epoch: number | undefined) {
  const sid = ctx.session.sid;
  const cart = yield* repo.cartRowOf(ctx.db, sid);
  const version = cart?.version ?? null;
  const stamp = yield* cartStamp(version);
  const kept = cachedReply(ctx.db, sid, version, stamp, now.getTime(), epoch);
  if (kept) return { kept, priced: null };
  const stored = cart && (keptLines(ctx.db, cart) ?? (yield* repo.linesOf(ctx.db, cart)));
  // Settings only for pricing afresh (a kept reply's stamp covers them), read under the revisions of the stamp.
  const settings = yield* cached(settingsNow);
  const reply = yield* priced({ ...ctx, now, settings }, stored, new HeldStockReader(ctx.db, stored, now.toISOString()));
  return { kept: null, priced: { stored, ...reply, stamp: stamp + reply.stockStamp } };
}

/** What a write did beyond its own rows: pricing rows it already read, cart fields to save. */
interface WriteResult {
  known?: Partial<PricingInputs>;
  cartFields?: repo.CartFields;
  /** Stages 1 to 3 priced before the write, when it changes nothing they read (only the chosen rates). */
  packages?: PricedPackages;
}

/**
 * A call's own part of a write: checks and rows, on the cart as stored, with the settings of the unit of work,
 * what other shoppers' orders hold (read once, if asked), and the call's own input. Each is a generator declared
 * once at module level (decision 0126).
 */
type Write<I> = (db: Db, stored: repo.StoredCart, ctx: ShopContext, holds: HeldStockReader, input: I) => Work<WriteResult | undefined>;

/**
 * Runs a write under the cart's lock and prices the reply in the same unit of work. The write
 * changes the rows and the in-memory cart alike, so the reply is priced without reading the cart
 * again; it may hand over the pricing rows it read, so they are not read again either.
 * Expected failures with status 409 carry the current cart.
 */
async function mutate<I>(ctx: RequestContext, write: Write<I>, input: I): Promise<PricedReply> {
  // Once: a unit of work run again (async, or alone after its group) makes and touches rows with the same clock.
  const now = nowOf(ctx);
  try {
    const written = await runWork(
      ctx.db,
      () => mutateSteps(ctx, now, write, input),
      // Grouped with the other cart writes of this turn of the event loop: one commit for them all (decision 0111).
      { write: true, grouped: true, ...cartWorkOptions },
    );
    const reply = replyOf(written.view);
    // Kept only once committed: the version then names exactly the rows this reply was priced from.
    return keepReply(ctx.db, written.stored, ctx.session.sid, written.stamp, written.stableUntil, reply);
  } catch (error) {
    if (error instanceof StoreError && error.status === 409) {
      throw new StoreError(error.code, error.message, error.status, { ...error.data, cart: await getCart(ctx) });
    }
    throw error;
  }
}

/** `mutate`'s unit of work: the cart locked (or made), the write, the row touched, the reply priced. */
function* mutateSteps<I>(ctx: RequestContext, now: Date, write: Write<I>, input: I) {
  const { db } = ctx;
  const sid = ctx.session.sid;
  // Cart writes never touch settings, prices or the catalogue: what is read of them holds throughout, and names the stamp.
  // One clock for the unit: the write, the row's times and the pricing all read `shop.now`.
  const shop: ShopContext = { ...ctx, now, settings: yield* cached(settingsNow) };
  // The clock's texts once: the row is made and touched with the same ones.
  const [nowText, expiresAt] = [now.toISOString(), expiryOf(now)];
  const { cart, made } = yield* repo.lockedOrMadeCart(db, sid, ctx.session.uid || null, expiresAt, nowText);
  // A row just made has no lines yet; else the lines as kept with the reply for this version of the row, else read.
  const stored = made ? repo.withoutLines(cart) : (keptLines(db, cart) ?? (yield* repo.linesOf(db, cart)));
  const holds = new HeldStockReader(db, stored, nowText);
  const { known, cartFields = {}, packages } = (yield* write(db, stored, shop, holds, input)) ?? {};
  Object.assign(stored.cart, yield* repo.touched(db, sid, nowText, movedExpiry(stored.cart.expires_at, expiresAt), cartFields));
  const reply = yield* priced(shop, stored, holds, known, packages);
  return { ...reply, stored, stamp: (yield* cartStamp(stored.cart.version)) + reply.stockStamp };
}

export interface AddItemInput {
  id: number;
  quantity: number;
  variation: VariationChoice[];
}

export async function addItem(ctx: RequestContext, input: AddItemInput): Promise<PricedReply> {
  return mutate(ctx, addItemWrite, input);
}

function* addItemWrite(db: Db, stored: repo.StoredCart, shop: ShopContext, holds: HeldStockReader, input: AddItemInput) {
  const now = nowOf(shop);
  const product = (yield* purchasablesNow(db, [input.id], now)).get(input.id);
  if (!product) throw cartErrors.invalidProduct();
  let productId = product.row.id;
  let variationId: number | null = null;
  let variation: VariationChoice[] = [];
  let item = product;
  if (product.row.type === "variable") {
    const resolved = resolveVariation(product, input.variation);
    variationId = resolved.variationId;
    variation = resolved.variation;
    item = (yield* purchasablesNow(db, [variationId], now)).get(variationId) ?? product;
  } else if (product.row.type === "variation") {
    productId = product.parent.id;
    variationId = product.row.id;
    variation = product.attributes.map((a) => ({ attribute: a.attribute, value: a.value }));
  }
  const key = lineKey(productId, variationId, variation, []);
  const existing = stored.items.find((i) => i.key === key);
  if (existing && item.row.sold_individually) throw cartErrors.soldIndividually(item.parent.name);
  // A sold-individually product goes in once, whatever quantity was asked, as the modelled Store API adds it.
  const added = item.row.sold_individually ? 1 : input.quantity;
  const quantity = (existing?.quantity ?? 0) + added;
  checkQuantity(item, quantity, yield* holds.ofItem(item));
  if (existing) {
    yield* repo.writeQuantity(db, stored.cart.id, key, quantity);
    existing.quantity = quantity;
  } else {
    const line: repo.CartItemRow = {
      cart_id: stored.cart.id,
      key,
      product_id: productId,
      variation_id: variationId,
      quantity,
      variation: JSON.stringify(variation),
      item_data: "[]",
      price_when_added: item.price,
      // Lines are kept in position order, so the next position follows the last line's.
      position: (stored.items.at(-1)?.position ?? -1) + 1,
      added_at: now.toISOString(),
    };
    yield* repo.writeNewItem(db, line);
    stored.items.push(line);
  }
  return { known: { purchasables: new Map([[item.row.id, item]]) } };
}

export async function updateItem(ctx: RequestContext, key: string, quantity: number): Promise<PricedReply> {
  return mutate(ctx, updateItemWrite, { key, quantity });
}

function* updateItemWrite(
  db: Db,
  stored: repo.StoredCart,
  shop: ShopContext,
  holds: HeldStockReader,
  { key, quantity }: { key: string; quantity: number },
) {
  const line = stored.items.find((i) => i.key === key);
  if (!line) throw cartErrors.invalidKey();
  if (quantity === 0) {
    yield* repo.eraseItem(db, stored.cart.id, key);
    stored.items = stored.items.filter((i) => i !== line);
    return undefined;
  }
  const id = line.variation_id ?? line.product_id;
  const item = (yield* purchasablesNow(db, [id], nowOf(shop))).get(id);
  if (!item) throw cartErrors.invalidKey();
  if (!item.limits.editable && quantity !== line.quantity) throw cartErrors.readonlyQuantity(item.parent.name);
  checkQuantity(item, quantity, yield* holds.ofItem(item));
  yield* repo.writeQuantity(db, stored.cart.id, key, quantity);
  line.quantity = quantity;
  return { known: { purchasables: new Map([[id, item]]) } };
}

export async function removeItem(ctx: RequestContext, key: string): Promise<PricedReply> {
  return mutate(ctx, removeItemWrite, key);
}

function* removeItemWrite(db: Db, stored: repo.StoredCart, _shop: ShopContext, _holds: HeldStockReader, key: string) {
  if (!(yield* repo.eraseItem(db, stored.cart.id, key))) throw cartErrors.invalidKey();
  stored.items = stored.items.filter((i) => i.key !== key);
  return undefined;
}

const normaliseCode = (code: string) => code.trim().toLowerCase();

export async function applyCoupon(ctx: RequestContext, rawCode: string): Promise<PricedReply> {
  return mutate(ctx, applyCouponWrite, normaliseCode(rawCode));
}

function* applyCouponWrite(db: Db, stored: repo.StoredCart, shop: ShopContext, _holds: HeldStockReader, code: string) {
  const now = nowOf(shop);
  // Only the lines and coupons stages: judging a new code needs no shipping or totals.
  const shopper = shopperOf(shop, stored);
  const inputs = yield* pricingInputsNow(db, stored, {}, now, shopper);
  const judged = judgeAppliedCoupons(shop.settings, stored, inputs, now);
  if (judged.coupons.some((coupon) => coupon.code === code)) throw cartErrors.couponAlreadyApplied(code);
  // A code the cart keeps but no longer counts (expired, disabled since) is judged again: the shopper hears why.
  const found = inputs.coupons.get(code) ?? (yield* cached(couponsCached([code], shopper))).get(code);
  const verdict = judged.checkNewCoupon(code, found);
  if (verdict) throw verdict;
  yield* repo.writeCoupon(db, stored, code);
  const known = { ...inputs, coupons: new Map([...inputs.coupons, [code, found as NonNullable<typeof found>]]) };
  // A free-shipping coupon makes its free rate the choice, as the shopper expects: the rates are chosen afresh.
  return found?.coupon.freeShipping ? { known, cartFields: { selected_rates: "{}" } } : { known };
}

export async function removeCoupon(ctx: RequestContext, rawCode: string): Promise<PricedReply> {
  return mutate(ctx, removeCouponWrite, normaliseCode(rawCode));
}

function* removeCouponWrite(db: Db, stored: repo.StoredCart, _shop: ShopContext, _holds: HeldStockReader, code: string) {
  if (!(yield* repo.eraseCoupon(db, stored.cart.id, code))) throw cartErrors.couponNotApplied(code);
  stored.coupons = stored.coupons.filter((c) => c !== code);
  return undefined;
}

export async function selectShippingRate(ctx: RequestContext, packageId: number | undefined, rateId: string): Promise<PricedReply> {
  return mutate(ctx, selectShippingRateWrite, { packageId, rateId });
}

function* selectShippingRateWrite(
  db: Db,
  stored: repo.StoredCart,
  shop: ShopContext,
  holds: HeldStockReader,
  { packageId, rateId }: { packageId: number | undefined; rateId: string },
) {
  const now = nowOf(shop);
  if (!shop.settings.shippingEnabled) throw cartErrors.shippingDisabled();
  if (!rateId) throw cartErrors.missingRateId();
  const loaded = yield* pricingInputsNow(db, stored, {}, now, shopperOf(shop, stored));
  // The packages priced here answer the reply: what others hold is read for them as for any pricing.
  const held = yield* holds.forLines(stored, loaded);
  const inputs = held ? { ...loaded, held } : loaded;
  const packages = pricePackages(shop.settings, stored, inputs, now);
  const selected = JSON.parse(stored.cart.selected_rates) as Record<string, string>;
  const selection = selectRate({ ...packages, selected }, packageId, rateId);
  // Only the chosen rates change: the reply prices stage 4 on these packages.
  return { known: inputs, cartFields: { selected_rates: JSON.stringify(selection) }, packages };
}

type CustomerInput = { billing_address?: AddressInput; shipping_address?: AddressInput };

export async function updateCustomer(ctx: RequestContext, input: CustomerInput): Promise<PricedReply> {
  return mutate(ctx, updateCustomerWrite, input);
}

// biome-ignore lint/correctness/useYield: addresses are checked and written as cart fields, with no step of their own.
function* updateCustomerWrite(_db: Db, stored: repo.StoredCart, ctx: ShopContext, _holds: HeldStockReader, input: CustomerInput) {
  return { cartFields: validateCustomerUpdate(ctx.settings, stored.cart, input) };
}

export async function callExtension(ctx: RequestContext, namespace: string, data: Record<string, unknown>): Promise<PricedReply> {
  return mutate(ctx, callExtensionWrite, { namespace, data });
}

function* callExtensionWrite(
  _db: Db,
  stored: repo.StoredCart,
  _shop: ShopContext,
  _holds: HeldStockReader,
  { namespace, data }: { namespace: string; data: Record<string, unknown> },
) {
  // An extension's callback may take its time: the unit of work then runs async, under the cart's lock as ever.
  const current = JSON.parse(stored.cart.extensions) as Record<string, unknown>;
  const extensions = yield* awaited(() => runCartExtension(namespace, data, current));
  return { cartFields: { extensions: JSON.stringify(extensions) } };
}

/** Moves a guest cart's lines and coupons into the customer's saved cart (on sign-in). */
export async function mergeCarts(db: Db, guestCartId: string, customerCartId: string): Promise<void> {
  if (guestCartId === customerCartId) return;
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    await repo.lockCartRow(tx, customerCartId);
    const guest = await repo.findCart(tx, guestCartId);
    const target = await repo.findCart(tx, customerCartId);
    if (!guest || !target) return;
    for (const item of guest.items) {
      const existing = target.items.find((i) => i.key === item.key);
      if (existing) {
        await repo.setItemQuantity(tx, customerCartId, item.key, Math.max(existing.quantity, item.quantity));
      } else {
        await repo.insertItem(tx, { ...item, cart_id: customerCartId, position: await repo.nextItemPosition(tx, customerCartId) });
      }
    }
    for (const code of guest.coupons) await repo.addCoupon(tx, customerCartId, code);
    // An address the guest gave (the shipping calculator, the checkout) goes with the cart: it is the newest.
    const guestAddresses = {
      billing: readAddress(guest.cart.billing_address, true),
      shipping: readAddress(guest.cart.shipping_address, false),
    };
    const carried = addressesToAdopt(target.cart, guestAddresses, true);
    if (carried) await repo.touchCart(tx, customerCartId, new Date().toISOString(), target.cart.expires_at, carried);
    await tx.deleteFrom("carts").where("id", "=", guestCartId).execute();
  });
}

export { deleteExpiredCarts } from "./cart.repo.ts";
