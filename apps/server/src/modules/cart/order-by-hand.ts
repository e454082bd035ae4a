/**
 * Pricing an order the owner makes by hand (decision 0089): the lines, coupons and addresses they
 * chose become a cart held in memory, priced by the checkout's own stages (priceCart's lines,
 * coupons and taxes), with the order's one shipping line as the only rate: one of the shop's rates for
 * these items and this address, priced by the cart's own stage (class costs included), or the owner's
 * own. The rates the shop offers are answered too. Nothing is written; the
 * orders module writes the order from what this answers. Every field that cannot stand is named.
 */
import type { StoreCart as CartView } from "@cartwright/commerce";
import { StoreError } from "../../http/errors.ts";
import { type Purchasable, quantityLimits } from "../catalog/index.ts";
import type { CartFeeSetting, ShopContext } from "../settings/index.ts";
import type { RateOption } from "../shipping/index.ts";
import { cartErrors } from "./cart.errors.ts";
import type { CartItemRow, StoredCart } from "./cart.repo.ts";
import { checkQuantity } from "./cart-items.ts";
import { cartView, loadPricingInputs, type PricedCart, type PricingInputs, priceChosenRates, pricePackages } from "./cart-view.ts";
import type { StoredAddress } from "./customer.ts";

export interface HandLineInput {
  product_id: number;
  variation_id?: number;
  quantity: number;
}

export interface HandPricingInput {
  lines: HandLineInput[];
  coupons: string[];
  billing: StoredAddress;
  shipping: StoredAddress;
  /**
   * The order's shipping line; null: none. `rateId`: one of the shop's rates for these items and this
   * address (`HandPriced.rates`), priced as the cart prices it (class costs included); a `title` or
   * `total` given stands instead of the rate's. Without `rateId`, the owner's own line (both given).
   */
  shippingLine: { rateId?: string; title?: string; total?: number } | null;
  /** The account the order is for (0: a guest): per-customer coupon limits count its uses. */
  customerId: number;
  /** The owner's one-off fees (minor units before tax), priced after the shop's own cart fees as they are. */
  fees: CartFeeSetting[];
  /**
   * What the order being edited already holds (decision 0092): its units of each product or
   * variation count as on the shelf for it, and its own counted use of each coupon does not count
   * against the coupon's limits, so keeping an order as it is never refuses it.
   */
  own?: OwnHoldings;
}

export interface OwnHoldings {
  /** Units the order holds, by product or variation id. */
  stock: Map<number, number>;
  /** Codes of the coupons whose use the order counts. */
  couponUses: Set<string>;
}

export interface HandPriced {
  priced: PricedCart;
  view: CartView;
  /** The shop's rates for the order's items and shipping address (else the shop's base), as the cart offers them. */
  rates: RateOption[];
}

/** The rate standing for the owner's shipping line (its method_id and rate_id): taxed as the shop taxes shipping. */
export const HAND_RATE = "manual";

/**
 * Prices the order, or answers each field that cannot stand, keyed by its path in the request
 * (`line_items.0.variation_id`, `coupon_lines.1.code`): an unknown product, a variable product
 * without its variation, a quantity the product cannot be sold in or the shelf lacks, a coupon
 * that does not apply (its reason).
 */
export async function priceOrderByHand(
  ctx: ShopContext,
  input: HandPricingInput,
): Promise<{ ok: true; value: HandPriced } | { ok: false; errors: Record<string, string> }> {
  const now = ctx.now ?? new Date();
  const errors: Record<string, string> = {};
  const ids = input.lines.flatMap((line) => [line.product_id, ...(line.variation_id ? [line.variation_id] : [])]);
  // The products first (and the tax and shipping rules with them): each line is checked before anything is priced.
  const { purchasables, rules } = await loadPricingInputs(ctx.db, { ...emptyCart(), items: ids.map((id) => lineFor(id)) }, {}, now);
  const items: CartItemRow[] = [];
  // Units asked so far per product or variation: the checkout holds one line of each, so its limits count them all.
  const asked = new Map<number, number>();
  input.lines.forEach((line, index) => {
    const at = `line_items.${index}`;
    if (line.quantity < 1) {
      errors[`${at}.quantity`] = "Enter a quantity of 1 or more.";
      return;
    }
    const product = purchasables.get(line.product_id);
    if (!product || product.row.type === "variation") {
      errors[`${at}.product_id`] = "No product in the shop has this id.";
      return;
    }
    let item = product;
    if (product.row.type === "variable") {
      const variation = line.variation_id ? purchasables.get(line.variation_id) : undefined;
      if (!line.variation_id) {
        errors[`${at}.variation_id`] = `Choose which “${product.row.name}” (${product.variationAttributes.map((a) => a.name).join(", ")}).`;
        return;
      }
      if (!variation || variation.row.parent_id !== product.row.id) {
        errors[`${at}.variation_id`] = `This is not a variation of “${product.row.name}”.`;
        return;
      }
      item = variation;
    } else if (line.variation_id) {
      errors[`${at}.variation_id`] = `“${product.row.name}” has no variations.`;
      return;
    }
    const quantity = (asked.get(item.row.id) ?? 0) + line.quantity;
    asked.set(item.row.id, quantity);
    try {
      checkQuantity(withOwnUnits(item, input.own?.stock.get(item.row.id) ?? 0), quantity);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      errors[error.code === "cw_rest_product_not_purchasable" ? `${at}.product_id` : `${at}.quantity`] = error.message;
      return;
    }
    items.push({
      ...lineFor(product.row.id),
      key: `line-${index}`,
      variation_id: item === product ? null : item.row.id,
      quantity: line.quantity,
      variation: JSON.stringify(item.attributes.map((a) => ({ attribute: a.attribute, value: a.value }))),
      position: index,
    });
  });
  if (Object.keys(errors).length) return { ok: false, errors };

  const stored: StoredCart = {
    cart: {
      ...emptyCart().cart,
      customer_id: input.customerId || null,
      billing_address: JSON.stringify(input.billing),
      shipping_address: JSON.stringify(input.shipping),
      selected_rates: JSON.stringify(input.shippingLine ? { 0: input.shippingLine.rateId ?? HAND_RATE } : {}),
    },
    items,
    coupons: input.coupons,
    couponsEnd: input.coupons.length,
  };
  const shopper = { email: input.billing.email ?? "", customerId: input.customerId };
  const inputs = withOwnUses(
    await loadPricingInputs(ctx.db, stored, { purchasables, ...(rules ? { rules } : {}) }, now, shopper),
    input.own,
  );
  // The owner's fees join the shop's: the same fee stage taxes and rounds them (by the address and their class).
  const settings = { ...ctx.settings, cartFees: [...ctx.settings.cartFees, ...input.fees] };
  const packages = pricePackages(settings, stored, inputs, now);
  // The order's one line is its only rate: one of the shop's, priced by the cart's own stage for these items
  // (flat rates' formulas and class costs), or the owner's, whatever the zones offer (what the customer was quoted).
  const { shippingLine } = input;
  const offered = packages.rates;
  let line: RateOption | null = null;
  if (shippingLine?.rateId !== undefined) {
    const rate = offered.find((r) => r.rate_id === shippingLine.rateId);
    if (!rate)
      errors["shipping_lines.0.rate_id"] = offered.length
        ? `The shop has no rate "${shippingLine.rateId}" for these items and this address: choose one it offers (${offered.map((r) => r.rate_id).join(", ")}), or enter the line's name and amount.`
        : "The shop offers no rate for these items and this address: enter the line's name and amount instead.";
    else line = { ...rate, name: shippingLine.title || rate.name, cost: shippingLine.total ?? rate.cost };
  } else if (shippingLine)
    line = {
      rate_id: HAND_RATE,
      instance_id: 0,
      method_id: HAND_RATE,
      name: shippingLine.title ?? "",
      description: "",
      delivery_time: "",
      cost: shippingLine.total ?? 0,
      taxable: true,
      meta_data: [],
    };
  const priced = priceChosenRates({ ...packages, packageIds: line ? [0] : [], rates: line ? [line] : [] });
  // Each coupon left out was judged with one message, in the order asked (judgeCoupons).
  const reasons = priced.errors.filter((e) => e.code === "cw_rest_cart_coupon_error").map((e) => e.message);
  input.coupons.forEach((code, index) => {
    if (priced.coupons.some((coupon) => coupon.code === code)) return;
    const reason = reasons.shift() ?? `Coupon "${code}" cannot be used on this order.`;
    // The cart's reason for a missing code is a stored code's ("no longer exists"); a code typed here may never have existed.
    errors[`coupon_lines.${index}.code`] = inputs.coupons.has(code) ? reason : cartErrors.couponMissing(code).message;
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { priced, view: cartView(priced, []), rates: offered } };
}

/** The product as the order being edited sees it: its own units back on the shelf (the cached row is never changed). */
function withOwnUnits(item: Purchasable, units: number): Purchasable {
  if (!units || !item.row.manage_stock) return item;
  const stock = (item.row.stock_quantity ?? 0) + units;
  const row = { ...item.row, stock_quantity: stock, stock_status: stock > 0 ? ("instock" as const) : item.row.stock_status };
  // The most one may buy follows the shelf: it is worked out again with the units back on it.
  return { ...item, row, limits: quantityLimits(row) };
}

/** The coupons as the order being edited sees them: its own counted use left out of their counts. */
function withOwnUses(inputs: PricingInputs, own: OwnHoldings | undefined): PricingInputs {
  if (!own?.couponUses.size) return inputs;
  const coupons = new Map(
    [...inputs.coupons].map(([code, loaded]) =>
      own.couponUses.has(code)
        ? [code, { ...loaded, usageCount: Math.max(0, loaded.usageCount - 1), usesByShopper: Math.max(0, loaded.usesByShopper - 1) }]
        : [code, loaded],
    ),
  );
  return { ...inputs, coupons };
}

/** A cart with nothing in it, held in memory only. */
function emptyCart(): StoredCart {
  return {
    cart: {
      id: "",
      customer_id: null,
      billing_address: "{}",
      shipping_address: "{}",
      selected_rates: "{}",
      extensions: "{}",
      has_calculated_shipping: 1,
      created_at: "",
      updated_at: "",
      expires_at: "",
      version: 0,
    },
    items: [],
    coupons: [],
    couponsEnd: 0,
  };
}

function lineFor(productId: number): CartItemRow {
  return {
    cart_id: "",
    key: String(productId),
    product_id: productId,
    variation_id: null,
    quantity: 1,
    variation: "[]",
    item_data: "[]",
    price_when_added: null,
    position: 0,
    added_at: "",
  };
}
