/**
 * The order the owner makes by hand (decision 0089) as the form holds it, and the owner API's body
 * made from it: amounts typed as text become minor units, each one that is not an amount named by
 * the path the server would name it by. Pure.
 */
import { FEE_PERCENT_PLACES, percentUnits, readFeeAmount } from "@cartwright/commerce";
import { consoleMessages } from "../messages.ts";
import { decimalText, readDecimal } from "../money.ts";
import { ADDRESS_KEYS, type AddressKey, currencyDigits, moneyInput, parseMoney } from "../order/format.ts";

export const HAND_STATUSES = ["pending", "on-hold", "processing", "completed"] as const;
export type HandStatus = (typeof HAND_STATUSES)[number];

export { ADDRESS_KEYS, type AddressKey };
export type AddressDraft = Record<AddressKey, string>;

/** A variation to choose on a variable product's line: its id and its terms' names ("Red / L"). */
export interface VariationChoice {
  id: number;
  label: string;
}

export interface DraftLine {
  /** Stable while the line lives, for React and for the line's field ids. */
  key: string;
  productId: number;
  name: string;
  sku: string;
  /** A variable product's variations; empty for a simple product. */
  variations: VariationChoice[];
  variationId: number | null;
  quantity: string;
}

/**
 * A one-off fee typed on the order: an amount before tax, below 0 for a discount, or a percentage of
 * the items' total ("10%", as WooCommerce's Add fee takes it; decision 0101), and the class it is taxed in.
 */
export interface DraftFee {
  /** Stable while the row lives, for React and for the row's field ids. */
  key: string;
  name: string;
  amount: string;
  taxable: boolean;
  /** The tax class's slug, "standard" for the standard class; read only when taxable. */
  taxClass: string;
}

/** The tax select's value for a fee not taxed: never a class's slug (slugs have no colon). */
export const NOT_TAXABLE = ":none";

/** The fee's tax select's value: its class, or NOT_TAXABLE. */
export const feeTaxChoice = (fee: Pick<DraftFee, "taxable" | "taxClass">) => (fee.taxable ? fee.taxClass || "standard" : NOT_TAXABLE);

/** The fee's tax fields from the select's value. */
export const feeTaxFrom = (choice: string): Pick<DraftFee, "taxable" | "taxClass"> =>
  choice === NOT_TAXABLE ? { taxable: false, taxClass: "standard" } : { taxable: true, taxClass: choice };

/** A fee as the owner API takes it: an amount or a percentage, its tax status and class. */
export type FeeLineBody = { name: string; tax_status: "taxable" | "none"; tax_class?: string } & ({ total: number } | { percent: number });

/**
 * One of the shop's rates the shipping line is (its `rate_id`, as `/orders/calculate` lists them), with the
 * name and cost it last filled in, as typed text: the line keeps the rate's method, and a name or cost the
 * owner typed over stands instead of the rate's.
 */
export interface PickedRate {
  id: string;
  name: string;
  total: string;
}

/**
 * The rates list's choice for the shipping line an order already has from one of the shop's rates (Edit items):
 * never a rate's id (those read `method:n`). Chosen, the line is sent back as it reads and the order keeps it
 * whole, its method and saved amount, where choosing the rate itself would price it at today's cost.
 */
export const SAVED_LINE = ":saved";

/** The order's saved shipping line, when one of the shop's rates made it: its name and amount as the form types them, and in minor units. */
export interface SavedShipping {
  name: string;
  total: string;
  cost: number;
}

/** What an order holds and the shop prices: the part Add order and the order page's "Edit items" share (decision 0092). */
export interface ItemsDraft {
  lines: DraftLine[];
  /** Coupon codes as typed: several apart by commas. */
  coupon: string;
  /**
   * The shop's rate chosen for the shipping line (or SAVED_LINE, the order's own line as saved); null for a
   * line the owner typed (method "manual").
   */
  shippingRate: PickedRate | null;
  /** Edit items: the order's shipping line when one of the shop's rates made it, offered in the rates' list as saved. */
  savedShipping?: SavedShipping | null;
  shippingTitle: string;
  shippingTotal: string;
  fees: DraftFee[];
}

export interface OrderDraft extends ItemsDraft {
  customer: { id: number; label: string } | null;
  billing: AddressDraft;
  shipping: AddressDraft;
  /** The shipping address is the billing one (sent as a copy of it, without the e-mail). */
  shipToBilling: boolean;
  note: string;
  status: HandStatus;
}

export const emptyAddress = (): AddressDraft => Object.fromEntries(ADDRESS_KEYS.map((key) => [key, ""])) as AddressDraft;

export const emptyDraft = (): OrderDraft => ({
  customer: null,
  billing: emptyAddress(),
  shipping: emptyAddress(),
  shipToBilling: true,
  lines: [],
  coupon: "",
  shippingRate: null,
  shippingTitle: "",
  shippingTotal: "",
  fees: [],
  note: "",
  status: "pending",
});

/** A saved address (the customer's) over an empty one: every key a string. */
export function addressFrom(saved: Partial<Record<string, string>> | undefined, email = ""): AddressDraft {
  const address = emptyAddress();
  for (const key of ADDRESS_KEYS) address[key] = typeof saved?.[key] === "string" ? String(saved[key]) : "";
  if (!address.email) address.email = email;
  return address;
}

/**
 * "Ship to the billing address" switched on or off. Off, an empty shipping form starts as a copy
 * of the billing address (without its e-mail), to be changed where it differs.
 */
export function shipToBilling(draft: OrderDraft, on: boolean): OrderDraft {
  const empty = ADDRESS_KEYS.every((key) => !draft.shipping[key].trim());
  const shipping = !on && empty ? { ...draft.billing, email: "" } : draft.shipping;
  return { ...draft, shipToBilling: on, shipping };
}

/** The items an order is priced by, as the owner API takes them (POST /orders and PUT /orders/{id}/items alike). */
export interface ItemsBody {
  line_items: { product_id: number; variation_id?: number; quantity: number }[];
  coupon_lines: { code: string }[];
  shipping_lines: ShippingLineBody[];
  fee_lines: FeeLineBody[];
}

/** The shipping line as the owner API takes it: one of the shop's rates (its name or cost given only where the owner changed them), or the owner's own. */
export type ShippingLineBody = { rate_id: string; method_title?: string; total?: number } | { method_title: string; total: number };

export interface HandOrderBody extends ItemsBody {
  status: HandStatus;
  customer_id: number | null;
  billing: Partial<AddressDraft>;
  shipping: Partial<AddressDraft>;
  customer_note: string;
}

/** The bounds the owner API's schema sets (orders.admin.schemas.ts): past them its refusal names no field, so they are named here. */
const MAX_QUANTITY = 100_000;
const MAX_AMOUNT = 2_147_483_647;

const trimmed = (address: AddressDraft, withEmail: boolean): Partial<AddressDraft> =>
  Object.fromEntries(ADDRESS_KEYS.filter((key) => withEmail || key !== "email").map((key) => [key, address[key].trim()]));

/**
 * The items' part of the body, or the fields the browser can already tell are wrong (a quantity or
 * an amount that is not a number), keyed as the server keys them. A line without its variation is
 * sent as it is: the server names it.
 */
export function itemsBody(
  draft: ItemsDraft,
  currency: string,
  minorUnit: number,
): { ok: true; body: ItemsBody } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lineItems = draft.lines.map((line, index) => {
    const quantity = Number(line.quantity.trim());
    if (!/^\d+$/.test(line.quantity.trim()) || quantity < 1) errors[`line_items.${index}.quantity`] = "Enter a whole number of 1 or more.";
    else if (quantity > MAX_QUANTITY) errors[`line_items.${index}.quantity`] = `Enter a quantity of ${MAX_QUANTITY} or fewer.`;
    return { product_id: line.productId, ...(line.variationId ? { variation_id: line.variationId } : {}), quantity };
  });
  const shippingTotal = parseMoney(draft.shippingTotal, currency, minorUnit);
  if (shippingTotal === null) errors["shipping_lines.0.total"] = consoleMessages.notAmount(currencyDigits(currency, minorUnit));
  else if (shippingTotal > MAX_AMOUNT) errors["shipping_lines.0.total"] = "Enter a smaller amount: this is more than an order can hold.";
  const title = draft.shippingTitle.trim();
  // The saved line is sent as it reads: the order keeps it whole (its method and amount), as it keeps any line sent back unchanged.
  const rate = draft.shippingRate?.id === SAVED_LINE ? null : draft.shippingRate;
  // A rate chosen is sent by its id, so the order keeps its method as a checkout's would; what the owner typed
  // over its name or cost goes with it, and a field left as the rate filled it in is the rate's, priced by the shop.
  const shipping: ShippingLineBody[] = rate
    ? [
        {
          rate_id: rate.id,
          ...(title && title !== rate.name ? { method_title: title } : {}),
          ...(draft.shippingTotal.trim() && draft.shippingTotal.trim() !== rate.total ? { total: shippingTotal ?? 0 } : {}),
        },
      ]
    : title || draft.shippingTotal.trim()
      ? [{ method_title: title || "Shipping", total: shippingTotal ?? 0 }]
      : [];
  // A row left blank is not sent: the owner clicked "Add fee" and has typed nothing yet.
  const feeLines = draft.fees.flatMap((fee, index): FeeLineBody[] => {
    if (blankFee(fee)) return [];
    const name = fee.name.trim();
    if (!name) errors[`fee_lines.${index}.name`] = "Enter the fee's name, as the order will show it.";
    const tax: Pick<FeeLineBody, "tax_status" | "tax_class"> = fee.taxable
      ? { tax_status: "taxable", tax_class: fee.taxClass || "standard" }
      : { tax_status: "none" };
    const typed = readFeeAmount(fee.amount);
    // "10%": a share of the items' total, worked out by the shop when it prices the order; its number in the shop's
    // decimal separator, as every number the console reads ("1.000%" where "." groups thousands is refused, not 1%).
    if (typed.kind === "percent") {
      const stored = readDecimal(typed.number, FEE_PERCENT_PLACES);
      const percent = stored === undefined ? null : Number(stored) * (typed.negative ? -1 : 1);
      if (percent === null || percent === 0 || percentUnits(percent) === null)
        errors[`fee_lines.${index}.total`] =
          `Enter a percentage other than 0 from -100 to 1000, such as 10% or ${decimalText("12.5")}% (or -10% for a discount), with no thousands separator.`;
      return [{ name, percent: percent ?? 0, ...tax }];
    }
    // A leading minus makes a discount line; the amount itself is read as the shop's other amounts are.
    const { negative } = typed;
    const amount = parseMoney(typed.number, currency, minorUnit);
    if (!typed.number || amount === null || amount === 0)
      errors[`fee_lines.${index}.total`] =
        `Enter an amount other than 0, such as ${moneyInput(250, currency, minorUnit)} or 10% (below 0 for a discount).`;
    return [{ name, total: negative ? -(amount ?? 0) : (amount ?? 0), ...tax }];
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    body: { line_items: lineItems, coupon_lines: couponLines(draft.coupon), shipping_lines: shipping, fee_lines: feeLines },
  };
}

/**
 * The chosen rate as the shop last priced it (`rates`: the last pricing's, for these items and this address):
 * its name and cost fill the line again where they still read as the rate last filled them in, so a rate whose
 * cost follows the items (so much per item, a class's cost) shows what it charges; what the owner typed stays.
 * The draft itself when nothing changes, or the rate is not offered (the server names that beside the rates).
 */
export function followRate<D extends ItemsDraft>(
  draft: D,
  rates: readonly { rate_id: string; name: string; cost: number }[],
  costText: (cost: number) => string,
): D {
  const picked = draft.shippingRate;
  const rate = picked && rates.find((r) => r.rate_id === picked.id);
  if (!picked || !rate) return draft;
  const total = costText(rate.cost);
  if (picked.name === rate.name && picked.total === total) return draft;
  return {
    ...draft,
    shippingRate: { id: picked.id, name: rate.name, total },
    shippingTitle: draft.shippingTitle.trim() === picked.name ? rate.name : draft.shippingTitle,
    shippingTotal: draft.shippingTotal.trim() === picked.total ? total : draft.shippingTotal,
  };
}

/** The line once one of the shop's rates is chosen from its list: its name and cost filled in; none chosen keeps what is typed as the owner's own line. */
export function pickRate<D extends ItemsDraft>(
  draft: D,
  rate: { rate_id: string; name: string; cost: number } | undefined,
  costText: (cost: number) => string,
): D {
  if (!rate) return { ...draft, shippingRate: null };
  const total = costText(rate.cost);
  return { ...draft, shippingRate: { id: rate.rate_id, name: rate.name, total }, shippingTitle: rate.name, shippingTotal: total };
}

/** The order's saved line chosen again from the rates' list: its name and amount as saved. */
export function pickSaved<D extends ItemsDraft>(draft: D): D {
  const saved = draft.savedShipping;
  if (!saved) return draft;
  return {
    ...draft,
    shippingRate: { id: SAVED_LINE, name: saved.name, total: saved.total },
    shippingTitle: saved.name,
    shippingTotal: saved.total,
  };
}

/**
 * The shipping line's name or amount typed. The saved line stays chosen while the fields read as it was saved;
 * typed over, the line becomes the owner's own (the order would record it as typed by hand), and the list says so.
 */
export function typeShipping<D extends ItemsDraft>(draft: D, change: Partial<Pick<ItemsDraft, "shippingTitle" | "shippingTotal">>): D {
  const next = { ...draft, ...change };
  const saved = draft.savedShipping;
  if (!saved || draft.shippingRate?.id !== SAVED_LINE) return next;
  const same = next.shippingTitle.trim() === saved.name && next.shippingTotal.trim() === saved.total;
  return same ? next : { ...next, shippingRate: null };
}

/** The codes typed, one line each (commas or spaces apart), each once. */
export function couponLines(typed: string): { code: string }[] {
  const codes = typed
    .split(/[,\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);
  // The shop reads codes without case: one typed twice is sent once, as first typed.
  return codes.filter((code, i) => codes.findIndex((other) => other.toLowerCase() === code.toLowerCase()) === i).map((code) => ({ code }));
}

/** The body to send for a new order, or the fields the browser can already tell are wrong. */
export function requestBody(
  draft: OrderDraft,
  currency: string,
  minorUnit: number,
): { ok: true; body: HandOrderBody } | { ok: false; errors: Record<string, string> } {
  const items = itemsBody(draft, currency, minorUnit);
  if (!items.ok) return items;
  const billing = trimmed(draft.billing, true);
  return {
    ok: true,
    body: {
      status: draft.status,
      customer_id: draft.customer?.id ?? null,
      billing,
      shipping: draft.shipToBilling ? trimmed(draft.billing, false) : trimmed(draft.shipping, false),
      ...items.body,
      customer_note: draft.note.trim(),
    },
  };
}

const blankFee = (fee: DraftFee) => !fee.name.trim() && !fee.amount.trim();

/**
 * The server's messages keyed by the draft's own rows: blank fee rows are not sent, so the server's
 * `fee_lines.1` may be the draft's third row.
 */
export function draftPaths(draft: ItemsDraft, fields: Record<string, string>): Record<string, string> {
  const sent = draft.fees.flatMap((fee, index) => (blankFee(fee) ? [] : [index]));
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => {
      const [area, index, ...rest] = path.split(".");
      // The codes share one field: each one's message shows beside it.
      if (area === "coupon_lines") return ["coupon_lines.0.code", message];
      const row = area === "fee_lines" ? sent[Number(index)] : undefined;
      if (row === undefined) return [path, message];
      // A percentage is typed in the amount's field; the tax status in the class's select.
      const field = rest[0] === "percent" ? "total" : rest[0] === "tax_status" ? "tax_class" : rest[0];
      return [["fee_lines", row, field, ...rest.slice(1)].join("."), message];
    }),
  );
}

/**
 * What the server's pricing depends on, as one text: the totals are asked for again only when it
 * changes (not on every letter of a name).
 */
export function pricingKey(body: HandOrderBody): string {
  const place = (address: Partial<AddressDraft>) => [address.country, address.state, address.postcode, address.city];
  return JSON.stringify([
    body.customer_id,
    place(body.billing),
    body.billing.email,
    place(body.shipping),
    body.line_items,
    body.coupon_lines,
    body.shipping_lines,
    // A fee's name is what its line in the totals reads, so it prices too.
    body.fee_lines,
  ]);
}
