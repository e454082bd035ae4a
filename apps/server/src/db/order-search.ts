/**
 * The owner's order search (decision 0039): each order's words (billing e-mail and its parts, the
 * billing first and last names and phone, its lines' product names) kept as rows of `order_search_terms`,
 * so a search reads index ranges instead of scanning orders. Here because migration 022 fills the
 * table for existing orders with the very words the orders module writes and searches with.
 */

import { normalized } from "@cartwright/commerce";
import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Longer words are cut here (and so are the searched ones): the index stays small, a prefix still matches. */
export const TERM_MAX_LENGTH = 64;

/** Above every character that follows a prefix, in code point order (SQLite's BINARY, PostgreSQL's "C", UTF-8 bytes alike). */
export const PREFIX_END = "\u{10FFFF}";

/** Searched words are at most this many: each is one index range, all of them required. */
export const MAX_SEARCH_WORDS = 8;

const cut = (word: string) => {
  const chars = Array.from(word);
  return chars.length > TERM_MAX_LENGTH ? chars.slice(0, TERM_MAX_LENGTH).join("") : word;
};

/** Lower case, accents folded away (NFKD, marks dropped): "José" and "JOSE" both become "jose". */
export function foldText(text: string): string {
  // Typographic apostrophes become the typed one: "O’Brien" and "O'Brien" are one name.
  return normalized(text, "NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");
}

const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The words of a name: each word, its pieces between punctuation and the pieces run together ("o'brien", "brien", "obrien"). */
function nameTerms(text: string, into: Set<string>): void {
  for (const raw of foldText(text).split(/\s+/)) {
    const word = raw.replace(EDGES, "");
    if (!word) continue;
    into.add(cut(word));
    const pieces = word.split(SEPARATORS).filter(Boolean);
    if (pieces.length < 2) continue;
    for (const piece of pieces) into.add(cut(piece));
    into.add(cut(pieces.join("")));
  }
}

/**
 * The e-mail from each of its pieces' starts to its end ("jane.doe@mail.example.com", "doe@mail…",
 * "mail.example.com", "example.com", "com"), and its domain after "@": whatever part an owner types
 * that begins at a piece is a prefix of one of them.
 */
function emailTerms(email: string, into: Set<string>): void {
  const folded = foldText(email.trim());
  if (!folded) return;
  for (const piece of folded.matchAll(/[\p{L}\p{N}]+/gu)) into.add(cut(folded.slice(piece.index)));
  into.add(cut(folded));
  const at = folded.lastIndexOf("@");
  if (at >= 0 && at < folded.length - 1) into.add(cut(folded.slice(at)));
}

/**
 * The phone's digits from the start of each of its runs of digits to its end, punctuation dropped
 * ("+1 (555) 010-2030": "15550102030", "5550102030", "0102030", "2030"): however the owner writes the
 * number, or its last part, its digits are a prefix of one of them.
 */
function phoneTerms(phone: string, into: Set<string>): void {
  const digits = phone.replace(/\D+/g, "");
  let seen = 0;
  for (const run of phone.match(/\d+/g) ?? []) {
    into.add(cut(digits.slice(seen)));
    seen += run.length;
  }
}

export interface SearchedOrder {
  billingEmail: string;
  /** The billing address as stored (JSON); only its first and last names and its phone are read. */
  billingAddress: string;
  productNames: string[];
}

/** Every term an order is found by, each once. */
export function orderSearchTerms(order: SearchedOrder): string[] {
  const terms = new Set<string>();
  emailTerms(order.billingEmail, terms);
  let billing: Record<string, unknown> = {};
  try {
    billing = JSON.parse(order.billingAddress) as Record<string, unknown>;
  } catch {
    // An address that is not JSON names nobody: the order is still found by its e-mail and products.
  }
  for (const key of ["first_name", "last_name"]) if (typeof billing[key] === "string") nameTerms(billing[key], terms);
  if (typeof billing.phone === "string") phoneTerms(billing.phone, terms);
  for (const name of order.productNames) nameTerms(name, terms);
  return [...terms];
}

/** Quotes, brackets and list punctuation an owner may type around a word; inner punctuation (@ . - _ + ' %) is kept. */
const WRAPPING = /^[\s"'“”«»()[\]{}<>,;:!?]+|[\s"'“”«»()[\]{}<>,;:!?]+$/gu;

/** A word of digits and the punctuation phone numbers are written with, at least one digit. */
const PHONE_WORD = /^[+(]*\d[\d\-./()+]*$/;

/** The words of a search, folded as the terms are, each once; empty when nothing searchable is left. */
export function searchWords(search: string): string[] {
  const words = new Set<string>();
  for (const raw of foldText(search).split(/\s+/)) {
    const word = raw.replace(WRAPPING, "");
    // A number written with phone punctuation ("555-0199", "+1") is searched by its digits, as phones are kept.
    if (word) words.add(cut(PHONE_WORD.test(word) ? word.replace(/\D+/g, "") : word));
  }
  return [...words].slice(0, MAX_SEARCH_WORDS);
}

/** Rows per INSERT: two parameters each, well within SQLite's and PostgreSQL's limits. */
const INSERT_ROWS = 500;

/**
 * The inserts of a brand-new order's terms, from what the caller just wrote: nothing is stored for
 * it yet, and no other transaction can see it, so nothing needs reading back or locking.
 */
export function newOrderSearchTermsQueries(db: Kysely<Database>, orderId: number, order: SearchedOrder): CompiledQuery[] {
  const added = orderSearchTerms(order).map((term) => ({ order_id: orderId, term }));
  const queries: CompiledQuery[] = [];
  for (let start = 0; start < added.length; start += INSERT_ROWS)
    queries.push(
      db
        .insertInto("order_search_terms")
        .values(added.slice(start, start + INSERT_ROWS))
        .compile(),
    );
  return queries;
}

/**
 * Brings these orders' terms in step with their billing e-mail, billing name and lines, writing only
 * what changed. Called in the transaction of the write that changed them; on PostgreSQL the orders
 * are locked first, so two writers of one order take turns. `lock: false` is for migration 022's
 * fill, which no other writer of terms can race and which must not hold every order while it runs.
 */
export async function writeOrderSearchTerms(db: Kysely<Database>, orderIds: number[], { lock = true } = {}): Promise<void> {
  if (!orderIds.length) return;
  let read = db.selectFrom("orders").select(["id", "billing_email", "billing_address"]).where("id", "in", orderIds);
  if (lock && db.getExecutor().adapter.constructor.name.startsWith("Postgres")) read = read.forUpdate();
  const orders = await read.execute();
  const items = await db.selectFrom("order_items").select(["order_id", "name"]).where("order_id", "in", orderIds).execute();
  const stored = await db.selectFrom("order_search_terms").select(["order_id", "term"]).where("order_id", "in", orderIds).execute();
  const names = new Map<number, string[]>();
  for (const item of items) names.get(item.order_id)?.push(item.name) ?? names.set(item.order_id, [item.name]);
  const wanted = new Map<number, Set<string>>();
  for (const order of orders) {
    const productNames = names.get(order.id) ?? [];
    wanted.set(
      order.id,
      new Set(orderSearchTerms({ billingEmail: order.billing_email, billingAddress: order.billing_address, productNames })),
    );
  }
  const stale = new Map<number, string[]>();
  for (const row of stored) {
    // What is stored and still wanted stays; what is left in `wanted` afterwards is new.
    if (wanted.get(row.order_id)?.delete(row.term)) continue;
    stale.get(row.order_id)?.push(row.term) ?? stale.set(row.order_id, [row.term]);
  }
  for (const [orderId, terms] of stale)
    for (let start = 0; start < terms.length; start += INSERT_ROWS)
      await db
        .deleteFrom("order_search_terms")
        .where("order_id", "=", orderId)
        .where("term", "in", terms.slice(start, start + INSERT_ROWS))
        .execute();
  const added = [...wanted].flatMap(([orderId, terms]) => [...terms].map((term) => ({ order_id: orderId, term })));
  for (let start = 0; start < added.length; start += INSERT_ROWS)
    await db
      .insertInto("order_search_terms")
      .values(added.slice(start, start + INSERT_ROWS))
      .execute();
}
