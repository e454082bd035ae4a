/**
 * One paging for every paged listing, the Store API's and the owner API's (decisions 0005, 0171): `page` and
 * `per_page` bounded alike (a bad one is 400 `rest_invalid_param`), the totals in `X-WP-Total` and
 * `X-WP-TotalPages` (and decision 0005's `X-Total`, `X-Total-Pages`) and a `Link` header. The Store API's Link is
 * WooCommerce's, prev and next; the owner API's adds first and last, and its lists carry the same four fields in
 * the body beside the list (`total`, `page`, `per_page`, `pages`).
 */
import type { OwnerPaging } from "@cartwright/commerce/admin";
import type { FastifyReply } from "fastify";
import { type TProperties, type TSchema, Type } from "typebox";

/** The highest page a listing answers (page × per_page past it would be an offset no one pages to). */
export const MAX_PAGE = 100_000;
/** The most items one page holds. */
export const MAX_PER_PAGE = 100;

/** A listing's `page` and `per_page` query fields, with its own default page size. */
export const pagingQuery = (perPageDefault: number) => ({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: "The page, from 1" }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: perPageDefault, description: "Items a page" }),
});

/** The paging of one page of an owner list, `total` counted by the caller (the list's own count: paging adds none). */
export const pagingOf = (total: number, page: number, perPage: number): OwnerPaging => ({
  total,
  page,
  per_page: perPage,
  pages: Math.ceil(total / perPage),
});

/** The schemas of an owner list's paging fields in its body. */
export const PagingFields = {
  total: Type.Integer({ minimum: 0, description: "Items the query matches (also X-WP-Total)" }),
  page: Type.Integer({ minimum: 1, description: "This page" }),
  per_page: Type.Integer({ minimum: 1, description: "Items a page" }),
  pages: Type.Integer({ minimum: 0, description: "Pages in all, 0 when nothing matches (also X-WP-TotalPages)" }),
};

const pagingHeaders = (links: string) => ({
  "X-WP-Total": Type.Integer({ description: "Items the query matches, on every page" }),
  "X-WP-TotalPages": Type.Integer({ description: "Pages in all (0 when nothing matches)" }),
  "X-Total": Type.Integer({ description: "X-WP-Total under decision 0005's name" }),
  "X-Total-Pages": Type.Integer({ description: "X-WP-TotalPages under decision 0005's name" }),
  Link: Type.String({ description: `RFC 8288 links to the pages: ${links}, each present when there is such a page` }),
});
const STORE_HEADERS = pagingHeaders('rel="prev" and "next"');
const OWNER_HEADERS = pagingHeaders('rel="first", "prev", "next" and "last"');

/** A Store API listing's reply schema with its paging headers, which the OpenAPI document shows under the response. */
export const withPagingHeaders = <T extends TSchema>(reply: T): T => ({ ...reply, headers: STORE_HEADERS });

/**
 * An owner list's reply schema, for the document (`replies`): its own fields, the paging fields beside them and the
 * paging headers.
 */
export const pagedListReply = <T extends TProperties>(properties: T) => ({
  ...Type.Object({ ...properties, ...PagingFields }),
  headers: OWNER_HEADERS,
});

/** Counts by tab (status) that a list shows beside its rows. */
export const TabCounts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: "Items in each tab, whatever the page" });

/**
 * A Store API listing's headers: the totals under WooCommerce's names (`X-WP-Total`, `X-WP-TotalPages`, which
 * clients written for it read) and decision 0005's, and Link's prev and next as WooCommerce sends them; no Link
 * when `withLink` is false (a listing asked for whole).
 */
export function sendPaging(
  reply: FastifyReply,
  url: string,
  at: { page: number; total: number; totalPages: number },
  withLink = true,
): void {
  sendTotals(reply, at.total, at.totalPages);
  const link = withLink ? pageLinks(url, at.page, at.totalPages, false) : "";
  if (link) reply.header("Link", link);
}

/** An owner list's reply: the Store API's paging headers from the body's paging fields, Link with first and last too. */
export function pagedReply<T extends OwnerPaging>(reply: FastifyReply, url: string, body: T): T {
  sendTotals(reply, body.total, body.pages);
  const link = pageLinks(url, body.page, body.pages, true);
  if (link) reply.header("Link", link);
  return body;
}

function sendTotals(reply: FastifyReply, total: number, totalPages: number): void {
  reply.header("X-Total", String(total));
  reply.header("X-Total-Pages", String(totalPages));
  reply.header("X-WP-Total", String(total));
  reply.header("X-WP-TotalPages", String(totalPages));
}

/** The Link header (RFC 8288) of a paged listing: prev and next around this page, and with `ends` the first and last. */
export function pageLinks(url: string, page: number, totalPages: number, ends: boolean): string {
  const base = new URL(url, "http://localhost");
  const at = (n: number) => {
    base.searchParams.set("page", String(n));
    return `<${base.pathname}${base.search}>`;
  };
  const links: string[] = [];
  if (ends && totalPages > 0) links.push(`${at(1)}; rel="first"`);
  // Past the last page no previous page is linked (as the Store API always did): the owner API's way back is rel="last".
  if (page > 1 && page <= totalPages) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${at(page + 1)}; rel="next"`);
  if (ends && totalPages > 0) links.push(`${at(totalPages)}; rel="last"`);
  return links.join(", ");
}
