import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import type { ProductRow } from "./catalog.repo.ts";
import { deriveStockStatus, priceHtml, quantityLimits, shapeProduct, shapeVariation, shapeVariationAsProduct } from "./product-shape.ts";

const row = (overrides: Partial<ProductRow> = {}): ProductRow => ({
  id: 1,
  parent_id: null,
  type: "simple",
  status: "publish",
  tax_status: "taxable",
  tax_class: "",
  downloadable: 0,
  download_limit: null,
  download_expiry_days: null,
  shipping_class_id: null,
  name: "Mug <Deluxe>",
  slug: "mug",
  sku: "",
  short_description: "",
  description: "",
  regular_price: 1000,
  sale_price: null,
  sale_starts_at: null,
  sale_ends_at: null,
  manage_stock: 0,
  stock_quantity: null,
  stock_status: "instock",
  backorders: "no",
  low_stock_amount: null,
  quantity_min: 1,
  quantity_max: null,
  quantity_step: 1,
  sold_individually: 0,
  catalog_visibility: "visible",
  virtual: 0,
  weight_grams: null,
  featured: 0,
  menu_order: 0,
  total_sales: 0,
  rating_x100: 425,
  review_count: 3,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
const none = { images: [], categories: [], tags: [], attributes: [], variations: [] };
const options = { currency: DEFAULT_CURRENCY, lowStockAmount: 2, now: new Date("2027-03-04T12:00:00Z") };

describe("deriveStockStatus", () => {
  it("follows the quantity when stock is managed", () => {
    expect(deriveStockStatus({ manage_stock: 1, stock_quantity: 3, backorders: "no", stock_status: "outofstock" })).toBe("instock");
    expect(deriveStockStatus({ manage_stock: 1, stock_quantity: 0, backorders: "no", stock_status: "instock" })).toBe("outofstock");
    expect(deriveStockStatus({ manage_stock: 1, stock_quantity: -2, backorders: "yes", stock_status: "instock" })).toBe("onbackorder");
    expect(deriveStockStatus({ manage_stock: 0, stock_quantity: null, backorders: "no", stock_status: "outofstock" })).toBe("outofstock");
  });
});

describe("quantityLimits", () => {
  it("uses 1–99 by default, caps by stock without backorders, and 1 when sold individually", () => {
    expect(quantityLimits(row())).toEqual({ minimum: 1, maximum: 99, multiple_of: 1, editable: true });
    expect(quantityLimits(row({ manage_stock: 1, stock_quantity: 3 }))).toMatchObject({ maximum: 3 });
    expect(quantityLimits(row({ manage_stock: 1, stock_quantity: 3, backorders: "yes" }))).toMatchObject({ maximum: 99 });
    expect(quantityLimits(row({ sold_individually: 1 }))).toEqual({ minimum: 1, maximum: 1, multiple_of: 1, editable: false });
  });
});

describe("shapeProduct", () => {
  it("escapes names in the accessible add-to-cart text and formats the rating", () => {
    const product = shapeProduct(row(), none, options);
    expect(product.add_to_cart.description).toBe("Add to cart: “Mug <Deluxe>”");
    expect(product.average_rating).toBe("4.25");
    expect(product.add_to_cart.url).toBe("?add-to-cart=1");
  });

  it("reports low stock at or below the threshold only", () => {
    expect(shapeProduct(row({ manage_stock: 1, stock_quantity: 2 }), none, options).low_stock_remaining).toBe(2);
    expect(shapeProduct(row({ manage_stock: 1, stock_quantity: 3 }), none, options).low_stock_remaining).toBeNull();
    expect(shapeProduct(row({ manage_stock: 1, stock_quantity: 3, low_stock_amount: 5 }), none, options).low_stock_remaining).toBe(3);
  });

  it("ignores a sale price that is not below the regular price", () => {
    const product = shapeProduct(row({ sale_price: 1200 }), none, options);
    expect(product.on_sale).toBe(false);
    expect(product.prices.price).toBe("1000");
  });

  it("uses a scheduled sale price only inside its window", () => {
    const scheduled = (starts: string | null, ends: string | null) =>
      shapeProduct(row({ sale_price: 800, sale_starts_at: starts, sale_ends_at: ends }), none, options);
    expect(scheduled("2027-03-04T12:00:00.000Z", "2027-03-05T00:00:00.000Z")).toMatchObject({ on_sale: true, prices: { price: "800" } });
    expect(scheduled("2027-03-04T12:00:00.001Z", null)).toMatchObject({ on_sale: false, prices: { price: "1000" } });
    expect(scheduled(null, "2027-03-04T12:00:00.000Z")).toMatchObject({ on_sale: false, prices: { price: "1000" } });
  });

  it("has no price and is not purchasable without a regular price", () => {
    const product = shapeProduct(row({ regular_price: null }), none, options);
    expect(product.is_purchasable).toBe(false);
    expect(product.prices.price).toBe("");
    expect(product.price_html).toBe("");
    expect(product.add_to_cart.text).toBe("Read more");
  });
});

describe("priceHtml", () => {
  const prices = {
    price: "1800",
    regular_price: "2000",
    sale_price: "1800",
    price_range: null,
    currency_code: "USD",
    currency_symbol: "$",
    currency_minor_unit: 2,
    currency_decimal_separator: ".",
    currency_thousand_separator: ",",
    currency_prefix: "$",
    currency_suffix: "",
  };
  it("strikes the regular price on sale", () => {
    expect(priceHtml(prices, true, DEFAULT_CURRENCY)).toBe(
      '<del aria-hidden="true"><span class="price-amount">$20.00</span></del> <ins><span class="price-amount">$18.00</span></ins>',
    );
  });
  it("shows a range", () => {
    expect(priceHtml({ ...prices, price_range: { min_amount: "3900", max_amount: "4500" } }, true, DEFAULT_CURRENCY)).toContain(
      "$39.00</span> &ndash; <span",
    );
  });
  it("puts the suffix after the price, escaped", () => {
    expect(priceHtml(prices, false, DEFAULT_CURRENCY, "incl. <VAT>")).toBe(
      '<span class="price-amount">$18.00</span> <small class="price-suffix">incl. &lt;VAT&gt;</small>',
    );
  });
  it("escapes the currency symbol", () => {
    expect(priceHtml(prices, false, { ...DEFAULT_CURRENCY, prefix: "<b>" })).toBe('<span class="price-amount">&lt;b&gt;18.00</span>');
  });
});

describe("shown prices", () => {
  // A stand-in for the base location's rates: 10 % on the standard class, 5 % on "reduced".
  const displayPrice = (amount: number, status: string, taxClass: string) =>
    status !== "taxable" ? amount : amount + (amount * (taxClass === "reduced" ? 5 : 10)) / 100;
  const withTax = { ...options, displayPrice };
  const variation = (id: number, price: number, taxClass: string) => ({
    row: row({ id, parent_id: 7, type: "variation", regular_price: price, tax_class: taxClass }),
    attributes: [],
    label: `Size: ${id}`,
    image: null,
  });

  it("shows a product's prices through the display, regular and sale alike", () => {
    const product = shapeProduct(row({ sale_price: 800 }), none, withTax);
    expect(product.prices).toMatchObject({ price: "880", regular_price: "1100", sale_price: "880" });
    expect(shapeProduct(row({ tax_status: "none" }), none, withTax).prices.price).toBe("1000");
  });

  it("prices each variation in its own class or its product's, and ranges over the shown prices", () => {
    const parent = row({ id: 7, type: "variable", regular_price: null, tax_class: "reduced" });
    const variations = [variation(8, 1000, "parent"), variation(9, 1000, "")];
    const product = shapeProduct(parent, { ...none, variations }, withTax);
    expect(product.prices.price_range).toEqual({ min_amount: "1050", max_amount: "1100" });
    expect(shapeVariation(variations[0]!, parent, withTax).prices.price).toBe("1050");
    expect(shapeVariation(variations[1]!, parent, withTax).prices.price).toBe("1100");
    expect(shapeVariationAsProduct(parent, variations[0]!, none, withTax).prices.price).toBe("1050");
    expect(shapeVariation(variations[0]!, { ...parent, tax_status: "none" }, withTax).prices.price).toBe("1000");
  });

  it("adds the suffix to price_html", () => {
    expect(shapeProduct(row(), none, { ...options, priceSuffix: "incl. VAT" }).price_html).toContain("incl. VAT</small>");
  });
});

describe("how much is left, as shoppers are told (decision 0099)", () => {
  const parent = row({ id: 7, type: "variable", regular_price: null, low_stock_amount: 6 });
  const variation = (overrides: Partial<ProductRow>) => ({
    row: row({ id: 8, parent_id: 7, type: "variation", manage_stock: 1, stock_quantity: 5, ...overrides }),
    attributes: [],
    label: "Size: M",
    image: null,
  });

  it("judges a variation by its own amount, else its product's, else the shop's, as the owner's notices do", () => {
    // The product's 6: 5 left is low, though the shop's amount is 2.
    expect(shapeVariation(variation({}), parent, options).low_stock_remaining).toBe(5);
    expect(shapeVariationAsProduct(parent, variation({}), none, options).low_stock_remaining).toBe(5);
    // Its own 3 comes first.
    expect(shapeVariation(variation({ low_stock_amount: 3 }), parent, options).low_stock_remaining).toBeNull();
    expect(shapeVariationAsProduct(parent, variation({ low_stock_amount: 3 }), none, options).low_stock_remaining).toBeNull();
    // Neither has one: the shop's 2.
    const plain = { ...parent, low_stock_amount: null };
    expect(shapeVariation(variation({}), plain, options).low_stock_remaining).toBeNull();
    expect(shapeVariation(variation({ stock_quantity: 2 }), plain, options).low_stock_remaining).toBe(2);
  });

  it("says nothing of stock that is not counted or is gone", () => {
    expect(shapeVariation(variation({ manage_stock: 0 }), parent, options).low_stock_remaining).toBeNull();
    expect(shapeVariation(variation({ stock_quantity: 0 }), parent, options).low_stock_remaining).toBeNull();
    expect(shapeProduct(row({ manage_stock: 1, stock_quantity: 2 }), none, options).low_stock_remaining).toBe(2);
    expect(shapeProduct(row({ manage_stock: 1, stock_quantity: 3 }), none, options).low_stock_remaining).toBeNull();
  });
});
