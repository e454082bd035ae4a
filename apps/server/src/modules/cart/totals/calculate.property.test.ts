import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateTotals, itemTotals } from "./calculate.ts";
import { splitDiscounts } from "./discounts.ts";
import { BASE, CA, coupon, DE, DEMO_RATES, FR, GB, line, NY, rate } from "./fixtures.test-helpers.ts";
import { calcTax, matchTaxRates } from "./taxes.ts";
import type { Coupon, Fee, ShippingCharge, TaxLocation, TaxStatus, TotalsInput, TotalsLine, TotalsResult } from "./types.ts";

const QC: TaxLocation = { country: "CA", state: "QC", postcode: "H2X", city: "" };
const LA: TaxLocation = { ...CA, postcode: "90012" };

/** The DEMO rates plus a reduced class, a county rate by postcode and a compound rate, to cover every path. */
const RATES = [
  ...DEMO_RATES,
  rate({ id: 5, country: "GB", rate: 50_000, name: "VAT reduced", taxClass: "reduced-rate" }),
  rate({ id: 6, country: "US", state: "CA", postcodes: ["900*"], rate: 22_500, name: "LA County", priority: 2, shipping: false }),
  rate({ id: 7, country: "CA", rate: 50_000, name: "GST" }),
  rate({ id: 8, country: "CA", state: "QC", rate: 99_750, name: "QST", priority: 2, compound: true }),
];

const lineArb = fc.record({
  productId: fc.integer({ min: 1, max: 6 }),
  parentId: fc.option(fc.integer({ min: 7, max: 8 }), { nil: null }),
  categoryIds: fc.subarray([1, 2, 3]),
  quantity: fc.integer({ min: 1, max: 6 }),
  unitPrice: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 5 })),
  onSale: fc.boolean(),
  taxStatus: fc.constantFrom<TaxStatus>("taxable", "taxable", "shipping", "none"),
  taxClass: fc.constantFrom("", "", "reduced-rate"),
});

const couponArb = fc.record({
  type: fc.constantFrom("percent", "fixed_cart", "fixed_product") as fc.Arbitrary<Coupon["type"]>,
  id: fc.integer({ min: 1, max: 4 }),
  amount: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 3 })),
  limitUsageToXItems: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  excludeSaleItems: fc.boolean(),
  productIds: fc.subarray([1, 2, 3, 7]),
  excludedProductIds: fc.subarray([4, 8]),
  categoryIds: fc.subarray([1, 2]),
  excludedCategoryIds: fc.subarray([3]),
});

const feeArb = (allowNegative: boolean) =>
  fc.record({
    amount: allowNegative ? fc.integer({ min: -30_000, max: 10_000 }) : fc.integer({ min: 0, max: 10_000 }),
    taxable: fc.boolean(),
    taxClass: fc.constantFrom("", "reduced-rate"),
  });

const shippingArb = fc.record({ cost: fc.integer({ min: 0, max: 3000 }), taxable: fc.boolean() });

function inputArb(allowNegativeFees = true): fc.Arbitrary<TotalsInput> {
  return fc
    .record({
      lines: fc.array(lineArb, { maxLength: 6 }),
      coupons: fc.array(couponArb, { maxLength: 4 }),
      fees: fc.array(feeArb(allowNegativeFees), { maxLength: 3 }),
      shipping: fc.array(shippingArb, { maxLength: 2 }),
      location: fc.constantFrom<TaxLocation | null>(CA, LA, NY, GB, DE, FR, QC, null),
      baseLocation: fc.constantFrom(BASE, GB, QC),
      pricesIncludeTax: fc.boolean(),
      taxesEnabled: fc.boolean(),
      calcDiscountsSequentially: fc.boolean(),
      shippingTaxClass: fc.constantFrom<string | null>(null, null, "", "reduced-rate"),
      taxClassOrder: fc.constant(["reduced-rate", "zero-rate"]),
    })
    .map(({ lines, coupons, fees, shipping, ...settings }) => ({
      ...settings,
      lines: lines.map((l, i): TotalsLine => line({ key: `line-${i}`, regularUnitPrice: l.unitPrice, ...l })),
      coupons: coupons.map((c, i) => coupon({ code: `c${i}`, ...c })),
      fees: fees.map((f, i): Fee => ({ id: `fee-${i}`, name: "", ...f })),
      shipping: shipping.map((s, i): ShippingCharge => ({ packageId: i, rateId: `flat_rate:${i}`, ...s })),
      taxRates: RATES,
    }));
}

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

function shuffled<T>(items: readonly T[], seed: number): T[] {
  return items
    .map((item, i) => ({ item, order: (i * 7919 + seed * 104_729) % 1009 }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => item);
}

function allNumbers(result: TotalsResult): number[] {
  return [
    ...Object.values(result.lines).flatMap((l) => [
      l.line_subtotal,
      l.line_subtotal_tax,
      l.line_total,
      l.line_total_tax,
      ...Object.values(l.taxes),
    ]),
    ...Object.values(result.coupons).flatMap((c) => [c.discount, c.discount_tax]),
    ...Object.values(result.shipping).flatMap((s) => [s.total, s.total_tax, ...Object.values(s.taxes)]),
    ...result.fees.flatMap((f) => [f.total, f.total_tax]),
    ...Object.values(result.totals),
    ...result.tax_lines.map((t) => t.price),
  ];
}

describe("calculateTotals properties", () => {
  it("(a) each coupon's line discounts add up exactly to its discount, and never past a line's price", () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const lines = input.lines.map((l) => ({ line: l, price: l.unitPrice * l.quantity }));
        const discounts = splitDiscounts(lines, input.coupons, input.calcDiscountsSequentially);
        for (const d of discounts) {
          expect(total([...d.byLine.values()])).toBe(d.total);
          for (const part of d.byLine.values()) expect(part).toBeGreaterThan(0);
        }
        for (const l of lines) expect(total(discounts.map((d) => d.byLine.get(l.line.key) ?? 0))).toBeLessThanOrEqual(l.price);

        const result = calculateTotals(input);
        const coupons = Object.values(result.coupons);
        expect(total(coupons.map((c) => c.discount))).toBe(result.totals.total_discount);
        expect(total(coupons.map((c) => c.discount_tax))).toBe(result.totals.total_discount_tax);
      }),
    );
  });

  it("(a) a lone fixed_cart coupon takes min(amount, what its lines are worth); a lone percent ≤ 100 % the rounded exact share", () => {
    fc.assert(
      fc.property(inputArb(), fc.integer({ min: 0, max: 10_000 }), (input, amount) => {
        const lines = input.lines.map((l) => ({ line: l, price: l.unitPrice * l.quantity }));
        const worth = total(lines.filter((l) => !l.line.onSale).map((l) => l.price));
        const fixedCart = coupon({ code: "fc", type: "fixed_cart", amount: amount * 3, excludeSaleItems: true });
        expect(splitDiscounts(lines, [fixedCart])[0]?.total).toBe(Math.min(amount * 3, worth));
        const percent = coupon({ code: "p", type: "percent", amount, excludeSaleItems: true });
        // worth × amount / 10 000, rounded half up, in integers
        expect(splitDiscounts(lines, [percent])[0]?.total).toBe(Math.floor((2 * worth * amount + 10_000) / 20_000));
      }),
    );
  });

  it("(b) without negative fees no amount is ever negative", () => {
    fc.assert(
      fc.property(inputArb(false), (input) => {
        for (const value of allNumbers(calculateTotals(input))) expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("(b) with negative fees only the fee rows go negative: never a line, coupon, tax or the grand total", () => {
    fc.assert(
      fc.property(inputArb(true), (input) => {
        const { fees: _fees, totals, ...rest } = calculateTotals(input);
        for (const value of allNumbers({ ...rest, fees: [], totals: { ...totals, total_fees: 0, total_fees_tax: 0 } })) {
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(totals.total_items - totals.total_discount + totals.total_fees + totals.total_shipping).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("(c) item totals worked out before the shipping (a cart's first pass) give the same result as the whole pipeline, at any location", () => {
    fc.assert(
      fc.property(inputArb(), fc.constantFrom<TaxLocation | null>(CA, LA, NY, GB, QC, null), (input, firstLocation) => {
        const first = itemTotals({ ...input, shipping: [], location: firstLocation });
        expect(calculateTotals(input, first)).toEqual(calculateTotals(input));
        // What the first pass answers is what the whole pipeline answers at its location.
        const atFirst = calculateTotals({ ...input, location: firstLocation }).totals;
        expect(first.totals).toEqual({
          total_items: atFirst.total_items,
          total_items_tax: atFirst.total_items_tax,
          total_discount: atFirst.total_discount,
          total_discount_tax: atFirst.total_discount_tax,
        });
        expect(first.freeShipping).toBe(input.coupons.some((c) => c.freeShipping));
      }),
      { numRuns: 300 },
    );
  });

  it("(c) rounding is stable: the same input twice, or with lines and coupons reordered, gives the same result", () => {
    fc.assert(
      fc.property(inputArb(), fc.nat(), (input, seed) => {
        const first = calculateTotals(input);
        expect(calculateTotals(structuredClone(input))).toEqual(first);
        expect(calculateTotals({ ...input, lines: shuffled(input.lines, seed), coupons: shuffled(input.coupons, seed + 1) })).toEqual(
          first,
        );
      }),
    );
  });

  it("(d) total_price = max(0, total_items − total_discount + total_fees + total_shipping + total_tax), and the tax rows agree, shipping tax by rate too", () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const { totals, lines, tax_lines, shipping, fees } = calculateTotals(input);
        const rows = Object.values(lines);
        expect(totals.total_price).toBe(
          Math.max(0, totals.total_items - totals.total_discount + totals.total_fees + totals.total_shipping + totals.total_tax),
        );
        expect(totals.total_tax).toBe(
          totals.total_items_tax - totals.total_discount_tax + totals.total_fees_tax + totals.total_shipping_tax,
        );
        expect(total(tax_lines.map((t) => t.price))).toBe(totals.total_tax);
        // An order keeps its shipping tax by rate from these lines (decision 0152): they add up to the shipping tax.
        expect(total(tax_lines.map((t) => t.shippingTax))).toBe(totals.total_shipping_tax);
        expect(total(rows.map((l) => l.line_subtotal))).toBe(totals.total_items);
        expect(total(rows.map((l) => l.line_subtotal_tax))).toBe(totals.total_items_tax);
        for (const l of rows) expect(total(Object.values(l.taxes))).toBe(l.line_total_tax);
        for (const s of Object.values(shipping)) expect(total(Object.values(s.taxes))).toBe(s.total_tax);
        for (const f of fees) expect(total(Object.values(f.taxes))).toBe(f.total_tax);
        if (!input.taxesEnabled) {
          expect(taxesOf(totals)).toEqual({
            total_items_tax: 0,
            total_fees_tax: 0,
            total_discount_tax: 0,
            total_shipping_tax: 0,
            total_tax: 0,
          });
          expect(tax_lines).toEqual([]);
        }
      }),
    );
  });

  it("line prices: exclusive lines keep their price; inclusive lines keep their (customer-adjusted) gross price", () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const result = calculateTotals(input);
        const location = input.location ?? input.baseLocation;
        for (const l of input.lines) {
          const row = result.lines[l.key]!;
          const price = l.unitPrice * l.quantity;
          const inclusive = input.taxesEnabled && input.pricesIncludeTax && l.taxStatus === "taxable";
          if (!inclusive) {
            expect(row.line_subtotal).toBe(price);
            continue;
          }
          const base = matchTaxRates(RATES, input.baseLocation, l.taxClass);
          const mine = matchTaxRates(RATES, location, l.taxClass);
          const sameTaxes = base.map((r) => r.id).join() === mine.map((r) => r.id).join();
          if (sameTaxes) expect(row.line_subtotal + row.line_subtotal_tax).toBe(price);
          // Swapping taxes keeps the net price within a cent of the base net price.
          const baseNet = price - total(Object.values(calcTax(price, base, true)));
          expect(Math.abs(row.line_subtotal - baseNet)).toBeLessThanOrEqual(1 + mine.length + base.length);
        }
      }),
    );
  });
});

function taxesOf(totals: TotalsResult["totals"]): Record<string, number> {
  const { total_items_tax, total_fees_tax, total_discount_tax, total_shipping_tax, total_tax } = totals;
  return { total_items_tax, total_fees_tax, total_discount_tax, total_shipping_tax, total_tax };
}
