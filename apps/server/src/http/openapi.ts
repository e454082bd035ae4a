/**
 * The OpenAPI document's own parts (/api/docs): each operation's `operationId`, made by one rule from the method
 * and path unless the route names its own, and the replies documented with `replies`, a key of the route's schema
 * that only the document reads (Fastify's `response` would also serialise the reply, dropping whatever the schema
 * leaves out: decision 0173).
 */

import { type TSchema, type TSchemaOptions, Type } from "typebox";

declare module "fastify" {
  interface FastifySchema {
    /**
     * The replies' schemas by status, for the document only: never compiled, so the reply goes out as the code
     * makes it. `openapi.http.test.ts` holds each one to the real reply.
     */
    replies?: Readonly<Record<number, unknown>>;
  }
}

/** A reply's field that may also be null; `options` (a description) are the field's, beside both. */
export const nullable = <T extends TSchema>(schema: T, options?: TSchemaOptions) => Type.Union([schema, Type.Null()], options);

/** A 204's reply: no body. */
export const NoContent = Type.Null({ description: "No body" });

/**
 * A currency's code and decimals, which owner replies carry beside their amounts so a client shows them as the shop
 * does: the shop's (`ownerCurrency` of the settings module), or an order's own where each row is an order.
 */
export const OwnerCurrencyFields = {
  currency_code: Type.String(),
  currency_minor_unit: Type.Integer({ description: "The decimals amounts are kept in" }),
};

/** The parts of a path that name no resource: the APIs' prefixes. */
const PREFIXES = ["/api/store/v1", "/api/admin/v1", "/api"];

/** What each method does to one resource (a path ending in a parameter) or to a path without one. */
const ITEM_VERBS: Readonly<Record<string, string>> = { GET: "get", PUT: "replace", PATCH: "update", DELETE: "delete", HEAD: "check" };

/** Words ending in s that are not plurals. */
const NOT_PLURAL = /(ss|us|is|ics)$/;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A plural's one (categories → category, classes → class, orders → order); other words as they are. */
export function singular(word: string): string {
  if (NOT_PLURAL.test(word) || !word.endsWith("s")) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const isPlural = (word: string) => singular(word) !== word;

/** A segment's words: `shipping-zones` → shipping, zones; `export.csv` → export, csv. */
const wordsOf = (segment: string) => segment.split(/[-.]/).filter(Boolean);

/** A path segment that is a parameter (`:id`, `{id}`) or a wildcard. */
const isParameter = (segment: string) => segment.startsWith(":") || segment.startsWith("{") || segment.includes("*");

/**
 * The operation's id by rule, camel case: a path ending in a parameter is one resource (`GET /orders/{id}` →
 * getOrder, PUT replace…, PATCH update…, DELETE delete…); a plural collection is listed and created (`GET
 * /orders/{id}/refunds` → listOrderRefunds, POST → createOrderRefund); any other last segment is a singleton to
 * get and replace, or, posted, an action whose first word is the verb (`POST /cart/add-item` → addCartItem,
 * `POST /products/import` → importProducts). Every other resource but the last is named in the singular.
 */
export function operationIdByRule(method: string, url: string): string {
  const prefix = PREFIXES.find((candidate) => url === candidate || url.startsWith(`${candidate}/`)) ?? "";
  const segments = url.slice(prefix.length).split("/").filter(Boolean);
  const nouns: string[][] = [];
  for (const [index, segment] of segments.entries()) {
    if (isParameter(segment)) continue;
    const words = wordsOf(segment);
    // A resource followed by its parameter or a part of its own is one of them: orders/{id} is an order, whose refunds…
    if (index < segments.length - 1) words[words.length - 1] = singular(words[words.length - 1] ?? "");
    nouns.push(words);
  }
  const last = segments[segments.length - 1] ?? "";
  const name = (verb: string, words: string[][]) => verb + words.flat().map(capitalised).join("");
  if (isParameter(last)) return name(ITEM_VERBS[method] ?? method.toLowerCase(), nouns);
  const lastWords = nouns[nouns.length - 1] ?? [];
  const plural = isPlural(lastWords[lastWords.length - 1] ?? "");
  if (method === "GET") return name(plural ? "list" : "get", nouns);
  if (method === "POST" && plural) {
    return name("create", [...nouns.slice(0, -1), [...lastWords.slice(0, -1), singular(lastWords[lastWords.length - 1] ?? "")]]);
  }
  if (method === "POST" && lastWords.length > 0) {
    // An action: its first word is the verb, the rest what it acts on, after the resource it acts on, named as the
    // path names it (products/import imports products).
    const [verb, ...object] = lastWords;
    const before = segments[segments.length - 2] ?? "";
    const acted = isParameter(before) ? nouns.slice(0, -1) : [...nouns.slice(0, -2), wordsOf(before)];
    return name(verb ?? "", [...acted, object]);
  }
  return name(ITEM_VERBS[method] ?? method.toLowerCase(), nouns);
}

interface DocumentedSchema {
  replies?: Readonly<Record<number, unknown>>;
  response?: unknown;
}

/** A route's schema as the document shows it: its `replies` beside any `response` it has. */
export function documentedSchema<Schema extends DocumentedSchema>(schema: Schema): Schema {
  return schema.replies ? { ...schema, response: { ...(schema.response as object | undefined), ...schema.replies } } : schema;
}

type Operations = Record<string, Record<string, { operationId?: string }>>;

/**
 * The document with an operationId on every operation: the route's own, else the rule's. Done on the whole
 * document, not per route, because a route of several methods (GET and HEAD of a download) shares one schema.
 */
export function withOperationIds<Document extends { paths?: unknown }>(document: Document): Document {
  const paths = (document.paths ?? {}) as Operations;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operations[method] = { ...operation, operationId: operation.operationId ?? operationIdByRule(method.toUpperCase(), path) };
    }
  }
  return document;
}
