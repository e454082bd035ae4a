/**
 * Turns orders and addresses into the strings the account pages show. Server-only: the country
 * and state tables stay out of the browser's bundle, and dates are written once, in the shop's time
 * zone, so the hydrated page matches the server's.
 */
import {
  addressNames,
  type CurrencyFields,
  addressLines as commerceAddressLines,
  currencyFromFields,
  formatAmount,
  formatPhone,
  PAYMENT_DETAIL_LABELS,
  type StoreAddress,
  type StoreCartTotals,
} from "@cartwright/commerce";
import { longDate } from "@cartwright/commerce/time-zone";
import type { AccountOrder, CheckoutFieldDefinition } from "../../context.ts";
import { orderMessages as t } from "./messages.ts";

export { formatPhone };

/** "July 4, 2026" for an ISO time, its day in the shop's time zone (decision 0086); the text itself when it is not one. */
export function formatDate(iso: string, zone = "UTC"): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate(date, zone);
}

export const statusLabel = (status: string) => t.statuses[status] ?? status;

/** An address as the lines of a label: name, company, street, town with state and postcode, country. */
export function addressLines(address: Partial<StoreAddress> | Record<string, string> | undefined): string[] {
  return address ? commerceAddressLines(address, addressNames(address)) : [];
}

type FieldNames = readonly Pick<CheckoutFieldDefinition, "id" | "label" | "options">[];

/**
 * Values of additional checkout fields (namespaced keys such as 'my-plugin/gate-code') with their
 * labels and option texts; a field the shop no longer has shows its id. Empty and unticked ones are left out.
 */
export function fieldValues(values: Record<string, unknown> | undefined, fields: FieldNames): { label: string; value: string }[] {
  return Object.entries(values ?? {}).flatMap(([key, value]) => {
    if (!key.includes("/") || value === false || value === "" || value === null || value === undefined) return [];
    const field = fields.find((f) => f.id === key);
    const shown = value === true ? t.yes : (field?.options?.find((o) => o.value === value)?.label ?? String(value));
    return [{ label: field?.label ?? key, value: shown }];
  });
}

/** The additional fields kept in an order's address, as 'Label: value' lines. */
export function addressFieldLines(address: Record<string, unknown> | undefined, fields: FieldNames): string[] {
  return fieldValues(address, fields).map(({ label, value }) => `${label}: ${value}`);
}

export interface OrderDisplay {
  id: number;
  number: string;
  date: string;
  dateTime: string;
  status: string;
  email: string;
  phone: string;
  total: string;
  paymentMethod: string;
  paymentInstructions: string;
  paymentDetails: { label: string; value: string }[];
  note: string;
  /** The shop's additional contact and order fields the shopper filled in. */
  fields: { label: string; value: string }[];
  lines: { id: number; name: string; options: string; quantity: number; total: string }[];
  totals: { key: string; label: string; value: string }[];
  billing: string[];
  shipping: string[];
}

const CURRENCY_DEFAULTS: CurrencyFields = {
  currency_code: "",
  currency_symbol: "",
  currency_minor_unit: 2,
  currency_decimal_separator: ".",
  currency_thousand_separator: ",",
  currency_prefix: "",
  currency_suffix: "",
};

const sum = (...amounts: (string | number | null | undefined)[]) =>
  amounts.reduce<number>((total, amount) => total + Number(amount ?? 0), 0);

/**
 * The order in the words and amounts of the page; amounts include tax when the shop shows prices so.
 * `fields`: the shop's additional checkout fields, to name the values the shopper gave them.
 */
export function orderDisplay(order: AccountOrder, withTax: boolean, fields: FieldNames = [], zone = "UTC"): OrderDisplay {
  const totals = order.totals as Partial<StoreCartTotals>;
  const currency = currencyFromFields({ ...CURRENCY_DEFAULTS, ...(totals as Partial<CurrencyFields>) });
  const money = (amount: number | string) => formatAmount(String(amount), currency);
  const taxed = (amount: string | null | undefined, tax: string | null | undefined) => sum(amount, withTax ? tax : 0);

  const rows: OrderDisplay["totals"] = [
    { key: "subtotal", label: t.subtotal, value: money(taxed(totals.total_items, totals.total_items_tax)) },
  ];
  if (Number(totals.total_discount ?? 0) > 0) {
    const codes = order.coupons.map((coupon) => coupon.code).join(", ");
    rows.push({
      key: "discount",
      label: codes ? `${t.discount} (${codes})` : t.discount,
      value: `-${money(taxed(totals.total_discount, totals.total_discount_tax))}`,
    });
  }
  if (totals.total_shipping !== null && totals.total_shipping !== undefined) {
    const names = (order.shipping_lines as { name?: string }[]).map((line) => line.name).filter(Boolean);
    const amount = taxed(totals.total_shipping, totals.total_shipping_tax);
    rows.push({
      key: "shipping",
      label: names.length ? `${t.shipping} (${names.join(", ")})` : t.shipping,
      value: amount === 0 ? t.freeShipping : money(amount),
    });
  }
  for (const [index, fee] of (order.fees as { name?: string; total?: string; total_tax?: string }[]).entries()) {
    rows.push({ key: `fee-${index}`, label: fee.name || t.fees, value: money(taxed(fee.total, fee.total_tax)) });
  }
  if (!withTax && Number(totals.total_tax ?? 0) > 0) {
    const lines = totals.tax_lines ?? [];
    if (lines.length > 1) for (const line of lines) rows.push({ key: `tax-${line.name}`, label: line.name, value: money(line.price) });
    else rows.push({ key: "tax", label: lines[0]?.name || t.tax, value: money(totals.total_tax ?? 0) });
  }
  const total = money(totals.total_price ?? 0);
  rows.push({ key: "total", label: t.orderTotal, value: total });
  // Money given back shows under the total it came out of, each refund with the reason its e-mail gave.
  for (const refund of order.refunds) {
    rows.push({
      key: `refund-${refund.id}`,
      label: refund.reason ? t.refundFor(refund.reason) : t.refund,
      value: `-${money(refund.total)}`,
    });
  }
  if (order.refunds.length) {
    rows.push({
      key: "net",
      label: t.totalAfterRefunds,
      value: money(sum(totals.total_price) - sum(...order.refunds.map((r) => r.total))),
    });
  }

  const shipping = addressLines(order.shipping_address);
  if (shipping.length) shipping.push(...addressFieldLines(order.shipping_address, fields));
  return {
    id: order.id,
    number: order.order_number,
    date: formatDate(order.date_created, zone),
    dateTime: order.date_created,
    status: statusLabel(order.status),
    email: order.billing_email,
    phone: formatPhone(String(order.billing_address.phone ?? ""), String(order.billing_address.country ?? "")),
    total,
    paymentMethod: order.payment_method_title || (Number(totals.total_price ?? 0) > 0 ? order.payment_method : t.noPaymentNeeded),
    paymentInstructions: order.payment_instructions,
    paymentDetails: order.payment_details
      .filter((detail) => detail.value && PAYMENT_DETAIL_LABELS[detail.key])
      .map((detail) => ({ label: PAYMENT_DETAIL_LABELS[detail.key] ?? detail.key, value: detail.value })),
    note: order.customer_note,
    fields: fieldValues(order.additional_fields, fields),
    lines: order.items.map((item) => ({
      id: item.id,
      name: item.name,
      options: item.variation.map((v) => `${v.attribute}: ${v.value}`).join(", "),
      quantity: item.quantity,
      total: money(taxed(item.totals.line_subtotal, item.totals.line_subtotal_tax)),
    })),
    totals: rows,
    billing: [...addressLines(order.billing_address), ...addressFieldLines(order.billing_address, fields)],
    shipping,
  };
}
