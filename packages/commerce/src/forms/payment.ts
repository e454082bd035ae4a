/**
 * Payment totals (spec §3.5, §5.4): price × quantity summed over the payment fields logic leaves
 * visible, in integer minor units. The server computes it from the definition, never from the
 * browser's figures; the browser runs the same code for its running total and order summary.
 */
import { type Currency, DEFAULT_CURRENCY, formatAmount } from "../money.ts";
import { visibleFields } from "./logic.ts";
import type { FormDefinition, FormField, FormInput, FormValues } from "./types.ts";

export { formatAmount };

/** A visitor-entered amount's digits before and after the shop's decimal separator; null when it is not an amount. */
function amountDigits(text: string, currency: Currency): { whole: string; fraction: string } | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  const { decimalSeparator: decimal, thousandSeparator: thousands } = currency;
  const parts = trimmed.split(decimal);
  if (parts.length > 2) return null;
  let [whole = "", fraction = ""] = parts;
  // Thousands separators only between groups of three: "1,5" is no amount, not 15 charged to a visitor who meant 1.50.
  if (thousands && thousands !== decimal) {
    // A space between thousands is typed as a space, a no-break space or a narrow one alike.
    const [first = "", ...groups] = whole.split(thousands.trim() === "" ? /[ \u00a0\u202f]/ : thousands);
    if (groups.length && (!/^\d{1,3}$/.test(first) || groups.some((group) => !/^\d{3}$/.test(group)))) return null;
    whole = first + groups.join("");
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === "") return null;
  return whole.length > 12 ? null : { whole, fraction };
}

/**
 * A visitor-entered amount in minor units, read with the shop's separators ("1,234.5" → 123450 in
 * USD); only digits and the two separators are allowed, thousands separators only between groups of three; extra decimals are rounded half up, as the
 * field's own formatting does on leaving it (the server refuses them: `amountNeedsRounding`).
 * "" and anything else give null.
 */
export function parseAmount(text: string, currency: Currency = DEFAULT_CURRENCY): number | null {
  const digits = amountDigits(text, currency);
  if (!digits) return null;
  const { whole, fraction } = digits;
  const { minorUnit } = currency;
  const kept = fraction.slice(0, minorUnit).padEnd(minorUnit, "0");
  const roundUp = fraction.length > minorUnit && Number(fraction[minorUnit]) >= 5 ? 1 : 0;
  return Number(whole || "0") * 10 ** minorUnit + Number(kept || "0") + roundUp;
}

/** Whether reading the amount would round it: a digit other than 0 past the currency's decimals ("0.005" in USD). */
export function amountNeedsRounding(text: string, currency: Currency = DEFAULT_CURRENCY): boolean {
  const digits = amountDigits(text, currency);
  return digits !== null && /[1-9]/.test(digits.fraction.slice(currency.minorUnit));
}

/** An amount as the visitor's field shows it after leaving it: no symbol, the shop's separators. */
export function formatInputAmount(minor: number, currency: Currency = DEFAULT_CURRENCY): string {
  return formatAmount(minor, { ...currency, prefix: "", suffix: "" });
}

export interface SummaryRow {
  fieldId: number;
  /** The choice for choice fields; absent for single items and user amounts. */
  choiceId?: number;
  label: string;
  quantity: number;
  /** Unit price. */
  priceMinor: number;
  /** Unit price × quantity. */
  amountMinor: number;
}

function single(input: FormInput | undefined): string {
  return typeof input === "string" ? input.trim() : Array.isArray(input) ? (input[0] ?? "").trim() : "";
}

function list(input: FormInput | undefined): string[] {
  if (typeof input === "string") return input.trim() === "" ? [] : [input.trim()];
  return Array.isArray(input) ? input.map((item) => item.trim()) : [];
}

/** The quantity a visible quantity field gives its payment field; 1 when there is none. */
function quantityFor(definition: FormDefinition, values: FormValues, shown: Set<number>, fieldId: number): number {
  const field = definition.fields.find((item) => item.type === "payment-quantity" && item.forField === fieldId && shown.has(item.id));
  if (field?.type !== "payment-quantity") return 1;
  const text = single(values[String(field.id)]) || (field.default ?? "");
  if (!/^\d{1,6}$/.test(text)) return field.min;
  return Math.min(field.max, Math.max(field.min, Number(text)));
}

function label(field: FormField, choice?: string): string {
  return choice === undefined ? field.label : `${field.label}: ${choice}`;
}

/** One row per visible payment field and chosen choice (spec §2.2 "order summary"). */
export function orderSummary(definition: FormDefinition, values: FormValues, currency: Currency = DEFAULT_CURRENCY): SummaryRow[] {
  const shown = new Set(visibleFields(definition, values));
  const rows: SummaryRow[] = [];
  for (const field of definition.fields) {
    if (!shown.has(field.id)) continue;
    const input = values[String(field.id)];
    const row = (priceMinor: number, quantity: number, choice?: { id: number; label: string }) => {
      const entry: SummaryRow = {
        fieldId: field.id,
        label: label(field, choice?.label),
        quantity,
        priceMinor,
        amountMinor: priceMinor * quantity,
      };
      if (choice) entry.choiceId = choice.id;
      rows.push(entry);
    };
    switch (field.type) {
      case "payment-single":
        row(field.priceMinor, quantityFor(definition, values, shown, field.id));
        break;
      case "payment-multiple":
      case "payment-select": {
        const choice = field.choices.find((item) => String(item.id) === single(input));
        if (choice) row(choice.priceMinor ?? 0, quantityFor(definition, values, shown, field.id), choice);
        break;
      }
      case "payment-checkbox": {
        const chosen = new Set(list(input));
        for (const choice of field.choices) if (chosen.has(String(choice.id))) row(choice.priceMinor ?? 0, 1, choice);
        break;
      }
      case "payment-user-amount": {
        const amount = parseAmount(single(input), currency);
        if (amount !== null && amount > 0) row(amount, 1);
        break;
      }
    }
  }
  return rows;
}

/** The form's total in minor units: the summary's rows added up. */
export function paymentTotal(definition: FormDefinition, values: FormValues, currency: Currency = DEFAULT_CURRENCY): number {
  return orderSummary(definition, values, currency).reduce((sum, row) => sum + row.amountMinor, 0);
}
