/**
 * A signed-in customer's saved billing or shipping address, edited from the account pages: the
 * address sent is checked by the checkout's rules (@cartwright/commerce `validateAddress`, the
 * shop's selling and shipping countries) before it replaces the saved one.
 */
import {
  ADDRESS_FIELD_KEYS,
  type AddressFieldKey,
  clearHiddenFields,
  fieldsForCountry,
  normaliseAddress,
  validateAddress,
} from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { findUnstorableText } from "../../http/input.ts";
import { shopLocale } from "../settings/index.ts";
import * as repo from "./customers.repo.ts";
import { customerErrors, parseAddress } from "./customers.service.ts";

export type SavedAddressKind = "billing" | "shipping";
export type SentAddress = Partial<Record<AddressFieldKey, string>>;
export type AddressFieldErrors = Partial<Record<AddressFieldKey, string>>;

const UNSTORABLE = "This field holds characters that are not allowed.";

/**
 * Checks the address and, when it is valid, saves it on the signed-in customer in place of the
 * old one; answers each field's message, empty when saved. Only the standard fields are taken (the
 * e-mail for billing only); the values of fields the country hides are dropped; the shop's own
 * address fields the checkout kept on the saved address (namespaced keys) stay.
 */
export async function saveOwnAddress(ctx: RequestContext, kind: SavedAddressKind, sent: SentAddress): Promise<AddressFieldErrors> {
  const uid = ctx.session.uid;
  if (!uid) throw customerErrors.notSignedIn();
  const keys = ADDRESS_FIELD_KEYS.filter((key) => kind === "billing" || key !== "email");
  const picked = Object.fromEntries(keys.map((key) => [key, typeof sent[key] === "string" ? sent[key] : ""])) as SentAddress;
  // Text no database can store is that field's error, before any rule reads it (decision 0018).
  const unstorable = findUnstorableText(picked)?.[0] as AddressFieldKey | undefined;
  if (unstorable) return { [unstorable]: UNSTORABLE };
  const address = normaliseAddress(picked);
  const cleared = clearHiddenFields(address, fieldsForCountry(address.country ?? ""));
  const settings = await ctx.shopSettings();
  const errors = validateAddress(cleared, {
    kind,
    requireFields: true,
    allowedCountries: settings.sellToCountries.length ? settings.sellToCountries : undefined,
    shipToCountries: settings.shipToCountries.length ? settings.shipToCountries : undefined,
    locale: shopLocale(settings),
  });
  const messages = Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.message ?? ""])) as AddressFieldErrors;
  if (Object.keys(messages).length) return messages;
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const row = await repo.findById(db, uid);
    if (!row) throw customerErrors.notSignedIn();
    const before = parseAddress(kind === "billing" ? row.billing_address : row.shipping_address);
    const kept = Object.fromEntries(Object.entries(before).filter(([key]) => key.includes("/")));
    await repo.updateAddress(db, uid, kind, JSON.stringify({ ...cleared, ...kept }), (ctx.now ?? new Date()).toISOString());
  });
  return {};
}
