/**
 * Orders for printing (issue 18; decision 0033): the invoice and packing slip pages of the console
 * read each order whole (as the order page does) and the shop's name, address and e-mail.
 */
import { addressLines, addressNames } from "@cartwright/commerce";
import { isStoredId } from "../../db/ids.ts";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { ownerAccountEmail } from "../contact-widget/index.ts";
import { readOrder } from "./orders.admin.ts";

/** The most orders one print asks for: a selection of the list's page, or two pages of it. */
export const DOCUMENTS_LIMIT = 50;

/** Orders read at once: each is a handful of queries, and a pool (PostgreSQL) serves others meanwhile. */
const READ_AT_ONCE = 5;

const invalidIds = (message: string) =>
  new StoreError("rest_invalid_param", "Invalid parameter(s): ids", 400, {
    params: { ids: message },
    details: { ids: paramDetail("rest_invalid_param", message) },
  });

/** "3,1,3" as [3, 1]: in the order asked, each once. */
export function parseOrderIds(text: string): number[] {
  const ids = [...new Set(text.split(",").map((part) => Number(part.trim())))];
  if (!ids.every(isStoredId)) throw invalidIds("ids must be order numbers separated by commas.");
  if (ids.length > DOCUMENTS_LIMIT) throw invalidIds(`ids names at most ${DOCUMENTS_LIMIT} orders.`);
  return ids;
}

/** The shop as its documents head it: the store address's lines (country and state from the base location). */
async function shopHeading(ctx: RequestContext) {
  const settings = await ctx.shopSettings();
  const { address_1, address_2, city, postcode, email } = settings.storeAddress;
  const place = { address_1, address_2, city, postcode, state: settings.baseLocation.state, country: settings.baseLocation.country };
  return {
    name: settings.siteTitle,
    address: addressLines(place, addressNames(place)),
    // A shop that set no e-mail of its own answers at its owner's.
    email: email.trim() || ((await ownerAccountEmail(ctx.db)) ?? ""),
  };
}

/** The orders named, whole and in the order asked; unknown ids answer 404 naming every one of them. */
export async function orderDocuments(ctx: RequestContext, ids: readonly number[]) {
  const found = new Set((await ctx.db.selectFrom("orders").select("id").where("id", "in", ids).execute()).map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new StoreError("cw_rest_order_not_found", `No order has the number${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`, 404, {
      ids: missing,
    });
  const orders: Awaited<ReturnType<typeof readOrder>>[] = [];
  for (let start = 0; start < ids.length; start += READ_AT_ONCE)
    orders.push(...(await Promise.all(ids.slice(start, start + READ_AT_ONCE).map((id) => readOrder(ctx, id)))));
  return { shop: await shopHeading(ctx), orders };
}
