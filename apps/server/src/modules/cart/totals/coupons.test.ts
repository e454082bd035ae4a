import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { type CouponContext, couponAppliesToLine, emailAllowed, validateCoupon } from "./coupons.ts";
import {
  beanie,
  CATEGORIES,
  coupon,
  EXPIRED,
  FIVE_OFF,
  giftCard,
  line,
  MIN50,
  ONCE,
  PRODUCTS,
  SAVE10,
  TSHIRT2,
  tshirt,
} from "./fixtures.test-helpers.ts";
import type { Coupon } from "./types.ts";

const NOW = new Date("2026-06-15T12:00:00Z");

function ctx(overrides: Partial<CouponContext> = {}): CouponContext {
  const lines = overrides.lines ?? [tshirt(2)];
  return {
    lines,
    appliedCoupons: [],
    now: NOW,
    usageCount: 0,
    usageCountForCustomer: 0,
    customerEmails: [],
    subtotalForLimits: lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
    currency: DEFAULT_CURRENCY,
    ...overrides,
  };
}

const hoodieRedL = line({
  key: "hoodie-red-l",
  productId: 131,
  parentId: PRODUCTS.hoodie,
  categoryIds: [CATEGORIES.clothing],
  unitPrice: 3900,
});

type Case = [string, Coupon, Partial<CouponContext>, string | null, string?];

const cases: Case[] = [
  // DEMO coupons
  ["SAVE10 on T-shirts", SAVE10, {}, null],
  ["EXPIRED", EXPIRED, {}, "expired", 'Coupon "expired" has expired.'],
  ["ONCE after one use", ONCE, { usageCount: 1 }, "usage_limit_reached", 'Usage limit for coupon "once" has been reached.'],
  ["ONCE before use", ONCE, { usageCount: 0 }, null],
  ["MIN50 under 50.00", MIN50, {}, "minimum_spend", 'The minimum spend for coupon "min50" is $50.00.'],
  ["MIN50 at exactly 50.00", MIN50, { subtotalForLimits: 5000 }, null],
  [
    "TSHIRT2 without a T-shirt",
    TSHIRT2,
    { lines: [beanie()] },
    "not_applicable",
    'Sorry, coupon "tshirt2" is not applicable to selected products.',
  ],
  ["TSHIRT2 with a T-shirt", TSHIRT2, { lines: [beanie(), tshirt()] }, null],

  // expiry
  ["expiring later", coupon({ code: "later", type: "percent", amount: 1, expiresAt: "2026-06-15T12:00:01Z" }), {}, null],
  ["expiring this instant", coupon({ code: "now", type: "percent", amount: 1, expiresAt: "2026-06-15T12:00:00Z" }), {}, null],
  ["unreadable expiry", coupon({ code: "bad", type: "percent", amount: 1, expiresAt: "soon" }), {}, "expired"],

  // usage limits
  ["limit 0 = unlimited", coupon({ code: "z", type: "percent", amount: 1, usageLimit: 0 }), { usageCount: 99 }, null],
  [
    "per-customer limit reached",
    coupon({ code: "mine", type: "percent", amount: 1, usageLimitPerUser: 2 }),
    { usageCountForCustomer: 2 },
    "usage_limit_per_user_reached",
    'You have already used coupon "mine" as many times as it allows.',
  ],
  [
    "per-customer limit not reached",
    coupon({ code: "mine", type: "percent", amount: 1, usageLimitPerUser: 2 }),
    { usageCountForCustomer: 1 },
    null,
  ],

  // spend limits
  [
    "maximum spend exceeded",
    coupon({ code: "small", type: "percent", amount: 1, maximumSpend: 3999 }),
    {},
    "maximum_spend",
    'The maximum spend for coupon "small" is $39.99.',
  ],
  ["maximum spend met exactly", coupon({ code: "small", type: "percent", amount: 1, maximumSpend: 4000 }), {}, null],

  // product and category includes
  [
    "variation matched by its parent",
    coupon({ code: "hood", type: "percent", amount: 1, productIds: [PRODUCTS.hoodie] }),
    { lines: [hoodieRedL] },
    null,
  ],
  ["category included", coupon({ code: "wear", type: "percent", amount: 1, categoryIds: [CATEGORIES.clothing] }), {}, null],
  [
    "category not in cart",
    coupon({ code: "books", type: "percent", amount: 1, categoryIds: [CATEGORIES.books] }),
    {},
    "not_applicable",
    'Sorry, coupon "books" is not applicable to selected products.',
  ],
  [
    "fixed cart restricted to a product that is present",
    coupon({ code: "fc", type: "fixed_cart", amount: 100, productIds: [PRODUCTS.tshirt] }),
    { lines: [tshirt(), giftCard()] },
    null,
  ],

  // excludes
  [
    "fixed cart with an excluded product in the cart",
    coupon({ code: "nogift", type: "fixed_cart", amount: 100, excludedProductIds: [PRODUCTS.giftCard] }),
    { lines: [tshirt(), giftCard()] },
    "excluded_products",
    'Sorry, coupon "nogift" cannot be used with some of the products in your cart.',
  ],
  [
    "fixed cart with an excluded category in the cart",
    coupon({ code: "nogifts", type: "fixed_cart", amount: 100, excludedCategoryIds: [CATEGORIES.gifts] }),
    { lines: [tshirt(), giftCard()] },
    "excluded_categories",
    'Sorry, coupon "nogifts" cannot be used with products from some categories in your cart.',
  ],
  [
    "percent with an excluded product beside an eligible one",
    coupon({ code: "pct", type: "percent", amount: 1, excludedProductIds: [PRODUCTS.giftCard] }),
    { lines: [tshirt(), giftCard()] },
    null,
  ],
  [
    "percent where every line is excluded",
    coupon({ code: "pct", type: "percent", amount: 1, excludedCategoryIds: [CATEGORIES.gifts] }),
    { lines: [giftCard()] },
    "not_applicable",
  ],
  [
    "excluding the parent excludes its variations",
    coupon({ code: "nohood", type: "fixed_product", amount: 1, excludedProductIds: [PRODUCTS.hoodie] }),
    { lines: [hoodieRedL] },
    "not_applicable",
  ],

  // sale items
  [
    "fixed cart excluding sale items, sale item in cart",
    coupon({ code: "fullprice", type: "fixed_cart", amount: 100, excludeSaleItems: true }),
    { lines: [tshirt(), beanie()] },
    "sale_items",
    'Sorry, coupon "fullprice" is not valid for sale items.',
  ],
  [
    "percent excluding sale items, only sale items",
    coupon({ code: "fullprice", type: "percent", amount: 1, excludeSaleItems: true }),
    { lines: [beanie()] },
    "sale_items",
    'Sorry, coupon "fullprice" is not valid for sale items.',
  ],
  [
    "percent excluding sale items, one regular item",
    coupon({ code: "fullprice", type: "percent", amount: 1, excludeSaleItems: true }),
    { lines: [tshirt(), beanie()] },
    null,
  ],
  [
    "category coupon whose only match is on sale",
    coupon({ code: "acc", type: "percent", amount: 1, excludeSaleItems: true, categoryIds: [CATEGORIES.accessories] }),
    { lines: [tshirt(), beanie()] },
    "not_applicable",
  ],

  // email restrictions
  [
    "email not allowed",
    coupon({ code: "staff", type: "percent", amount: 1, allowedEmails: ["*@cartwright.test"] }),
    { customerEmails: ["jane@example.com"] },
    "email_not_allowed",
    'Please enter a valid email to use coupon code "staff".',
  ],
  [
    "email matched by wildcard, any case",
    coupon({ code: "staff", type: "percent", amount: 1, allowedEmails: ["*@cartwright.test"] }),
    { customerEmails: ["", "Bob@Cartwright.TEST"] },
    null,
  ],
  [
    "email unknown yet: checked at checkout",
    coupon({ code: "staff", type: "percent", amount: 1, allowedEmails: ["jane@example.com"] }),
    { customerEmails: [] },
    null,
  ],

  // individual use
  [
    "an individual-use coupon is already applied",
    SAVE10,
    { appliedCoupons: [coupon({ code: "solo", type: "percent", amount: 1, individualUse: true })] },
    "individual_use_conflict",
    'Sorry, coupon "solo" has already been applied and cannot be used in conjunction with other coupons.',
  ],
  [
    "an individual-use coupon on top of others",
    coupon({ code: "solo", type: "percent", amount: 1, individualUse: true }),
    { appliedCoupons: [SAVE10] },
    "individual_use_only",
    'Sorry, coupon "solo" cannot be used in conjunction with other coupons.',
  ],
  [
    "re-checking an applied individual-use coupon against itself",
    coupon({ code: "solo", type: "percent", amount: 1, individualUse: true }),
    { appliedCoupons: [coupon({ code: "SOLO", type: "percent", amount: 1, individualUse: true })] },
    null,
  ],
  ["two ordinary coupons", FIVE_OFF, { appliedCoupons: [SAVE10] }, null],
];

describe("validateCoupon", () => {
  it.each(cases)("%s", (_, subject, overrides, reason, message) => {
    const verdict = validateCoupon(subject, ctx(overrides));
    if (reason === null) {
      expect(verdict).toEqual({ ok: true });
      return;
    }
    expect(verdict).toMatchObject({ ok: false, reason });
    // Every message names a coupon code in quotes.
    if (!verdict.ok) expect(verdict.message).toMatch(/"[^"]+"/);
    if (message) expect(verdict).toMatchObject({ message });
  });

  it("reports the first failure in WooCommerce's order (usage before expiry before spend)", () => {
    const everything = coupon({
      code: "all",
      type: "percent",
      amount: 1,
      usageLimit: 1,
      expiresAt: "2020-01-01T00:00:00Z",
      minimumSpend: 999_999,
    });
    expect(validateCoupon(everything, ctx({ usageCount: 1 }))).toMatchObject({ reason: "usage_limit_reached" });
    expect(validateCoupon(everything, ctx())).toMatchObject({ reason: "expired" });
    expect(validateCoupon({ ...everything, expiresAt: null }, ctx())).toMatchObject({ reason: "minimum_spend" });
  });

  it("formats spend limits in the shop's currency", () => {
    const euro = { ...DEFAULT_CURRENCY, code: "EUR", prefix: "", suffix: " €", decimalSeparator: ",", thousandSeparator: "." };
    const verdict = validateCoupon({ ...MIN50, minimumSpend: 123456 }, ctx({ currency: euro }));
    expect(verdict).toMatchObject({ message: 'The minimum spend for coupon "min50" is 1.234,56 €.' });
  });
});

describe("couponAppliesToLine", () => {
  it.each([
    ["percent, no restrictions", SAVE10, beanie(), true],
    ["fixed product on its product", TSHIRT2, tshirt(), true],
    ["fixed product on another product", TSHIRT2, beanie(), false],
    [
      "percent on the parent of a variation",
      coupon({ code: "h", type: "percent", amount: 1, productIds: [PRODUCTS.hoodie] }),
      hoodieRedL,
      true,
    ],
    ["percent by category", coupon({ code: "c", type: "percent", amount: 1, categoryIds: [CATEGORIES.clothing] }), tshirt(), true],
    ["percent by other category", coupon({ code: "c", type: "percent", amount: 1, categoryIds: [CATEGORIES.books] }), tshirt(), false],
    [
      "excluded product wins over an include",
      coupon({ code: "x", type: "percent", amount: 1, productIds: [11], excludedProductIds: [11] }),
      tshirt(),
      false,
    ],
    ["excluded category", coupon({ code: "x", type: "percent", amount: 1, excludedCategoryIds: [CATEGORIES.clothing] }), tshirt(), false],
    ["sale item excluded", coupon({ code: "s", type: "percent", amount: 1, excludeSaleItems: true }), beanie(), false],
    ["fixed cart covers every line", coupon({ code: "f", type: "fixed_cart", amount: 1, productIds: [PRODUCTS.tshirt] }), beanie(), true],
    [
      "fixed cart still skips excluded lines",
      coupon({ code: "f", type: "fixed_cart", amount: 1, excludedProductIds: [PRODUCTS.beanie] }),
      beanie(),
      false,
    ],
  ])("%s → %s", (_, subject, target, expected) => {
    expect(couponAppliesToLine(subject, target)).toBe(expected);
  });
});

describe("emailAllowed", () => {
  it.each([
    ["jane@example.com", ["jane@example.com"], true],
    ["JANE@example.com", ["jane@EXAMPLE.com"], true],
    ["jane@example.com", ["*@example.com"], true],
    ["jane@example.co", ["*@example.com"], false],
    ["jane@exampleXcom", ["*@example.com"], false],
    ["jane@example.com", ["bob@example.com", "j*"], true],
    ["jane@example.com", [], false],
  ])("%s in %j → %s", (email, allowed, expected) => {
    expect(emailAllowed(email, allowed)).toBe(expected);
  });
});
