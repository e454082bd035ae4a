/**
 * The cart totals pipeline, modelled on WooCommerce's WC_Cart_Totals: line subtotals →
 * coupon discounts → line totals and taxes → shipping taxes → fees → grand total.
 * Pure and integer-only; taxes are rounded per line and per rate.
 */
import { type CouponDiscount, splitDiscounts } from "./discounts.ts";
import { type Fraction, frac, minus, plus, roundHalfAway, splitProportionally, sumFractions, sumValues, ZERO } from "./money-math.ts";
import { mapped } from "./packed.ts";
import { calcTax, exactTaxes, formatRatePercent, matchTaxRates, roundTaxes, sameRates, shippingTaxClass } from "./taxes.ts";
import type {
  CouponTotals,
  FeeTotals,
  LineTotals,
  ShippingCharge,
  ShippingTotals,
  TaxesByRate,
  TaxLine,
  TaxLocation,
  TaxRate,
  TotalsInput,
  TotalsLine,
  TotalsResult,
} from "./types.ts";

interface PricedLine {
  line: TotalsLine;
  rates: readonly TaxRate[];
  /** The price holds its tax (prices include tax, and the line is taxable). */
  inclusive: boolean;
  /** unitPrice × quantity, moved to the customer's tax when prices include tax. */
  price: number;
  subtotalTaxes: TaxesByRate;
}

function assertMinorUnits(value: number, what: string, allowNegative = false): void {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new RangeError(`${what} must be ${allowNegative ? "an" : "a non-negative"} integer in minor units, got ${value}.`);
  }
}

/** Money must arrive as integers: a float here would silently spread rounding errors. */
function assertInput(input: TotalsInput): void {
  const keys = new Set<string>();
  for (const line of input.lines) {
    if (keys.has(line.key)) throw new RangeError(`Duplicate cart line key "${line.key}".`);
    keys.add(line.key);
    assertMinorUnits(line.unitPrice, `Unit price of line ${line.key}`);
    assertMinorUnits(line.quantity, `Quantity of line ${line.key}`);
    assertMinorUnits(line.unitPrice * line.quantity, `Price of line ${line.key}`);
  }
  for (const coupon of input.coupons) assertMinorUnits(coupon.amount, `Amount of coupon ${coupon.code}`);
  for (const fee of input.fees) assertMinorUnits(fee.amount, `Amount of fee ${fee.id}`, true);
  for (const charge of input.shipping) assertMinorUnits(charge.cost, `Cost of shipping package ${charge.packageId}`);
  for (const rate of input.taxRates) assertMinorUnits(rate.rate, `Tax rate ${rate.id}`);
}

/**
 * WooCommerce's adjust_non_base_location_prices: an inclusive price carries the base
 * location's tax; a customer elsewhere pays the net price plus their own tax, so a shop
 * selling at 20.00 incl. CA tax charges GB shoppers net + 20 % VAT.
 */
function moveToCustomerTax(gross: number, baseRates: readonly TaxRate[], customerRates: readonly TaxRate[]): number {
  if (sameRates(baseRates, customerRates)) return gross;
  const net = minus(frac(gross), sumFractions(exactTaxes(frac(gross), baseRates, true).values()));
  return roundHalfAway(plus(net, sumFractions(exactTaxes(net, customerRates, false).values())));
}

function priceLine(line: TotalsLine, input: TotalsInput, location: TaxLocation): PricedLine {
  const taxable = input.taxesEnabled && line.taxStatus === "taxable";
  const rates = taxable ? matchTaxRates(input.taxRates, location, line.taxClass) : [];
  const inclusive = taxable && input.pricesIncludeTax;
  let price = line.unitPrice * line.quantity;
  if (inclusive) price = moveToCustomerTax(price, matchTaxRates(input.taxRates, input.baseLocation, line.taxClass), rates);
  return { line, rates, inclusive, price, subtotalTaxes: calcTax(price, rates, inclusive) };
}

/**
 * Several inclusive rates can each round up on a one-cent discount; keep the tax taken off
 * within the discount, so the discount net of tax is never negative.
 */
function capDiscountTax(subtotalTaxes: TaxesByRate, taxes: TaxesByRate, discount: number): TaxesByRate {
  const capped = { ...taxes };
  let excess = sumValues(subtotalTaxes) - sumValues(taxes) - discount;
  for (const id of Object.keys(capped).map(Number)) {
    if (excess <= 0) break;
    const room = (subtotalTaxes[id] ?? 0) - (capped[id] ?? 0);
    const take = Math.min(Math.max(room, 0), excess);
    capped[id] = (capped[id] ?? 0) + take;
    excess -= take;
  }
  return capped;
}

function lineTotals(priced: PricedLine, discount: number): LineTotals {
  const subtotalTax = sumValues(priced.subtotalTaxes);
  const gross = priced.price - discount;
  let taxes = calcTax(gross, priced.rates, priced.inclusive);
  if (priced.inclusive) taxes = capDiscountTax(priced.subtotalTaxes, taxes, discount);
  const totalTax = sumValues(taxes);
  return {
    // Inclusive: net = gross − rounded tax, so net + tax is exactly the price the shopper saw.
    line_subtotal: priced.inclusive ? priced.price - subtotalTax : priced.price,
    line_subtotal_tax: subtotalTax,
    line_total: priced.inclusive ? gross - totalTax : gross,
    line_total_tax: totalTax,
    taxes,
  };
}

/**
 * Each coupon's share of the lines' discount tax, split in proportion to what it took off
 * each line (largest remainder), so coupon rows add up exactly to the cart's discount rows.
 */
function couponTotals(
  priced: readonly PricedLine[],
  lineRows: readonly LineTotals[],
  discounts: CouponDiscount[],
): Record<string, CouponTotals> {
  // Rows by the discount's index, named by code only at the end: a code read from the database is a fresh string per
  // request, and a keyed load by it threw V8's optimised code away on every request (decision 0123).
  const rows = mapped(discounts, (): CouponTotals => ({ discount: 0, discount_tax: 0 }));
  for (const [index, { line, inclusive }] of priced.entries()) {
    const totals = lineRows[index]!;
    const parts = mapped(discounts, (d) => d.byLine.get(line.key) ?? 0);
    const shares = splitProportionally(totals.line_subtotal_tax - totals.line_total_tax, parts);
    for (const [i, row] of rows.entries()) {
      const share = shares[i] ?? 0;
      row.discount += inclusive ? (parts[i] ?? 0) - share : (parts[i] ?? 0);
      row.discount_tax += share;
    }
  }
  return Object.fromEntries(discounts.map((d, i) => [d.coupon.code, rows[i]!]));
}

/** What the cart costs before a fee, grouped by the rates that tax it; a negative fee takes its tax back from these. */
type CostBuckets = Map<string, { rates: readonly TaxRate[]; cost: number }>;

function addCost(buckets: CostBuckets, key: string, rates: readonly TaxRate[], amount: number): void {
  if (amount <= 0) return;
  const bucket = buckets.get(key) ?? { rates, cost: 0 };
  bucket.cost += amount;
  buckets.set(key, bucket);
}

/** A negative fee works as a discount: its tax is split over the cart's costs in proportion, at the rates each pays. */
function negativeFeeTaxes(amount: number, buckets: CostBuckets): TaxesByRate {
  const totalCost = [...buckets.values()].reduce((sum, bucket) => sum + bucket.cost, 0);
  if (totalCost === 0) return {};
  const exact = new Map<number, Fraction>();
  for (const { rates, cost } of buckets.values()) {
    const part = frac(BigInt(amount) * BigInt(cost), totalCost);
    for (const [id, tax] of exactTaxes(part, rates, false)) exact.set(id, plus(exact.get(id) ?? ZERO, tax));
  }
  return roundTaxes(exact);
}

function mergeTaxes(target: Map<number, number>, taxes: TaxesByRate): void {
  for (const [id, amount] of Object.entries(taxes)) target.set(Number(id), (target.get(Number(id)) ?? 0) + amount);
}

interface FeeContext {
  input: TotalsInput;
  location: TaxLocation;
  buckets: CostBuckets;
  /** Tax charged so far per rate; a negative fee never takes back more than that. */
  charged: Map<number, number>;
  itemsTotal: number;
  shippingTotal: number;
}

function feeTotals({ input, location, buckets, charged, itemsTotal, shippingTotal }: FeeContext): FeeTotals[] {
  let running = 0;
  return mapped(input.fees, (fee) => {
    // A negative fee may take the order down to zero, never below.
    const total = Math.max(fee.amount, 0 - Math.max(0, itemsTotal + running + shippingTotal));
    running += total;
    const rates = input.taxesEnabled && fee.taxable ? matchTaxRates(input.taxRates, location, fee.taxClass) : [];
    let taxes: TaxesByRate = {};
    if (input.taxesEnabled && total < 0) {
      taxes = negativeFeeTaxes(total, buckets);
      for (const id of Object.keys(taxes).map(Number)) taxes[id] = Math.max(taxes[id] ?? 0, 0 - (charged.get(id) ?? 0));
    } else if (rates.length > 0) {
      taxes = calcTax(total, rates, false);
    }
    mergeTaxes(charged, taxes);
    // Later negative fees are split over the fees before them too.
    addCost(buckets, fee.taxable ? `class:${fee.taxClass}` : "untaxed", rates, total);
    return { id: fee.id, name: fee.name, total, total_tax: sumValues(taxes), taxes };
  });
}

function taxLines(merged: Map<number, number>, shippingTaxes: Map<number, number>, rates: readonly TaxRate[]): TaxLine[] {
  const byId = new Map(rates.map((rate) => [rate.id, rate]));
  return (
    [...merged]
      .map(([id, price]) => ({ rate: byId.get(id)!, price, shippingTax: shippingTaxes.get(id) ?? 0 }))
      // A rate whose fees took back all it charged still keeps its shipping tax, so the lines add up to the order's.
      .filter(({ price, shippingTax }) => price !== 0 || shippingTax !== 0)
      .sort((a, b) => a.rate.priority - b.rate.priority || a.rate.order - b.rate.order || a.rate.id - b.rate.id)
      .map(({ rate, price, shippingTax }) => ({ rateId: rate.id, name: rate.name, rate: formatRatePercent(rate.rate), price, shippingTax }))
  );
}

const sum = <T>(items: readonly T[], pick: (item: T) => number): number => items.reduce((total, item) => total + pick(item), 0);

/**
 * Stages 1 to 3, what the items come to: they read the lines, coupons, tax rates and location,
 * never shipping or fees. A cart priced twice at one location (before and after its rates are
 * known) works them out once (decision 0055).
 */
export interface ItemTotals {
  /** The input's lines, coupons, rates and location these totals were worked out for. */
  readonly basis: Omit<TotalsInput, "shipping" | "fees">;
  readonly priced: PricedLine[];
  readonly discounts: CouponDiscount[];
  readonly lines: Readonly<Record<string, LineTotals>>;
  /**
   * The same totals in the order of `priced`. The stages after read these by index: a lookup by line key
   * kept V8's Maglev code for `calculateTotals` deoptimising on every cart priced (decision 0121).
   */
  readonly lineRows: readonly LineTotals[];
  /** The items' totals before shipping and fees: what free-shipping minimums read. */
  readonly totals: { total_items: number; total_items_tax: number; total_discount: number; total_discount_tax: number };
  /** A coupon grants free shipping. */
  readonly freeShipping: boolean;
}

export function itemTotals(input: TotalsInput): ItemTotals {
  assertInput(input);
  const location = input.location ?? input.baseLocation;

  // 1. Line subtotals, before any coupon.
  const priced = mapped(input.lines, (line) => priceLine(line, input, location));

  // 2. Coupon discounts, split over the lines in whole cents.
  const discounts = splitDiscounts(
    mapped(priced, (p) => ({ line: p.line, price: p.price })),
    input.coupons,
    input.calcDiscountsSequentially ?? false,
  );
  const discountOf = (key: string) => sum(discounts, (d) => d.byLine.get(key) ?? 0);

  // 3. Line totals and their taxes.
  const lineRows = mapped(priced, (p) => lineTotals(p, discountOf(p.line.key)));
  const lines: Record<string, LineTotals> = {};
  for (const [index, p] of priced.entries()) lines[p.line.key] = lineRows[index]!;
  return {
    basis: input,
    priced,
    discounts,
    lines,
    lineRows,
    totals: {
      total_items: sum(lineRows, (l) => l.line_subtotal),
      total_items_tax: sum(lineRows, (l) => l.line_subtotal_tax),
      total_discount: sum(lineRows, (l) => l.line_subtotal - l.line_total),
      total_discount_tax: sum(lineRows, (l) => l.line_subtotal_tax - l.line_total_tax),
    },
    freeShipping: input.coupons.some((coupon) => coupon.freeShipping),
  };
}

const sameLocation = (a: TaxLocation | null | undefined, b: TaxLocation | null | undefined) =>
  a === b || (!!a && !!b && a.country === b.country && a.state === b.state && a.postcode === b.postcode && a.city === b.city);

/** Whether item totals worked out for one input hold for another: the same lines, coupons, rates, settings and location. */
function itemsHold(items: ItemTotals, input: TotalsInput): boolean {
  const basis = items.basis;
  return (
    basis.lines === input.lines &&
    basis.coupons === input.coupons &&
    basis.taxRates === input.taxRates &&
    basis.pricesIncludeTax === input.pricesIncludeTax &&
    basis.taxesEnabled === input.taxesEnabled &&
    basis.calcDiscountsSequentially === input.calcDiscountsSequentially &&
    sameLocation(basis.baseLocation, input.baseLocation) &&
    sameLocation(basis.location ?? basis.baseLocation, input.location ?? input.baseLocation)
  );
}

/** The whole pipeline; `items` (from itemTotals) is reused when it was worked out for the same items and location. */
export function calculateTotals(input: TotalsInput, items?: ItemTotals): TotalsResult {
  const reused = items !== undefined && itemsHold(items, input);
  // Fees and shipping are checked here when the items' stages were worked out before.
  if (reused) assertInput(input);
  const stage = reused ? items : itemTotals(input);
  const { priced, discounts, lines, lineRows } = stage;
  const location = input.location ?? input.baseLocation;
  const itemsTotal = sum(lineRows, (l) => l.line_total);

  // 4. Shipping: entered without tax, taxed at the rates of its class that apply to shipping.
  const shippingRates = shippingTaxRatesAt(input, location);
  const shipping: Record<number, ShippingTotals> = {};
  for (const charge of input.shipping) {
    const taxes = shippingChargeTaxes(charge.cost, charge.taxable, shippingRates);
    const row = shipping[charge.packageId] ?? { total: 0, total_tax: 0, taxes: {} };
    row.total += charge.cost;
    row.total_tax += sumValues(taxes);
    for (const [id, tax] of Object.entries(taxes)) row.taxes[Number(id)] = (row.taxes[Number(id)] ?? 0) + tax;
    shipping[charge.packageId] = row;
  }
  const shippingRows = Object.values(shipping);
  const shippingTotal = sum(shippingRows, (s) => s.total);

  // 5. Fees, capped so negative ones cannot push the order below zero.
  const buckets: CostBuckets = new Map();
  for (const [index, p] of priced.entries()) {
    addCost(buckets, p.rates.length ? `class:${p.line.taxClass}` : "untaxed", p.rates, lineRows[index]!.line_total);
  }
  for (const charge of input.shipping)
    addCost(buckets, charge.taxable ? "shipping" : "untaxed", charge.taxable ? shippingRates : [], charge.cost);
  const charged = new Map<number, number>();
  for (const row of [...lineRows, ...shippingRows]) mergeTaxes(charged, row.taxes);
  const shippingTaxes = new Map<number, number>();
  for (const row of shippingRows) mergeTaxes(shippingTaxes, row.taxes);
  const fees = feeTotals({ input, location, buckets, charged, itemsTotal, shippingTotal });

  // 6. Grand total.
  const totalTax = sum(lineRows, (l) => l.line_total_tax) + sum(shippingRows, (s) => s.total_tax) + sum(fees, (f) => f.total_tax);
  const feesTotal = sum(fees, (f) => f.total);

  return {
    lines: { ...lines },
    // Most carts have no coupon: couponTotals then never sees an empty array (another map to V8, its code thrown away).
    coupons: discounts.length ? couponTotals(priced, lineRows, discounts) : {},
    fees,
    shipping,
    totals: {
      total_items: stage.totals.total_items,
      total_items_tax: stage.totals.total_items_tax,
      total_fees: feesTotal,
      total_fees_tax: sum(fees, (f) => f.total_tax),
      total_discount: stage.totals.total_discount,
      total_discount_tax: stage.totals.total_discount_tax,
      total_shipping: shippingTotal,
      total_shipping_tax: sum(shippingRows, (s) => s.total_tax),
      total_price: Math.max(0, itemsTotal + feesTotal + shippingTotal + totalTax),
      total_tax: totalTax,
    },
    tax_lines: taxLines(charged, shippingTaxes, input.taxRates),
    freeShipping: stage.freeShipping,
  };
}

type ShippingTaxBasis = Pick<TotalsInput, "taxesEnabled" | "taxRates" | "lines" | "shippingTaxClass" | "taxClassOrder">;

/** The tax rates a cart's shipping is charged at a location: those of its shipping class that apply to shipping. */
function shippingTaxRatesAt(input: ShippingTaxBasis, location: TaxLocation): readonly TaxRate[] {
  const shippingClass = input.taxesEnabled ? shippingTaxClass(input) : null;
  return shippingClass === null ? [] : matchTaxRates(input.taxRates, location, shippingClass).filter((rate) => rate.shipping);
}

function shippingChargeTaxes(cost: number, taxable: boolean, shippingTaxRates: readonly TaxRate[]): TaxesByRate {
  return taxable ? calcTax(cost, shippingTaxRates, false) : {};
}

/**
 * The tax one shipping charge would carry at a location (null: the base location), as stage 4 works it out:
 * what an offered rate shows before it is chosen.
 */
export function shippingChargeTax(
  input: ShippingTaxBasis & Pick<TotalsInput, "baseLocation">,
  location: TaxLocation | null,
  charge: Pick<ShippingCharge, "cost" | "taxable">,
): number {
  if (!charge.taxable || charge.cost === 0 || !input.taxesEnabled) return 0;
  return sumValues(shippingChargeTaxes(charge.cost, true, shippingTaxRatesAt(input, location ?? input.baseLocation)));
}
