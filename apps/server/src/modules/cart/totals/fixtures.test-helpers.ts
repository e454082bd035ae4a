/** Builders for the totals tests: the DEMO shop's catalogue, coupons and taxes (shared/DEMO.md). */
import type { ShopPriceRules } from "./shop-price.ts";
import type { Coupon, TaxLocation, TaxRate, TotalsInput, TotalsLine } from "./types.ts";

export const CA: TaxLocation = { country: "US", state: "CA", postcode: "90001", city: "Springfield" };
export const NY: TaxLocation = { country: "US", state: "NY", postcode: "10001", city: "New York" };
export const GB: TaxLocation = { country: "GB", state: "", postcode: "SW1A 1AA", city: "London" };
export const DE: TaxLocation = { country: "DE", state: "", postcode: "10115", city: "Berlin" };
export const FR: TaxLocation = { country: "FR", state: "", postcode: "75001", city: "Paris" };
export const BASE: TaxLocation = { country: "US", state: "CA", postcode: "", city: "" };

export function rate(overrides: Partial<TaxRate> & Pick<TaxRate, "id" | "rate" | "name">): TaxRate {
  return {
    country: "",
    state: "",
    postcodes: [],
    cities: [],
    priority: 1,
    compound: false,
    shipping: true,
    taxClass: "",
    order: 0,
    ...overrides,
  };
}

export const DEMO_RATES: TaxRate[] = [
  rate({ id: 1, country: "US", state: "CA", rate: 72_500, name: "CA Tax", order: 0 }),
  rate({ id: 2, country: "US", state: "NY", rate: 40_000, name: "NY Tax", order: 1 }),
  rate({ id: 3, country: "GB", rate: 200_000, name: "VAT", order: 2 }),
  rate({ id: 4, country: "DE", rate: 190_000, name: "MwSt", order: 3 }),
];

/** A reduced class's California rate beside the demo's, for the shop's shown prices. */
export const REDUCED = rate({ id: 10, country: "US", state: "CA", rate: 25_000, name: "CA reduced", taxClass: "reduced-rate" });

/** The shop's price rules as the demo with prices shown including tax, overridden where a test says. */
export const shopPriceRules = (overrides: Partial<ShopPriceRules> = {}): ShopPriceRules => ({
  taxesEnabled: true,
  pricesIncludeTax: false,
  displayIncludingTax: true,
  taxRates: [...DEMO_RATES, REDUCED],
  baseLocation: BASE,
  ...overrides,
});

export const PRODUCTS = { tshirt: 11, beanie: 12, hoodie: 13, giftCard: 15, book: 18 } as const;
export const CATEGORIES = { clothing: 101, accessories: 102, gifts: 103, books: 104 } as const;

export function line(overrides: Partial<TotalsLine> & Pick<TotalsLine, "key" | "unitPrice">): TotalsLine {
  return {
    productId: 1,
    parentId: null,
    categoryIds: [],
    quantity: 1,
    regularUnitPrice: overrides.unitPrice,
    onSale: false,
    taxStatus: "taxable",
    taxClass: "",
    needsShipping: true,
    ...overrides,
  };
}

export const tshirt = (quantity = 1): TotalsLine =>
  line({ key: "tshirt", productId: PRODUCTS.tshirt, categoryIds: [CATEGORIES.clothing], unitPrice: 2000, quantity });
export const beanie = (quantity = 1): TotalsLine =>
  line({
    key: "beanie",
    productId: PRODUCTS.beanie,
    categoryIds: [CATEGORIES.accessories],
    unitPrice: 1800,
    regularUnitPrice: 2000,
    onSale: true,
    quantity,
  });
export const giftCard = (quantity = 1): TotalsLine =>
  line({ key: "gift", productId: PRODUCTS.giftCard, categoryIds: [CATEGORIES.gifts], unitPrice: 5000, quantity, needsShipping: false });

export function coupon(overrides: Partial<Coupon> & Pick<Coupon, "code" | "type" | "amount">): Coupon {
  return {
    id: 1,
    freeShipping: false,
    individualUse: false,
    excludeSaleItems: false,
    productIds: [],
    excludedProductIds: [],
    categoryIds: [],
    excludedCategoryIds: [],
    minimumSpend: null,
    maximumSpend: null,
    expiresAt: null,
    usageLimit: null,
    usageLimitPerUser: null,
    limitUsageToXItems: null,
    allowedEmails: [],
    ...overrides,
  };
}

export const SAVE10 = coupon({ id: 101, code: "save10", type: "percent", amount: 1000 });
export const FIVE_OFF = coupon({ id: 102, code: "5off", type: "fixed_cart", amount: 500 });
export const FREESHIP = coupon({ id: 103, code: "freeship", type: "fixed_cart", amount: 0, freeShipping: true });
export const TSHIRT2 = coupon({ id: 104, code: "tshirt2", type: "fixed_product", amount: 200, productIds: [PRODUCTS.tshirt] });
export const ONCE = coupon({ id: 105, code: "once", type: "percent", amount: 1000, usageLimit: 1 });
export const EXPIRED = coupon({ id: 106, code: "expired", type: "percent", amount: 1000, expiresAt: "2024-01-01T00:00:00.000Z" });
export const MIN50 = coupon({ id: 107, code: "min50", type: "percent", amount: 1000, minimumSpend: 5000 });

/** The DEMO shop: prices without tax, base US/CA, taxes on. */
export function demoInput(overrides: Partial<TotalsInput> = {}): TotalsInput {
  return {
    lines: [],
    coupons: [],
    fees: [],
    shipping: [],
    taxRates: DEMO_RATES,
    location: CA,
    baseLocation: BASE,
    pricesIncludeTax: false,
    taxesEnabled: true,
    calcDiscountsSequentially: false,
    ...overrides,
  };
}

export const flatRate = (cost: number, packageId = 0) => ({ packageId, rateId: "flat_rate:1", cost, taxable: true });
