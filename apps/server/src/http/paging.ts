/**
 * One paging for every paged listing, the Store API's and the owner API's (decisions 0005, 0171): `page` and
 * `per_page` bounded alike (a bad one is 400 `rest_invalid_param`), the totals in `X-WP-Total` and
 * `X-WP-TotalPages` (and decision 0005's `X-Total`, `X-Total-Pages`), a `Link` header to the first, previous,
 * next and last pages, and on the owner API the same four fields in the body beside the list.
 */
import type { OwnerPaging } from "@cartwright/commerce/admin";
import type { FastifyReply } from "fastify";
import { type TSchema, Type } from "typebox";

/** The highest page a listing answers (page × per_page past it would be an offset no one pages to). */
export const MAX_PAGE = 100_000;
/** The most items one page holds. */
export const MAX_PER_PAGE = 100;

/** A listing's `page` and `per_page` query fields, with its own default page size. */
export const pagingQuery = (perPageDefault: number) => ({
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: "The page, from 1" }),
  per_page: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: perPageDefault, description: "Items a page" }),
});

/** The paging of one page of a listing, `total` counted by the caller (the list's own count: paging adds none). */
export const pagingOf = (total: number, page: number, perPage: number): OwnerPaging => ({
  total,
  page,
  per_page: perPage,
  pages: Math.ceil(total / perPage),
});

/** The schemas of the body's paging fields, for an owner list's reply. */
export const PagingFields = {
  total: Type.Integer({ minimum: 0, description: "Items the query matches (also X-WP-Total)" }),
  page: Type.Integer({ minimum: 1, description: "This page" }),
  per_page: Type.Integer({ minimum: 1, description: "Items a page" }),
  pages: Type.Integer({ minimum: 0, description: "Pages in all, 0 when nothing matches (also X-WP-TotalPages)" }),
};

const PAGING_HEADERS = {
  "X-WP-Total": Type.Integer({ description: "Items the query matches, on every page" }),
  "X-WP-TotalPages": Type.Integer({ description: "Pages in all (0 when nothing matches)" }),
  "X-Total": Type.Integer({ description: "X-WP-Total under decision 0005's name" }),
  "X-Total-Pages": Type.Integer({ description: "X-WP-TotalPages under decision 0005's name" }),
  Link: Type.String({
    description: 'RFC 8288 links to the pages: rel="first", "prev", "next" and "last", each present when there is such a page',
  }),
};

/** A paged reply's schema with its paging headers, which the OpenAPI document shows under the response. */
export const withPagingHeaders = <T extends TSchema>(reply: T): T => ({ ...reply, headers: PAGING_HEADERS });

/**
 * The reply schema of an owner list whose rows have no schema of their own: the paging fields documented and
 * required (a list that forgets one fails to serialize), its other fields sent as they are.
 */
export const pagedListReply = (list: string, description: string) =>
  withPagingHeaders(
    Type.Object({ [list]: Type.Array(Type.Unknown(), { description }), ...PagingFields }, { additionalProperties: true }),
  );

/**
 * A paged listing's headers: the totals under WooCommerce's names (`X-WP-Total`, `X-WP-TotalPages`, which
 * clients written for it read) and decision 0005's, and the Link header; none when `withLink` is false
 * (a listing asked for whole).
 */
export function sendPaging(reply: FastifyReply, url: string, at: { page: number; total: number; totalPages: number }, withLink = true): void {
  reply.header("X-Total", String(at.total));
  reply.header("X-Total-Pages", String(at.totalPages));
  reply.header("X-WP-Total", String(at.total));
  reply.header("X-WP-TotalPages", String(at.totalPages));
  const link = withLink ? pageLinks(url, at.page, at.totalPages) : "";
  if (link) reply.header("Link", link);
}

/** An owner list's reply: its paging headers sent from the body's paging fields, the body as it is. */
export function pagedReply<T extends OwnerPaging>(reply: FastifyReply, url: string, body: T): T {
  sendPaging(reply, url, { page: body.page, total: body.total, totalPages: body.pages });
  return body;
}

/** The Link header (RFC 8288) of a paged listing: first and last when there is a page, prev and next around this one. */
export function pageLinks(url: string, page: number, totalPages: number): string {
  if (totalPages < 1) return "";
  const base = new URL(url, "http://localhost");
  const at = (n: number) => {
    base.searchParams.set("page", String(n));
    return `<${base.pathname}${base.search}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  // Past the last page there is no previous one to show: the way back is rel="last".
  if (page > 1 && page <= totalPages) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < totalPages) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(totalPages)}; rel="last"`);
  return links.join(", ");
}
