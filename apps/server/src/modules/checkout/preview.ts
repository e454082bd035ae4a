/**
 * The editor preview's cart (spec §1 "Store editors see an editor preview that uses sample cart
 * data", §9 "Sample (editor) data"): payment methods cod, bacs and cheque; rates flat_rate:0
 * (500) and free_shipping:1; a fee of 100 with 20 tax; tax at 20 %; quantity limits 1–99 step 1.
 * Nothing here is read from or written to the database: it is the same for every shop but for
 * the currency.
 */
import type { CurrencyFields, StoreCart, StoreCartItem, StoreShippingRate } from "@cartwright/commerce";

export const SAMPLE_TAX_RATE_PERCENT = 20;
export const SAMPLE_PAYMENT_METHODS = ["cod", "bacs", "cheque"] as const;

const tax = (amount: number) => Math.round((amount * SAMPLE_TAX_RATE_PERCENT) / 100);
const money = (amount: number) => String(amount);

const SAMPLE_LINES = [
  { key: "sample-1", id: 1, name: "Sample Beanie", description: "A warm knitted beanie.", unitPrice: 1200, quantity: 2 },
  { key: "sample-2", id: 2, name: "Sample Cap", description: "A cotton cap with a curved peak.", unitPrice: 1600, quantity: 1 },
] as const;

const SAMPLE_ADDRESS = {
  first_name: "",
  last_name: "",
  company: "",
  address_1: "",
  address_2: "",
  city: "",
  state: "",
  postcode: "",
  country: "",
  phone: "",
};

/** The sample cart in the shop's currency. Amounts are minor units; every total adds up. */
export function sampleCart(currency: CurrencyFields): StoreCart {
  const items: StoreCartItem[] = SAMPLE_LINES.map((line) => {
    const subtotal = line.unitPrice * line.quantity;
    return {
      key: line.key,
      id: line.id,
      type: "simple",
      quantity: line.quantity,
      name: line.name,
      summary: line.description,
      short_description: line.description,
      description: line.description,
      sku: `SAMPLE-${line.id}`,
      permalink: "",
      catalog_visibility: "visible",
      low_stock_remaining: null,
      backorders_allowed: false,
      show_backorder_badge: false,
      sold_individually: false,
      quantity_limits: { minimum: 1, maximum: 99, multiple_of: 1, editable: true },
      images: [],
      variation: [],
      item_data: [],
      prices: {
        price: money(line.unitPrice),
        regular_price: money(line.unitPrice),
        sale_price: money(line.unitPrice),
        price_range: null,
        raw_prices: {
          precision: 6,
          price: String(line.unitPrice * 10 ** (6 - currency.currency_minor_unit)),
          regular_price: String(line.unitPrice * 10 ** (6 - currency.currency_minor_unit)),
          sale_price: String(line.unitPrice * 10 ** (6 - currency.currency_minor_unit)),
        },
        ...currency,
      },
      totals: {
        line_subtotal: money(subtotal),
        line_subtotal_tax: money(tax(subtotal)),
        line_total: money(subtotal),
        line_total_tax: money(tax(subtotal)),
        ...currency,
      },
      extensions: {},
    };
  });

  const flatRate = 500;
  const rate = (fields: Omit<StoreShippingRate, keyof CurrencyFields | "description" | "delivery_time" | "meta_data">) => ({
    description: "",
    delivery_time: "",
    meta_data: [],
    ...fields,
    ...currency,
  });
  const shippingRates: StoreShippingRate[] = [
    rate({
      rate_id: "flat_rate:0",
      instance_id: 0,
      method_id: "flat_rate",
      name: "Flat rate shipping",
      price: money(flatRate),
      taxes: money(tax(flatRate)),
      selected: true,
    }),
    rate({
      rate_id: "free_shipping:1",
      instance_id: 1,
      method_id: "free_shipping",
      name: "Free shipping",
      price: "0",
      taxes: "0",
      selected: false,
    }),
  ];
  const fee = { total: 100, tax: 20 };

  const itemsTotal = SAMPLE_LINES.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const itemsTax = items.reduce((sum, i) => sum + Number(i.totals.line_total_tax), 0);
  const shippingTax = tax(flatRate);
  const totalTax = itemsTax + fee.tax + shippingTax;

  return {
    items,
    coupons: [],
    fees: [
      { id: "sample-fee", key: "sample-fee", name: "Fee", totals: { total: money(fee.total), total_tax: money(fee.tax), ...currency } },
    ],
    totals: {
      total_items: money(itemsTotal),
      total_items_tax: money(itemsTax),
      total_fees: money(fee.total),
      total_fees_tax: money(fee.tax),
      total_discount: "0",
      total_discount_tax: "0",
      total_shipping: money(flatRate),
      total_shipping_tax: money(shippingTax),
      total_price: money(itemsTotal + fee.total + flatRate + totalTax),
      total_tax: money(totalTax),
      tax_lines: [{ name: "Tax", rate: `${SAMPLE_TAX_RATE_PERCENT}%`, price: money(totalTax) }],
      ...currency,
    },
    shipping_address: { ...SAMPLE_ADDRESS },
    billing_address: { ...SAMPLE_ADDRESS, email: "" },
    needs_payment: true,
    needs_shipping: true,
    payment_requirements: ["products"],
    has_calculated_shipping: true,
    shipping_rates: [
      {
        package_id: 0,
        name: "Shipping",
        destination: { address_1: "", address_2: "", city: "", state: "", postcode: "", country: "" },
        items: items.map((i) => ({ key: i.key, name: i.name, quantity: i.quantity })),
        shipping_rates: shippingRates,
      },
    ],
    items_count: items.reduce((sum, i) => sum + i.quantity, 0),
    items_weight: 0,
    cross_sells: [],
    errors: [],
    payment_methods: [...SAMPLE_PAYMENT_METHODS],
    extensions: {},
  };
}
