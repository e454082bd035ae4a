/**
 * The refund form's maths, kept pure: units → amounts (a line's unit total with tax), the total
 * to refund, what may still be refunded, checks before sending, the request (contract B) and the
 * server's field paths ("lines.0.amount") mapped back to the form's lines.
 */
import type { OrderLine, OrderReply, RefundMethod, RefundRequest } from "./api.ts";
import { currencyDigits, formatMoney, moneyInput, parseMoney } from "./format.ts";
import { refundErrors as e } from "./messages.ts";

export interface RefundLineDraft {
  lineId: number;
  /** As typed: units and amount (major units, "12.50"). */
  units: string;
  amount: string;
}

export interface RefundDraft {
  lines: RefundLineDraft[];
  extra: string;
  restock: boolean;
  reason: string;
  method: RefundMethod;
}

const refundedUnits = (line: OrderLine) => line.refunded_quantity ?? 0;
const refundedAmount = (line: OrderLine) => line.refunded_total ?? 0;

/** Units of a line not yet refunded. */
export const unitsLeft = (line: OrderLine): number => Math.max(0, line.quantity - refundedUnits(line));

/** What the line was paid, tax included, not yet refunded. */
export const lineAmountLeft = (line: OrderLine): number => Math.max(0, line.total + line.total_tax - refundedAmount(line));

/** What the order may still refund: the reply's `refundable`, or total less refunded before refunds are served. */
export const refundableLeft = (order: Pick<OrderReply, "refundable" | "totals">): number =>
  Math.max(0, order.refundable ?? order.totals.total - order.totals.refunded);

/** The methods offered: the reply's, or a manual refund alone when it names none. */
export const refundMethods = (order: Pick<OrderReply, "refund_methods">): RefundMethod[] =>
  order.refund_methods?.length ? order.refund_methods : ["manual"];

/** Through the gateway when it can refund; by hand otherwise. */
export const defaultMethod = (order: Pick<OrderReply, "refund_methods">): RefundMethod =>
  refundMethods(order).includes("gateway") ? "gateway" : "manual";

/**
 * The amount for `units` of a line: the unit's total with tax (discounts taken off) times units;
 * the last units left take exactly what is left, so a line refunded in parts adds up to what was paid.
 */
export function amountForUnits(line: OrderLine, units: number): number {
  if (units <= 0 || line.quantity <= 0) return 0;
  const left = unitsLeft(line);
  if (units >= left) return lineAmountLeft(line);
  return Math.min(lineAmountLeft(line), Math.round(((line.total + line.total_tax) * units) / line.quantity));
}

export function emptyDraft(order: OrderReply): RefundDraft {
  return {
    lines: order.lines.map((line) => ({
      lineId: line.id,
      units: "0",
      amount: moneyInput(0, order.totals.currency, order.totals.currency_minor_unit),
    })),
    extra: moneyInput(0, order.totals.currency, order.totals.currency_minor_unit),
    restock: true,
    reason: "",
    method: defaultMethod(order),
  };
}

/**
 * Everything the order may still refund: each line's units left with what is left of its amount, and the rest (shipping,
 * fees) as the other amount. A line takes no more than is left of the order after the lines before it (an earlier
 * refund by amount alone may have given back part of what the lines were paid), so the total is what is left, exactly.
 */
export function wholeDraft(draft: RefundDraft, order: OrderReply): RefundDraft {
  const { currency, currency_minor_unit: minorUnit } = order.totals;
  let rest = refundableLeft(order);
  const lines = draft.lines.map((entry) => {
    const line = order.lines.find((candidate) => candidate.id === entry.lineId);
    if (!line) return entry;
    const amount = Math.min(lineAmountLeft(line), rest);
    rest -= amount;
    return { ...entry, units: String(unitsLeft(line)), amount: moneyInput(amount, currency, minorUnit) };
  });
  return { ...draft, lines, extra: moneyInput(rest, currency, minorUnit) };
}

const parseUnits = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() === "" ? 0 : null);

/** A line's units changed: its amount follows (the owner may then edit it). */
export function withUnits(draft: RefundDraft, order: OrderReply, lineId: number, units: string): RefundDraft {
  const line = order.lines.find((candidate) => candidate.id === lineId);
  const count = parseUnits(units);
  return {
    ...draft,
    lines: draft.lines.map((entry) =>
      entry.lineId !== lineId
        ? entry
        : {
            ...entry,
            units,
            amount:
              line && count !== null
                ? moneyInput(amountForUnits(line, count), order.totals.currency, order.totals.currency_minor_unit)
                : entry.amount,
          },
    ),
  };
}

export interface RefundCheck {
  /** Minor units: the sum of the lines' amounts and the extra amount (what is read, whatever is wrong). */
  total: number;
  /** Messages by the form's field paths: `line-{id}.units`, `line-{id}.amount`, `extra`, `reason`, `total`. */
  errors: Record<string, string>;
  request: RefundRequest | null;
}

/** Checks the draft as the server would and builds the request; `request` is null while anything is wrong. */
export function checkRefund(draft: RefundDraft, order: OrderReply): RefundCheck {
  const { currency, currency_minor_unit: minorUnit } = order.totals;
  const money = (minor: number) => formatMoney(minor, currency, minorUnit);
  const errors: Record<string, string> = {};
  const lines: RefundRequest["lines"] = [];
  let total = 0;
  for (const entry of draft.lines) {
    const line = order.lines.find((candidate) => candidate.id === entry.lineId);
    if (!line) continue;
    const units = parseUnits(entry.units);
    const amount = parseMoney(entry.amount, currency, minorUnit);
    if (units === null) errors[`line-${line.id}.units`] = e.unitsWhole;
    else if (units > unitsLeft(line)) errors[`line-${line.id}.units`] = e.unitsTooMany(unitsLeft(line));
    if (amount === null) errors[`line-${line.id}.amount`] = e.amountInvalid(currencyDigits(currency, minorUnit));
    else if (amount > lineAmountLeft(line)) errors[`line-${line.id}.amount`] = e.lineAmountTooHigh(money(lineAmountLeft(line)));
    if (amount !== null) total += amount;
    if ((units ?? 0) > 0 || (amount ?? 0) > 0) lines.push({ line_id: line.id, quantity: units ?? 0, amount: amount ?? 0 });
  }
  const extra = parseMoney(draft.extra, currency, minorUnit);
  if (extra === null) errors.extra = e.amountInvalid(currencyDigits(currency, minorUnit));
  else total += extra;
  if (draft.reason.length > 500) errors.reason = e.reasonTooLong;
  const left = refundableLeft(order);
  if (total <= 0 && !Object.keys(errors).length) errors.total = e.totalZero;
  else if (total > left) errors.total = e.totalTooHigh(money(left));
  const reason = draft.reason.trim();
  const request: RefundRequest | null = Object.keys(errors).length
    ? null
    : {
        amount: total,
        lines,
        restock: draft.restock && lines.some((line) => line.quantity > 0),
        ...(reason ? { reason } : {}),
        method: refundMethods(order).includes(draft.method) ? draft.method : defaultMethod(order),
      };
  return { total, errors, request };
}

/** The server's field paths for a request ("lines.1.quantity", "amount") as the form's ("line-7.units", "total"). */
export function formPaths(fields: Record<string, string>, request: RefundRequest): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lines\.(\d+)\.(quantity|amount)$/.exec(path);
    const posted = line ? request.lines[Number(line[1])] : undefined;
    if (line && posted) mapped[`line-${posted.line_id}.${line[2] === "quantity" ? "units" : "amount"}`] = message;
    else if (path === "amount") mapped.total = message;
    else if (path === "reason") mapped.reason = message;
    else mapped.total = mapped.total ? `${mapped.total} ${message}` : message;
  }
  return mapped;
}
