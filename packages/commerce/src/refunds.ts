/**
 * Refund money maths (issue 18, decision 0031), shared by the server and the owner console: what a
 * line may still give back and the default amount for some of its units. Integers only (minor
 * units): a line's units share what is left of it evenly, rounding down, and the last units take
 * the remainder, so refunding every unit one by one gives back exactly what the line was paid.
 */

/** What a refund needs to know of an order line. */
export interface RefundableLine {
  quantity: number;
  /** The line's total after discounts, and its tax: what the shopper paid for it. */
  total: number;
  total_tax: number;
  refunded_quantity: number;
  refunded_total: number;
}

/** Units of the line not refunded yet. */
export function refundableQuantity(line: RefundableLine): number {
  return Math.max(0, line.quantity - line.refunded_quantity);
}

/** Minor units of the line not refunded yet (what it was paid, tax included, less its refunds). */
export function refundableLineAmount(line: RefundableLine): number {
  return Math.max(0, line.total + line.total_tax - line.refunded_total);
}

/**
 * The default amount for refunding `units` more units of the line: their even share of what is left,
 * rounded down; all the units left take all that is left. 0 for no units; throws on a non-integer or
 * more units than are left.
 */
export function defaultLineRefund(line: RefundableLine, units: number): number {
  const left = refundableQuantity(line);
  if (!Number.isSafeInteger(units) || units < 0 || units > left) throw new RangeError(`units must be an integer from 0 to ${left}`);
  if (units === 0) return 0;
  const money = refundableLineAmount(line);
  if (units === left) return money;
  // BigInt: money × units stays exact however large the amounts.
  return Number((BigInt(money) * BigInt(units)) / BigInt(left));
}

/** The sum of line amounts, checked to be whole minor units. */
export function sumOfLineAmounts(lines: readonly { amount: number }[]): number {
  let sum = 0;
  for (const { amount } of lines) {
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw new RangeError("a line's amount must be a whole number of minor units, 0 or more");
    sum += amount;
  }
  return sum;
}

/** What an order may still be refunded: what was paid less what was refunded; 0 when nothing was paid. */
export function refundableOrderAmount(order: { total: number; total_refunded: number; paid: boolean }): number {
  return order.paid ? Math.max(0, order.total - order.total_refunded) : 0;
}

/**
 * The part of a line's refunds that gave back its price rather than its tax: what was refunded of it,
 * shared between price and tax as the line was paid, rounded half up (the reports take it off the
 * line's revenue). A line refunded whole gives back exactly its total.
 */
export function refundedBeforeTax(line: Pick<RefundableLine, "total" | "total_tax" | "refunded_total">): number {
  const paid = line.total + line.total_tax;
  const refunded = Math.min(Math.max(0, line.refunded_total), paid);
  if (paid <= 0 || refunded === 0) return 0;
  // BigInt: refunded × total stays exact however large the amounts.
  return Number((2n * BigInt(refunded) * BigInt(line.total) + BigInt(paid)) / (2n * BigInt(paid)));
}
