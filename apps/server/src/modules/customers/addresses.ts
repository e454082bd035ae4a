/**
 * A signed-in customer's saved billing or shipping address, edited from the account pages: the
 * address sent is checked by the checkout's rules (@cartwright/commerce `validateAddress`, the
 * shop's selling and shipping countries) before it replaces the saved one.
 */
import {
  ADDRESS_FIELD_KEYS,
  ADDRESS_FIELD_MAX_LENGTH,
  type AddressFieldKey,
  normaliseAddress,
  validateAddress,
  withoutHiddenValues,
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
const TOO_LONG = `This field may hold at most ${ADDRESS_FIELD_MAX_LENGTH} characters.`;

/** The shop settings the address rules read (its selling and shipping countries, its locale). */
type AddressSettings = Awaited<ReturnType<RequestContext["shopSettings"]>>;

/**
 * The account pages' rules for a saved address, pure: the standard fields only (the e-mail for
 * billing only), the values of fields the country hides dropped, then the checkout's checks (every required
 * field asked for, unless `requireFields` is false: the owner's partial address). Answers
 * the address to keep and each refused field's message (none when it may be saved).
 */
export function checkSavedAddress(
  settings: AddressSettings,
  kind: SavedAddressKind,
  sent: SentAddress,
  { requireFields = true }: { requireFields?: boolean } = {},
): { address: SentAddress; errors: AddressFieldErrors } {
  const keys = ADDRESS_FIELD_KEYS.filter((key) => kind === "billing" || key !== "email");
  const picked = Object.fromEntries(keys.map((key) => [key, typeof sent[key] === "string" ? sent[key] : ""])) as SentAddress;
  // Text no database can store is that field's error, before any rule reads it (decision 0018).
  const unstorable = findUnstorableText(picked)?.[0] as AddressFieldKey | undefined;
  if (unstorable) return { address: {}, errors: { [unstorable]: UNSTORABLE } };
  // The checkout's own limit (cart.schemas.ts): a longer saved value would have every address push refused there.
  const tooLong = keys.filter((key) => (picked[key]?.length ?? 0) > ADDRESS_FIELD_MAX_LENGTH);
  if (tooLong.length) return { address: {}, errors: Object.fromEntries(tooLong.map((key) => [key, TOO_LONG])) };
  const address = normaliseAddress(picked);
  const cleared = withoutHiddenValues(address);
  const errors = validateAddress(cleared, {
    kind,
    requireFields,
    allowedCountries: settings.sellToCountries.length ? settings.sellToCountries : undefined,
    shipToCountries: settings.shipToCountries.length ? settings.shipToCountries : undefined,
    locale: shopLocale(settings),
  });
  const messages = Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.message ?? ""])) as AddressFieldErrors;
  return { address: cleared, errors: messages };
}

/** The saved address JSON with `next` in place of its standard fields; the shop's own fields (namespaced keys) stay. */
export function replacedAddress(savedJson: string, next: SentAddress): string {
  const kept = Object.fromEntries(Object.entries(parseAddress(savedJson)).filter(([key]) => key.includes("/")));
  return JSON.stringify({ ...next, ...kept });
}

/**
 * Checks the address and, when it is valid, saves it on the signed-in customer in place of the
 * old one; answers each field's message, empty when saved.
 */
export async function saveOwnAddress(ctx: RequestContext, kind: SavedAddressKind, sent: SentAddress): Promise<AddressFieldErrors> {
  const uid = ctx.session.uid;
  if (!uid) throw customerErrors.notSignedIn();
  const { address, errors } = checkSavedAddress(await ctx.shopSettings(), kind, sent);
  if (Object.keys(errors).length) return errors;
  await ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    const row = await repo.findById(db, uid);
    if (!row) throw customerErrors.notSignedIn();
    const json = replacedAddress(kind === "billing" ? row.billing_address : row.shipping_address, address);
    await repo.updateAddress(db, uid, kind, json, (ctx.now ?? new Date()).toISOString());
  });
  return {};
}
