/**
 * The owner's settings, in the groups the console shows (issue 19, decision 0042): each group read
 * and written whole, in the owner API's snake_case, over the stored camelCase settings. Every
 * value is checked here with its message beside its field; a change that would break the shop is
 * refused with its reason. Writes share writeOwnerSettings: one transaction, a change_log row,
 * the `settings` revision moved, so every process serves the change on its next request.
 */

import { createHash } from "node:crypto";
import { isCountryCode, isValidEmail, statesOf } from "@cartwright/commerce";
import { CHECKOUT_FIELD_ID_PATTERN, fieldRulesProblem } from "@cartwright/commerce/field-rules";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { invalidSettings, refusedSetting, writeOwnerSettings } from "./owner-writes.ts";
import { LOCALE_PATTERN } from "./settings.service.ts";
import type { CheckoutFieldSetting, ShopSettings } from "./settings.types.ts";

type Errors = Record<string, string>;

export interface StoreGroup {
  site_title: string;
  site_locale: string;
  base_location: { country: string; state: string };
  store_address: ShopSettings["storeAddress"];
  add_to_cart_behaviour: ShopSettings["addToCartBehaviour"];
  products_per_page: number;
}
export interface CurrencyGroup {
  code: string;
  symbol: string;
  symbol_position: ShopSettings["currency"]["symbolPosition"];
  decimal_separator: string;
  thousand_separator: string;
  decimals: number;
}
export type PagesGroup = ShopSettings["storePages"];
export interface NoticesGroup {
  store_notice: { enabled: boolean; text: string };
  coming_soon: { enabled: boolean; text: string };
}
export interface CheckoutGroup {
  guest_checkout: boolean;
  account_creation: boolean;
  hold_stock_minutes: number;
  additional_fields: CheckoutFieldSetting[];
}

export interface TaxesGroup {
  taxes_enabled: boolean;
  prices_include_tax: boolean;
  display_cart_prices_including_tax: boolean;
  display_itemized_taxes: boolean;
}

interface Group<T> {
  view: (settings: ShopSettings) => T;
  /** The stored keys for a checked body, or the errors by field. */
  check: (db: Db, body: T, current: ShopSettings) => Promise<Partial<ShopSettings>>;
}

const refuseIf = (errors: Errors) => {
  if (Object.keys(errors).length) throw invalidSettings(errors);
};

const store: Group<StoreGroup> = {
  view: (s) => ({
    site_title: s.siteTitle,
    site_locale: s.siteLocale,
    base_location: { ...s.baseLocation },
    store_address: { ...s.storeAddress },
    add_to_cart_behaviour: s.addToCartBehaviour,
    products_per_page: s.productsPerPage,
  }),
  async check(_db, body) {
    const errors: Errors = {};
    const title = body.site_title.trim();
    if (!title) errors.site_title = "Enter the shop's name.";
    if (!LOCALE_PATTERN.test(body.site_locale)) errors.site_locale = "Enter a language tag such as en, en_US or de-AT.";
    const country = body.base_location.country.trim().toUpperCase();
    const state = body.base_location.state.trim().toUpperCase();
    if (!isCountryCode(country)) errors["base_location.country"] = "Choose a country.";
    else {
      const states = statesOf(country);
      if (states?.length && !states.some((s) => s.code === state)) errors["base_location.state"] = "Choose a state of this country.";
    }
    const address = Object.fromEntries(Object.entries(body.store_address).map(([k, v]) => [k, v.trim()])) as StoreGroup["store_address"];
    if (address.email && !isValidEmail(address.email)) errors["store_address.email"] = "Enter an e-mail address, or leave it empty.";
    refuseIf(errors);
    return {
      siteTitle: title,
      siteLocale: body.site_locale,
      baseLocation: { country, state },
      storeAddress: address,
      addToCartBehaviour: body.add_to_cart_behaviour,
      productsPerPage: body.products_per_page,
    };
  },
};

/** ISO 4217 codes this Node knows (Intl): the prices' formatting and the gateways need a real currency. */
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

const currency: Group<CurrencyGroup> = {
  view: ({ currency: c }) => ({
    code: c.code,
    symbol: c.symbol,
    symbol_position: c.symbolPosition,
    decimal_separator: c.decimalSeparator,
    thousand_separator: c.thousandSeparator,
    decimals: c.minorUnit,
  }),
  async check(db, body, current) {
    const errors: Errors = {};
    const code = body.code.trim().toUpperCase();
    if (!CURRENCIES.has(code)) errors.code = "Enter a currency's three-letter ISO 4217 code, such as USD or EUR.";
    if (!body.symbol.trim()) errors.symbol = "Enter the currency's symbol.";
    if (!body.decimal_separator) errors.decimal_separator = "Enter the decimal separator.";
    else if (/[0-9]/.test(body.decimal_separator)) errors.decimal_separator = "A separator cannot be a digit.";
    if (/[0-9]/.test(body.thousand_separator)) errors.thousand_separator = "A separator cannot be a digit.";
    else if (body.thousand_separator && body.thousand_separator === body.decimal_separator)
      errors.thousand_separator = "The thousand separator must differ from the decimal separator.";
    // Every stored amount is in the currency's minor units: another number of decimals would rescale them all.
    if (body.decimals !== current.currency.minorUnit && (await hasMoney(db)))
      errors.decimals = `The shop's prices and orders are stored in units of ${current.currency.minorUnit} decimals: changing the decimals would change every amount.`;
    refuseIf(errors);
    return {
      currency: {
        code,
        symbol: body.symbol.trim(),
        symbolPosition: body.symbol_position,
        decimalSeparator: body.decimal_separator,
        thousandSeparator: body.thousand_separator,
        minorUnit: body.decimals,
      },
    };
  },
};

async function hasMoney(db: Db): Promise<boolean> {
  const product = await db.selectFrom("products").select("id").limit(1).executeTakeFirst();
  const order = await db.selectFrom("orders").select("id").limit(1).executeTakeFirst();
  return Boolean(product || order);
}

/** The paths the storefront serves each page at (apps/web/app/routes.ts). */
const FIXED_PAGES = { cart: "/cart", checkout: "/checkout", myaccount: "/my-account" } as const;
const POLICY_PAGES = ["/privacy", "/terms"];

const pages: Group<PagesGroup> = {
  view: (s) => ({ ...s.storePages }),
  async check(db, body) {
    const errors: Errors = {};
    const clean = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v.trim()])) as PagesGroup;
    for (const [key, path] of Object.entries(FIXED_PAGES) as [keyof typeof FIXED_PAGES, string][]) {
      if (clean[key] !== path) errors[key] = `The storefront serves this page at ${path} only.`;
    }
    const category = /^\/product-category\/([a-z0-9-]+)$/.exec(clean.shop);
    if (clean.shop !== "/shop") {
      const found =
        category &&
        (await db
          .selectFrom("categories")
          .select("id")
          .where("slug", "=", category[1] as string)
          .executeTakeFirst());
      if (!found) errors.shop = "Enter /shop or the page of a category that exists (/product-category/its-slug).";
    }
    for (const key of ["privacy", "terms"] as const)
      if (!POLICY_PAGES.includes(clean[key])) errors[key] = "Enter /privacy or /terms: the storefront's policy pages.";
    refuseIf(errors);
    return { storePages: clean };
  },
};

/** A notice's id names its text: a changed text gets a new id, so shoppers who closed the old one see it. */
const noticeId = (text: string) => `notice-${createHash("sha256").update(text).digest("hex").slice(0, 10)}`;

const notices: Group<NoticesGroup> = {
  view: (s) => ({
    store_notice: { enabled: s.storeNotice.enabled, text: s.storeNotice.text },
    coming_soon: { enabled: s.comingSoon.enabled, text: s.comingSoon.text },
  }),
  async check(_db, body, current) {
    const errors: Errors = {};
    const notice = body.store_notice.text.trim();
    const soon = body.coming_soon.text.trim();
    if (body.store_notice.enabled && !notice) errors["store_notice.text"] = "Enter the notice's text, or switch the notice off.";
    if (body.coming_soon.enabled && !soon) errors["coming_soon.text"] = "Enter the banner's text, or switch coming soon off.";
    refuseIf(errors);
    const id = notice === current.storeNotice.text ? current.storeNotice.id : notice ? noticeId(notice) : "";
    return {
      storeNotice: { id, text: notice, enabled: body.store_notice.enabled },
      comingSoon: { enabled: body.coming_soon.enabled, text: soon },
    };
  },
};

const LOCATIONS = ["contact", "order", "address"];

/** One additional field as the checkout reads it (checkout/fields.ts), its problems under its index. */
function checkField(field: CheckoutFieldSetting, at: string, errors: Errors): CheckoutFieldSetting {
  const id = field.id.trim();
  if (!CHECKOUT_FIELD_ID_PATTERN.test(id))
    errors[`${at}.id`] = "An id looks like namespace/field-name: lower-case letters, digits and dashes.";
  const label = field.label.trim();
  if (!label) errors[`${at}.label`] = "Enter a label.";
  if (!LOCATIONS.includes(field.location)) errors[`${at}.location`] = "Choose contact, order or address.";
  const options = field.options?.map((o) => ({ value: o.value.trim(), label: o.label.trim() }));
  if (field.type === "select") {
    if (!options?.length) errors[`${at}.options`] = "A select field needs options.";
    else if (options.some((o) => !o.value || !o.label)) errors[`${at}.options`] = "Each option needs a value and a label.";
    else if (new Set(options.map((o) => o.value)).size !== options.length) errors[`${at}.options`] = "Each option's value must differ.";
  }
  const problem = fieldRulesProblem(field.rules);
  if (problem) errors[`${at}.rules`] = `These rules cannot be used: ${problem}.`;
  const errorMessage = field.errorMessage?.trim();
  return {
    id,
    label,
    location: field.location,
    type: field.type,
    required: field.required,
    ...(field.type === "select" && options ? { options } : {}),
    ...(errorMessage ? { errorMessage } : {}),
    ...(field.rules === undefined ? {} : { rules: field.rules }),
  };
}

const checkout: Group<CheckoutGroup> = {
  view: (s) => ({
    guest_checkout: s.checkoutAllowsGuest,
    account_creation: s.checkoutCanCreateAccount,
    hold_stock_minutes: s.holdStockMinutes,
    additional_fields: structuredClone(s.checkoutFields) as CheckoutFieldSetting[],
  }),
  async check(_db, body) {
    const errors: Errors = {};
    const fields = body.additional_fields.map((field, i) => checkField(field, `additional_fields.${i}`, errors));
    const seen = new Set<string>();
    fields.forEach((field, i) => {
      if (seen.has(field.id)) errors[`additional_fields.${i}.id`] = "Another field has this id.";
      seen.add(field.id);
    });
    refuseIf(errors);
    // A shopper without an account could then neither check out as a guest nor make one there: nobody new could buy.
    if (!body.guest_checkout && !body.account_creation)
      throw refusedSetting(
        "guest_checkout",
        "Guest checkout can only be switched off while shoppers can create an account at the checkout: nobody new could order.",
      );
    return {
      checkoutAllowsGuest: body.guest_checkout,
      checkoutCanCreateAccount: body.account_creation,
      holdStockMinutes: body.hold_stock_minutes,
      checkoutFields: fields,
    };
  },
};

const taxes: Group<TaxesGroup> = {
  view: (s) => ({
    taxes_enabled: s.taxesEnabled,
    prices_include_tax: s.pricesIncludeTax,
    display_cart_prices_including_tax: s.displayCartPricesIncludingTax,
    display_itemized_taxes: s.displayItemizedTaxes,
  }),
  // Four switches: every combination is one the pricing engine handles.
  async check(_db, body) {
    return {
      taxesEnabled: body.taxes_enabled,
      pricesIncludeTax: body.prices_include_tax,
      displayCartPricesIncludingTax: body.display_cart_prices_including_tax,
      displayItemizedTaxes: body.display_itemized_taxes,
    };
  },
};

export const SETTINGS_GROUPS = { store, currency, taxes, pages, notices, checkout } as const;
export type SettingsGroupName = keyof typeof SETTINGS_GROUPS;
type GroupBody<N extends SettingsGroupName> = Parameters<(typeof SETTINGS_GROUPS)[N]["check"]>[1];

export const settingsErrors = {
  notFound: () => new StoreError("cw_rest_settings_group_not_found", "No such group of settings.", 404),
};

export async function readSettingsGroup<N extends SettingsGroupName>(ctx: RequestContext, name: N) {
  return SETTINGS_GROUPS[name].view(await ctx.shopSettings());
}

export async function saveSettingsGroup<N extends SettingsGroupName>(ctx: RequestContext, name: N, body: GroupBody<N>) {
  const group = SETTINGS_GROUPS[name] as unknown as Group<GroupBody<N>>;
  return writeOwnerSettings(ctx, {
    entity: "settings",
    entityId: name,
    view: group.view,
    change: (current, db) => group.check(db, body, current),
  });
}
