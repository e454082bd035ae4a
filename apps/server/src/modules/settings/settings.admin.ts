/**
 * The owner's settings, in the groups the console shows (issue 19, decision 0042): each group read
 * and written whole, in the owner API's snake_case, over the stored camelCase settings. Every
 * value is checked here with its message beside its field; a change that would break the shop is
 * refused with its reason. Writes share writeOwnerSettings: one transaction, a change_log row,
 * the `settings` revision moved, so every process serves the change on its next request.
 */

import { createHash } from "node:crypto";
import {
  allCountries,
  type CartGroup,
  type CheckoutGroup,
  type ConsentGroup,
  type CountriesGroup,
  type CurrencyGroup,
  type EmailsGroup,
  type InventoryGroup,
  isCountryCode,
  isValidEmail,
  type NoticesGroup,
  type PagesGroup,
  type ReviewsGroup,
  type SettingsGroupName,
  type SettingsGroups,
  type StoreGroup,
  SWITCHABLE_EMAILS,
  statesOf,
  type TaxesGroup,
} from "@cartwright/commerce";
import { CHECKOUT_FIELD_ID_PATTERN, fieldRulesProblem } from "@cartwright/commerce/field-rules";
import type { Db } from "../../db/index.ts";
import { restateStockStatuses } from "../../db/stock-status.ts";
import type { RequestContext } from "../../http/context.ts";
import { editVersion, sortedKeys, staleEdit } from "../../http/edit-version.ts";
import { StoreError } from "../../http/errors.ts";
import { invalidSettings, refusedSetting, writeOwnerSettings } from "./owner-writes.ts";
import { LOCALE_PATTERN } from "./settings.service.ts";
import type { CheckoutFieldSetting, CountryChoice, ShopSettings } from "./settings.types.ts";

type Errors = Record<string, string>;

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
    time_zone: s.timeZone,
  }),
  async check(_db, body, current) {
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
    if (address.email && !isValidEmail(address.email)) errors["store_address.email"] = "Enter an email address, or leave it empty.";
    // Written before the zone existed, a body without it keeps the shop's.
    const timeZone = body.time_zone === undefined ? current.timeZone : body.time_zone.trim();
    if (!isTimeZone(timeZone)) errors.time_zone = "Choose a time zone from the list, such as Europe/Paris or America/Los_Angeles, or UTC.";
    refuseIf(errors);
    return {
      siteTitle: title,
      siteLocale: body.site_locale,
      baseLocation: { country, state },
      storeAddress: address,
      addToCartBehaviour: body.add_to_cart_behaviour,
      productsPerPage: body.products_per_page,
      timeZone,
    };
  },
};

/** An IANA name as the database spells it: Area/Location, each part capitalised ("America/Argentina/Buenos_Aires", "Etc/GMT+5"). */
const IANA_NAME = /^[A-Z][A-Za-z_]*(?:\/[A-Z0-9][A-Za-z0-9_+-]*)+$/;

/**
 * UTC, or an IANA zone this Node knows: one of Intl's zones, or a name Intl resolves to one of them.
 * Intl lists ICU's older spellings ("Asia/Calcutta", "Europe/Kiev") and resolves today's ("Asia/Kolkata",
 * "Europe/Kyiv") to them, so both are taken; an offset ("+05:00") or a lower-cased name is not a zone's name.
 * The list is read on the first check, not at start (decision 0066).
 */
let timeZones: Set<string> | undefined;
export function isTimeZone(zone: string): boolean {
  if (zone === "UTC") return true;
  if (!IANA_NAME.test(zone)) return false;
  timeZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (timeZones.has(zone)) return true;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    return resolved === "UTC" || resolved.startsWith("Etc/") || timeZones.has(resolved);
  } catch {
    return false;
  }
}

/**
 * ISO 4217 codes this Node knows (Intl): the prices' formatting and the gateways need a real currency.
 * Read on the first check, not at start: ICU's data costs the process several MB once touched (decision 0066).
 */
let currencies: Set<string> | undefined;
function isKnownCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(code);
}

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
    if (!isKnownCurrency(code)) errors.code = "Enter a currency's three-letter ISO 4217 code, such as USD or EUR.";
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
    display_shop_prices_including_tax: s.displayShopPricesIncludingTax,
    price_display_suffix: s.priceDisplaySuffix,
  }),
  // Every combination of the switches is one the pricing engine handles; the suffix is the one text.
  async check(_db, body) {
    const errors: Errors = {};
    const suffix = body.price_display_suffix.replace(/\s+/g, " ").trim();
    if (/[{}]/.test(suffix))
      errors.price_display_suffix = "Write the suffix as plain text, such as incl. VAT: placeholders in braces are not supported.";
    else if (/[<>]/.test(suffix)) errors.price_display_suffix = "Write the suffix as plain text, without < or >.";
    refuseIf(errors);
    return {
      taxesEnabled: body.taxes_enabled,
      pricesIncludeTax: body.prices_include_tax,
      displayCartPricesIncludingTax: body.display_cart_prices_including_tax,
      displayItemizedTaxes: body.display_itemized_taxes,
      displayShopPricesIncludingTax: body.display_shop_prices_including_tax,
      priceDisplaySuffix: suffix,
    };
  },
};

/** An address the shop sends as or to: a plain address, as the mail composer takes it. */
const checkAddress = (value: string, field: string, errors: Errors, what: string) => {
  const address = value.trim();
  if (address && !isValidEmail(address)) errors[field] = `Enter ${what} as an email address, or leave it empty.`;
  return address;
};

const emails: Group<EmailsGroup> = {
  view: ({ emails: e }) => ({
    sender_name: e.senderName,
    sender_address: e.senderAddress,
    owner_recipient: e.ownerRecipient,
    sent: Object.fromEntries(SWITCHABLE_EMAILS.map((name) => [name, !e.off.includes(name)])) as EmailsGroup["sent"],
  }),
  async check(_db, body) {
    const errors: Errors = {};
    // A line break in a header would let a name add headers of its own.
    const name = body.sender_name.replace(/\s+/g, " ").trim();
    if (/[<>"@]/.test(name)) errors.sender_name = 'Enter a name without <, >, " or @: the address goes in its own field.';
    const senderAddress = checkAddress(body.sender_address, "sender_address", errors, "the sender");
    const ownerRecipient = checkAddress(body.owner_recipient, "owner_recipient", errors, "the owner's notices' recipient");
    refuseIf(errors);
    return {
      emails: {
        senderName: name,
        senderAddress,
        ownerRecipient,
        // An e-mail the body leaves out keeps being sent: a new e-mail starts switched on.
        off: SWITCHABLE_EMAILS.filter((email) => body.sent[email] === false),
      },
    };
  },
};

/** A cookie domain: host names' labels, dots between, as example.com or shop.example.co.uk (no scheme, port or path). */
const COOKIE_DOMAIN = /^\.?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** Hidden inputs' names begin with it, and the checkout reads them back by it. */
const FIELD_PREFIX = /^[a-z][a-z0-9_]{0,39}$/;

const consent: Group<ConsentGroup> = {
  view: ({ orderAttribution: a }) => ({
    attribution_enabled: a.enabled,
    tracking_consent: a.consent,
    lifetime_months: a.lifetimeMonths,
    cookie_domain: a.cookieDomain,
    field_prefix: a.fieldPrefix,
    promo_code: a.promoCode,
  }),
  async check(_db, body) {
    const errors: Errors = {};
    const domain = body.cookie_domain.trim().toLowerCase();
    if (domain && !COOKIE_DOMAIN.test(domain))
      errors.cookie_domain = "Enter a domain such as example.com (no https://, port or path), or leave it empty for the page's own host.";
    const prefix = body.field_prefix.trim();
    if (!FIELD_PREFIX.test(prefix))
      errors.field_prefix = "Start with a letter; use lower-case letters, digits and underscores, at most 40.";
    refuseIf(errors);
    return {
      orderAttribution: {
        enabled: body.attribution_enabled,
        consent: body.tracking_consent,
        lifetimeMonths: body.lifetime_months,
        cookieDomain: domain,
        fieldPrefix: prefix,
        promoCode: body.promo_code,
      },
    };
  },
};

const COUNTRY_CODES = () => allCountries().map((country) => country.code);

/** The countries a choice lets in, as the checkout reads them: empty for all. */
function resolveCountries(choice: CountryChoice): string[] {
  if (choice.mode === "all") return [];
  if (choice.mode === "specific") return [...choice.countries];
  const except = new Set(choice.countries);
  return COUNTRY_CODES().filter((code) => !except.has(code));
}

/** A choice's codes cleaned (upper-case, once each, in the list's order), each unknown one beside its place. */
function checkChoice(choice: { mode: string; countries: string[] }, at: string, errors: Errors): string[] {
  const codes = [...new Set(choice.countries.map((code) => code.trim().toUpperCase()))];
  codes.forEach((code, i) => {
    if (!isCountryCode(code)) errors[`${at}.countries.${i}`] = `"${code}" is not a country code.`;
  });
  if (choice.mode === "specific" && !codes.length) errors[`${at}.countries`] = "Choose at least one country.";
  return codes;
}

const countries: Group<CountriesGroup> = {
  view: (s) => {
    // Lists written without a choice (older shops, scripts) read as the specific countries they are.
    const sellTo =
      s.sellTo.mode === "all" && s.sellToCountries.length ? { mode: "specific" as const, countries: s.sellToCountries } : s.sellTo;
    const shipsAsSold = JSON.stringify(s.shipToCountries) === JSON.stringify(s.sellToCountries);
    const shipTo = s.shipTo.mode === "sell_to" && !shipsAsSold ? { mode: "specific" as const, countries: s.shipToCountries } : s.shipTo;
    return {
      sell_to: { mode: sellTo.mode, countries: [...sellTo.countries] },
      ship_to: { mode: shipTo.mode, countries: shipTo.mode === "sell_to" || shipTo.mode === "all" ? [] : [...shipTo.countries] },
      shipping_enabled: s.shippingEnabled,
    };
  },
  async check(_db, body) {
    const errors: Errors = {};
    const sellCodes = checkChoice(body.sell_to, "sell_to", errors);
    const shipCodes = checkChoice(body.ship_to, "ship_to", errors);
    // "All" and "where it sells" need no list: none is kept, so the form shows none.
    const sellTo: CountryChoice = { mode: body.sell_to.mode, countries: body.sell_to.mode === "all" ? [] : sellCodes };
    refuseIf(errors);
    // "All except" every country would leave the checkout no billing country: nobody could order.
    const sellToCountries = resolveCountries(sellTo);
    if (sellTo.mode === "all_except" && !sellToCountries.length)
      throw refusedSetting(
        "sell_to.countries",
        "The shop would sell to no country: nobody could order. Leave at least one country out of the list.",
      );
    const shipTo =
      body.ship_to.mode === "sell_to" ? { mode: "sell_to" as const, countries: [] } : { mode: body.ship_to.mode, countries: shipCodes };
    const shipToCountries = shipTo.mode === "sell_to" ? sellToCountries : resolveCountries(shipTo);
    if (body.shipping_enabled && shipTo.mode === "all_except" && !shipToCountries.length)
      throw refusedSetting(
        "ship_to.countries",
        "The shop would ship to no country: no order needing delivery could be placed. Switch shipping off instead.",
      );
    return {
      sellTo,
      sellToCountries,
      shipTo: { mode: shipTo.mode, countries: shipTo.mode === "all" ? [] : shipTo.countries },
      shipToCountries,
      shippingEnabled: body.shipping_enabled,
    };
  },
};

const inventory: Group<InventoryGroup> = {
  view: (s) => ({
    low_stock_amount: s.lowStockAmount,
    out_of_stock_amount: s.outOfStockAmount,
    hide_out_of_stock: s.hideOutOfStock,
    low_stock_notices: s.stockNotices.lowStock,
    out_of_stock_notices: s.stockNotices.outOfStock,
    backorder_notices: s.stockNotices.backorder,
    stock_notice_recipient: s.stockNotices.recipient,
    stock_format: s.stockFormat,
  }),
  async check(db, body, current) {
    const errors: Errors = {};
    if (body.low_stock_amount <= body.out_of_stock_amount)
      errors.low_stock_amount = `Enter more than the out-of-stock amount (${body.out_of_stock_amount}): low stock would never show.`;
    // Written before the notices existed, a body without them keeps the shop's.
    const notices = current.stockNotices;
    const recipient =
      body.stock_notice_recipient === undefined
        ? notices.recipient
        : checkAddress(body.stock_notice_recipient, "stock_notice_recipient", errors, "the stock notices' recipient");
    refuseIf(errors);
    // Listings filter on the stored status: a new amount re-derives it for every product that tracks its stock.
    if (body.out_of_stock_amount !== current.outOfStockAmount) await restateStockStatuses(db, body.out_of_stock_amount);
    return {
      lowStockAmount: body.low_stock_amount,
      outOfStockAmount: body.out_of_stock_amount,
      hideOutOfStock: body.hide_out_of_stock,
      // Written before the format existed, a body without it keeps the shop's.
      stockFormat: body.stock_format ?? current.stockFormat,
      stockNotices: {
        lowStock: body.low_stock_notices ?? notices.lowStock,
        outOfStock: body.out_of_stock_notices ?? notices.outOfStock,
        backorder: body.backorder_notices ?? notices.backorder,
        recipient,
      },
    };
  },
};

const reviews: Group<ReviewsGroup> = {
  view: ({ reviews: r }) => ({
    reviews_enabled: r.enabled,
    verified_owners_only: r.verifiedOnly,
    ratings_enabled: r.ratingsEnabled,
    ratings_required: r.ratingsRequired,
    hold_for_approval: r.holdForApproval,
    show_verified_label: r.showVerifiedLabel,
  }),
  async check(_db, body) {
    return {
      reviews: {
        enabled: body.reviews_enabled,
        verifiedOnly: body.verified_owners_only,
        ratingsEnabled: body.ratings_enabled,
        // Required ratings need ratings: off, nothing is asked for.
        ratingsRequired: body.ratings_enabled && body.ratings_required,
        holdForApproval: body.hold_for_approval,
        showVerifiedLabel: body.show_verified_label,
      },
    };
  },
};

/** A tax class's slug, as tax rates name theirs: empty for the standard class. */
const TAX_CLASS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const cart: Group<CartGroup> = {
  view: (s) => ({
    discounts_sequentially: s.calcDiscountsSequentially,
    fees: s.cartFees.map((fee) => ({ name: fee.name, amount: fee.amount, taxable: fee.taxable, tax_class: fee.taxClass })),
  }),
  async check(db, body) {
    const errors: Errors = {};
    const names = new Set<string>();
    // The owner's classes (the standard one has no row); "standard" is taken as the empty slug.
    const classes = new Set((await db.selectFrom("tax_classes").select("slug").execute()).map((row) => row.slug));
    const fees = body.fees.map((fee, i) => {
      const name = fee.name.trim();
      if (!name) errors[`fees.${i}.name`] = "Enter the fee's name, as the cart shows it.";
      else if (names.has(name.toLowerCase())) errors[`fees.${i}.name`] = "Another fee has this name.";
      names.add(name.toLowerCase());
      if (fee.amount === 0) errors[`fees.${i}.amount`] = "Enter an amount other than 0 (minor units; below 0 for a discount).";
      const given = fee.tax_class.trim().toLowerCase();
      const taxClass = given === "standard" ? "" : given;
      if (taxClass && !TAX_CLASS.test(taxClass))
        errors[`fees.${i}.tax_class`] = "Enter a tax class's slug, such as reduced-rate, or leave it empty for the standard class.";
      else if (taxClass && !classes.has(taxClass))
        errors[`fees.${i}.tax_class`] = `The shop has no tax class "${taxClass}": add it under Taxes first, or choose another.`;
      return { name, amount: fee.amount, taxable: fee.taxable, taxClass };
    });
    refuseIf(errors);
    return { calcDiscountsSequentially: body.discounts_sequentially, cartFees: fees };
  },
};

export const SETTINGS_GROUPS: { [N in SettingsGroupName]: Group<SettingsGroups[N]> } = {
  store,
  currency,
  taxes,
  pages,
  notices,
  checkout,
  countries,
  inventory,
  reviews,
  cart,
  emails,
  consent,
};
export type { SettingsGroupName };

type GroupBody<N extends SettingsGroupName> = SettingsGroups[N];

export const settingsErrors = {
  notFound: () => new StoreError("cw_rest_settings_group_not_found", "No such group of settings.", 404),
  changed: (current: string) => staleEdit("cw_rest_settings_changed", "group of settings", current),
};

/** A group's version (decision 0158): every field of the group is the owner's; keys sorted, as a group's documents are JSON. */
const groupVersion = (view: unknown) => editVersion(sortedKeys(view));

/** A group as the owner API answers it: its fields and the version a save sends back. */
const withVersion = <T>(view: T) => ({ ...view, version: groupVersion(view) });

export async function readSettingsGroup<N extends SettingsGroupName>(ctx: RequestContext, name: N) {
  return withVersion(SETTINGS_GROUPS[name].view(await ctx.shopSettings()));
}

/** Replaces a group; `version`, when sent, must be the stored group's (409 cw_rest_settings_changed, nothing written). */
export async function saveSettingsGroup<N extends SettingsGroupName>(ctx: RequestContext, name: N, body: GroupBody<N>, version?: string) {
  const group = SETTINGS_GROUPS[name] as unknown as Group<GroupBody<N>>;
  const saved = await writeOwnerSettings(ctx, {
    entity: "settings",
    entityId: name,
    view: group.view,
    change: (current, db) => group.check(db, body, current),
    stale: { sent: version, versionOf: groupVersion, changed: settingsErrors.changed },
  });
  return withVersion(saved);
}
