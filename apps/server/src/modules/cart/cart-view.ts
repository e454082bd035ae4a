/**
 * Prices a stored cart: checks its lines, coupons and address, builds shipping packages and
 * rates, runs the totals engine, and shapes the Store API cart (spec §3 "Cart" and friends).
 */
import {
  type Currency,
  type CurrencyFields,
  currencyFields,
  formatAmount,
  lowStockAmountOf,
  lowStockRemaining,
  type StoreCart,
  type StoreCartError,
  type StoreCartItem,
  type StoreShippingPackage,
  type StoreShippingRate,
} from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { CouponShopper } from "../../db/placed-orders.ts";
import { deepFreeze, revisionCache } from "../../db/revisions.ts";
import { type Cached, cached, runSteps, type Work } from "../../db/unit-of-work.ts";
import type { StoreError } from "../../http/errors.ts";
import {
  type CrossSellsShown,
  crossSellsNow,
  type Purchasable,
  purchasablesCached,
  type StoreProduct,
  withCurrentStock,
} from "../catalog/index.ts";
import { availableGateways } from "../payments/index.ts";
import { type ShopContext, type ShopSettings, shopCurrency } from "../settings/index.ts";
import {
  chooseRate,
  type Destination,
  loadZones,
  type PackageLine,
  pickupRates,
  type RateOption,
  type ShippingZone,
  zoneFor,
  zoneRates,
} from "../shipping/index.ts";
import { loadTaxClassOrder } from "../taxes/index.ts";
import { cartErrors } from "./cart.errors.ts";
import type { HeldStock, StoredCart } from "./cart.repo.ts";
import { readAddress, type StoredAddress } from "./customer.ts";
import { extensionFees } from "./extensions.ts";
import { couponsCached, type LoadedCoupon, loadTaxRates } from "./pricing-data.ts";
import {
  type Coupon,
  calculateTotals,
  itemTotals,
  mapped,
  shippingChargeTax,
  type TaxRate,
  type TotalsLine,
  type TotalsResult,
  validateCoupon,
} from "./totals/index.ts";

export type CartError = StoreCartError;
export type CartView = StoreCart;
export type CartItemView = StoreCartItem;
export type ShippingPackageView = StoreShippingPackage;

const money = (amount: number) => String(amount);

interface PricedLine {
  key: string;
  quantity: number;
  item: Purchasable;
  stored: StoredCart["items"][number];
}

/**
 * The rows a cart is priced from. A cart write changes none of them, so within one write they
 * are read once: for the checks before the write and for the reply after it.
 */
export interface PricingInputs {
  purchasables: Map<number, Purchasable>;
  coupons: Map<string, LoadedCoupon>;
  /** Null until the cart has a line: an empty cart (most page views) prices to zero without them. */
  rules: { taxRates: TaxRate[]; taxClassOrder: string[]; zones: ShippingZone[] } | null;
  /**
   * What other shoppers' orders hold of the lines' products (cart.repo.ts `heldStockOf`), read by the
   * Store API's cart calls; absent where nothing is held or the caller counts the shelf alone (decision 0096).
   */
  held?: HeldStock;
}

/**
 * What a stock-managed item has for this cart: the shelf less what other orders hold now; null
 * when its stock is not managed (decision 0096).
 */
export function remainingStock(item: Purchasable, held: HeldStock | undefined): number | null {
  const { row } = item;
  if (!row.manage_stock || row.stock_quantity === null) return null;
  return row.stock_quantity - (held?.get(row.id)?.held ?? 0);
}

/** The item's quantity limits with the maximum capped by the stock remaining for this cart when backorders are off. */
export function cartQuantityLimits(item: Purchasable, held: HeldStock | undefined): Purchasable["limits"] {
  const remaining = remainingStock(item, held);
  const { limits, row } = item;
  if (remaining === null || row.backorders !== "no" || remaining >= limits.maximum) return limits;
  return { ...limits, maximum: Math.max(0, remaining) };
}

/** Tax rates and classes and shipping zones, read once per change to any of them. */
export const loadPricingRules = revisionCache("pricing", async (db) => {
  const [taxRates, taxClassOrder, zones] = await Promise.all([loadTaxRates(db), loadTaxClassOrder(db), loadZones(db)]);
  return deepFreeze({ taxRates, taxClassOrder, zones });
});

/** What pricing the cart needs at `now` beyond what is already known from earlier in the same write: which ids and codes. */
function missingInputs(stored: StoredCart | null, known: Partial<PricingInputs>) {
  const items = stored?.items ?? [];
  return {
    ids: mapped(items, (i) => i.variation_id ?? i.product_id).filter((id) => !known.purchasables?.has(id)),
    // Applied coupons are read whatever the lines: an emptied cart keeps its coupons, and judging them needs their rows.
    codes: (stored?.coupons ?? []).filter((code) => !known.coupons?.has(code)),
    needsRules: items.length > 0 && !known.rules,
  };
}

const withKnown = (known: Partial<PricingInputs>, loaded: PricingInputs): PricingInputs => ({
  purchasables: new Map([...(known.purchasables ?? []), ...loaded.purchasables]),
  coupons: new Map([...(known.coupons ?? []), ...loaded.coupons]),
  rules: loaded.rules,
});

/** Loads what pricing the cart needs at `now`, beyond what is already known from earlier in the same write. */
export function loadPricingInputs(
  db: Db,
  stored: StoredCart | null,
  known: Partial<PricingInputs> = {},
  now: Date = new Date(),
  shopper?: CouponShopper,
): Promise<PricingInputs> {
  return runSteps(db, pricingInputsNow(db, stored, known, now, shopper));
}

/** The same as a step of a unit of work: from the caches (loaded when not held), with the items' current stock (decision 0130). */
export function* pricingInputsNow(
  db: Db,
  stored: StoredCart | null,
  known: Partial<PricingInputs>,
  now: Date,
  shopper?: CouponShopper,
): Work<PricingInputs> {
  const inputs = yield* cached(pricingInputsCached(stored, known, now, shopper));
  return { ...inputs, purchasables: yield* withCurrentStock(db, inputs.purchasables) };
}

/** Whose per-customer coupon limits count: the account and the cart's billing e-mail, as the checkout counts them. */
export function shopperOf(ctx: Pick<ShopContext, "session">, stored: StoredCart | null): CouponShopper {
  const billing = readAddress(stored?.cart.billing_address ?? "{}", true);
  return { email: billing.email ?? "", customerId: ctx.session.uid };
}

/** The same, from the caches when they hold it all (db/unit-of-work.ts), the stock figures as they were cached. */
function pricingInputsCached(
  stored: StoredCart | null,
  known: Partial<PricingInputs>,
  now: Date,
  shopper?: CouponShopper,
): Cached<PricingInputs> {
  const { ids, codes, needsRules } = missingInputs(stored, known);
  const purchasables = purchasablesCached(ids, now);
  const coupons = couponsCached(codes, shopper);
  return {
    peek: (db, revisions) => {
      const items = purchasables.peek(db, revisions);
      const couponRows = items && coupons.peek(db, revisions);
      const rules = needsRules ? loadPricingRules.peek(db, revisions) : (known.rules ?? null);
      return items && couponRows && rules !== undefined ? withKnown(known, { purchasables: items, coupons: couponRows, rules }) : undefined;
    },
    load: async (db) => {
      const [items, couponRows, rules] = await Promise.all([
        purchasables.load(db),
        coupons.load(db),
        needsRules ? loadPricingRules(db) : (known.rules ?? null),
      ]);
      return withKnown(known, { purchasables: items, coupons: couponRows, rules });
    },
  };
}

/** Stage 1, the lines: each stored line with its product as priced now, and what changed since it was added. */
function priceLines(stored: StoredCart | null, inputs: PricingInputs, currency: Currency) {
  const errors: CartError[] = [];
  const lines: PricedLine[] = [];
  for (const line of stored?.items ?? []) {
    const item = inputs.purchasables.get(line.variation_id ?? line.product_id);
    if (!item) continue;
    lines.push({ key: line.key, quantity: line.quantity, item, stored: line });
    errors.push(...lineErrors(item, line.quantity, line.price_when_added, currency, inputs.held));
  }
  const totalsLines: TotalsLine[] = mapped(lines, ({ key, quantity, item }) => ({
    key,
    productId: item.parent.id,
    parentId: item.row.parent_id,
    categoryIds: item.categoryIds,
    quantity,
    unitPrice: item.price ?? 0,
    regularUnitPrice: item.regularPrice ?? item.price ?? 0,
    onSale: item.onSale,
    taxStatus: item.taxStatus,
    taxClass: item.taxClass,
    needsShipping: !item.row.virtual,
  }));
  const itemsSubtotal = totalsLines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  return { lines, errors, totalsLines, itemsSubtotal };
}

/** Stage 2, the coupons: applied ones judged again on every pricing; one that no longer holds stops counting. */
function judgeCoupons(settings: ShopSettings, stored: StoredCart | null, inputs: PricingInputs, now: Date) {
  const currency = shopCurrency(settings);
  const lineStage = priceLines(stored, inputs, currency);
  const { totalsLines, itemsSubtotal } = lineStage;
  const billing = readAddress(stored?.cart.billing_address ?? "{}", true);
  const customerEmails = [billing.email ?? ""].filter(Boolean);
  const couponContext = (applied: Coupon[]) => ({
    lines: totalsLines,
    appliedCoupons: applied,
    now,
    customerEmails,
    subtotalForLimits: itemsSubtotal,
    currency,
  });
  const errors = [...lineStage.errors];
  const coupons: Coupon[] = [];
  for (const code of stored?.coupons ?? []) {
    const coupon = inputs.coupons.get(code);
    if (!coupon) {
      errors.push({ code: "cw_rest_cart_coupon_error", message: `Coupon "${code}" no longer exists and was not applied.` });
      continue;
    }
    // The owner may disable a coupon carts already hold (issue 19): it stops counting as a missing one does.
    if (!coupon.enabled) {
      errors.push({ code: "cw_rest_cart_coupon_error", message: `Coupon "${code}" cannot be used right now and was not applied.` });
      continue;
    }
    const verdict = validateCoupon(coupon.coupon, {
      ...couponContext(coupons),
      usageCount: coupon.usageCount,
      usageCountForCustomer: coupon.usesByShopper,
    });
    if (!verdict.ok) {
      errors.push({ code: "cw_rest_cart_coupon_error", message: verdict.message });
      continue;
    }
    coupons.push(coupon.coupon);
  }
  /** Whether a code may join the cart's coupons (its row given, or undefined when it has none): the error to answer, else null. */
  const checkNewCoupon = (code: string, found: LoadedCoupon | undefined): StoreError | null => {
    if (!found) return cartErrors.couponMissing(code);
    if (!found.enabled) return cartErrors.couponDisabled(code);
    const verdict = validateCoupon(found.coupon, {
      ...couponContext(coupons),
      usageCount: found.usageCount,
      usageCountForCustomer: found.usesByShopper,
    });
    return verdict.ok ? null : cartErrors.couponInvalid(verdict.message);
  };
  return { ...lineStage, currency, billing, errors, coupons, checkNewCoupon };
}

/** The cart's applied coupons as they count now, and the check of a new one: all a coupon's application needs before writing. */
export const judgeAppliedCoupons = judgeCoupons;

/**
 * Prices a stored cart from loaded inputs, with no I/O: lines, coupons, packages and rates, then
 * totals (stages 1 to 4). The result answers the Store API (`cartView`) and places orders.
 */
export function priceCart(settings: ShopSettings, stored: StoredCart | null, inputs: PricingInputs, now: Date) {
  return priceChosenRates(pricePackages(settings, stored, inputs, now));
}

/**
 * Stages 1 to 3 of a cart's pricing: lines, coupons, the items' totals, packages and the rates
 * offered. Everything but the shopper's choice of rates (the cart's `selected_rates`, which only
 * `priceChosenRates` reads): choosing a rate prices these once, before and after its write.
 */
export function pricePackages(settings: ShopSettings, stored: StoredCart | null, inputs: PricingInputs, now: Date) {
  const { currency, lines, totalsLines, itemsSubtotal, billing, errors, coupons, checkNewCoupon } = judgeCoupons(
    settings,
    stored,
    inputs,
    now,
  );
  const taxRates = inputs.rules?.taxRates ?? [];
  const zones = inputs.rules?.zones ?? [];
  const shipping = readAddress(stored?.cart.shipping_address ?? "{}", false);
  const extensions = JSON.parse(stored?.cart.extensions ?? "{}") as Record<string, unknown>;

  const needsShipping = settings.shippingEnabled && totalsLines.some((l) => l.needsShipping);
  const fees = lines.length
    ? [...settings.cartFees, ...extensionFees({ subtotal: itemsSubtotal, extensions })].map((fee, i) => ({ id: `fee-${i + 1}`, ...fee }))
    : [];
  const base = { country: settings.baseLocation.country, state: settings.baseLocation.state, postcode: "", city: "" };
  const taxAddress = shipping.country ? shipping : billing.country ? billing : null;
  const baseInput = {
    lines: totalsLines,
    coupons,
    fees,
    taxRates,
    baseLocation: base,
    pricesIncludeTax: settings.pricesIncludeTax,
    taxesEnabled: settings.taxesEnabled,
    calcDiscountsSequentially: settings.calcDiscountsSequentially,
    shippingTaxClass: settings.shippingTaxClass === "inherit" ? null : settings.shippingTaxClass,
    taxClassOrder: inputs.rules?.taxClassOrder ?? [],
  };

  // Stage 3, packages and rates. The items' totals first: free-shipping minimums look at the discounted subtotal.
  // Worked out once: the totals below reuse them unless a pickup location moves the tax location.
  const first = itemTotals({ ...baseInput, shipping: [], location: taxAddress ? pick(taxAddress) : null });
  const displayTax = settings.displayCartPricesIncludingTax;
  const subtotal = first.totals.total_items + (displayTax ? first.totals.total_items_tax : 0);
  const afterDiscounts = subtotal - first.totals.total_discount - (displayTax ? first.totals.total_discount_tax : 0);

  const destination: Destination = shipping.country
    ? {
        country: shipping.country,
        state: shipping.state,
        postcode: shipping.postcode,
        city: shipping.city,
        address_1: shipping.address_1,
        address_2: shipping.address_2,
      }
    : { country: base.country, state: base.state, postcode: "", city: "", address_1: "", address_2: "" };
  const rates: RateOption[] = needsShipping
    ? [
        ...zoneRates(zoneFor(zones, destination), {
          subtotal,
          subtotalAfterDiscounts: afterDiscounts,
          hasFreeShippingCoupon: first.freeShipping,
          // What flat rates' formulas and class costs read: the lines already priced, no further query.
          lines: packageLines(lines, first.lines),
          minorUnit: currency.minorUnit,
        }),
        ...pickupRates(settings.localPickup),
      ]
    : [];
  const packageIds = needsShipping ? [0] : [];
  return {
    settings,
    stored,
    inputs,
    now,
    currency,
    lines,
    coupons,
    billing,
    shipping,
    destination,
    needsShipping,
    rates,
    packageIds,
    extensions,
    baseInput,
    taxAddress,
    first,
    /** The lines' and coupons' errors; the chosen rates' stage adds its own to a copy. */
    errors,
    checkNewCoupon,
  };
}
export type PricedPackages = ReturnType<typeof pricePackages>;

/** The package's lines (those that need shipping) with their totals after discounts and their shipping class. */
function packageLines(lines: PricedLine[], totals: Record<string, { line_total: number }>): PackageLine[] {
  const result: PackageLine[] = [];
  for (const line of lines) {
    if (line.item.row.virtual) continue;
    result.push({ quantity: line.quantity, total: totals[line.key]?.line_total ?? 0, shippingClassId: line.item.shippingClassId });
  }
  return result;
}

/** Stage 4: the rates the cart's `selected_rates` choose among those offered, and the totals with them. */
export function priceChosenRates(packages: PricedPackages) {
  const { settings, stored, inputs, now, lines, rates, packageIds, needsShipping, shipping, baseInput, taxAddress, first } = packages;
  const selected = JSON.parse(stored?.cart.selected_rates ?? "{}") as Record<string, string>;
  const errors = [...packages.errors];
  const chosen: Record<string, string> = {};
  for (const id of packageIds) {
    const rate = chooseRate(rates, selected[String(id)], first.freeShipping);
    if (rate) chosen[String(id)] = rate;
  }
  const chosenRates = packageIds
    .map((id) => rates.find((r) => r.rate_id === chosen[String(id)]))
    .filter((r): r is RateOption => Boolean(r));
  // Goods collected from a pickup location are taxed where they are collected.
  const taxLocationWith = (rate: RateOption | undefined) => {
    const pickupAt = rate?.method_id === "pickup_location" ? settings.localPickup.locations[rate.instance_id - 1] : undefined;
    return { pickupLocation: pickupAt, location: pickupAt ? pickupAt.address : taxAddress };
  };
  const { pickupLocation, location } = taxLocationWith(chosenRates.find((r) => r.method_id === "pickup_location"));
  // Stage 4, totals.
  const result = calculateTotals(
    {
      ...baseInput,
      location: location ? pick(location) : null,
      shipping: packageIds.flatMap((id) => {
        const rate = rates.find((r) => r.rate_id === chosen[String(id)]);
        return rate ? [{ packageId: id, rateId: rate.rate_id, cost: rate.cost, taxable: rate.taxable }] : [];
      }),
    },
    first,
  );
  // Each rate not chosen with the tax it would add once chosen, so that a price shown with tax holds when the shopper
  // picks it (a chosen rate's is the totals' own: not worked out twice).
  const chosenIds = Object.values(chosen);
  const offeredRateTaxes = mapped(rates, (rate) => {
    if (chosenIds.includes(rate.rate_id)) return 0;
    const at = taxLocationWith(rate).location;
    return shippingChargeTax(baseInput, at ? pick(at) : null, rate);
  });

  // Time changes this pricing only when one of the cart's coupons expires (valid up to and at its time)
  // or a line's scheduled sale starts or ends (decision 0047).
  const expiries = mapped([...inputs.coupons.values()], (c) => Date.parse(c.coupon.expiresAt ?? "")).filter((t) => t >= now.getTime());
  const saleChanges = mapped(lines, ({ item }) => item.priceChangesAt - 1);
  // And when another order's hold on a line's product lapses (a hold counts while it lasts beyond now).
  const holdsLapse = mapped([...(inputs.held?.values() ?? [])], (hold) => hold.until - 1);

  if (needsShipping && shipping.country && settings.shipToCountries.length && !settings.shipToCountries.includes(shipping.country)) {
    errors.push({ code: "cw_rest_cart_shipping_rates_invalid_country", message: "Sorry, we do not ship orders to the selected country." });
  }

  return {
    settings,
    stored,
    currency: packages.currency,
    inputs,
    result,
    rates,
    /** What each of `rates` not chosen would add in tax once chosen, by index (0 for a chosen one: see `result.shipping`). */
    offeredRateTaxes,
    chosen,
    chosenRates,
    packageIds,
    selected,
    destination: packages.destination,
    needsShipping,
    lines,
    coupons: packages.coupons,
    billing: packages.billing,
    shipping,
    pickupLocation,
    errors,
    extensions: packages.extensions,
    /** The fees priced, each with its id, tax status and class (what an order keeps of them). */
    fees: baseInput.fees,
    /** Until when (ms since the epoch) time alone cannot change this pricing. */
    stableUntil: Math.min(Number.POSITIVE_INFINITY, ...expiries, ...saleChanges, ...holdsLapse),
    checkNewCoupon: packages.checkNewCoupon,
  };
}

export type PricedCart = ReturnType<typeof priceCart>;

/** The selected rates after choosing `rateId` for a package (or for all); throws the Store API's error for a rate or package not offered. */
export function selectRate(
  priced: Pick<PricedCart, "rates" | "packageIds" | "selected">,
  packageId: number | undefined,
  rateId: string,
): Record<string, string> {
  const { rates, packageIds, selected } = priced;
  const rate = rates.find((r) => r.rate_id === rateId);
  if (!rate) throw cartErrors.invalidRate(rateId);
  if (packageId !== undefined && !packageIds.includes(packageId)) throw cartErrors.invalidPackage(packageId);
  // A pickup location serves every package; other rates apply to the package named, or to all.
  const targets = packageId === undefined || rate.method_id === "pickup_location" ? packageIds : [packageId];
  return { ...selected, ...Object.fromEntries(targets.map((id) => [String(id), rateId])) };
}

/** The cross-sells a priced cart shows: those of its products, leaving out what it holds. */
export function crossSellsOfCart(ctx: ShopContext, priced: PricedCart): Work<CrossSellsShown> {
  const inCart = priced.lines.map((l) => l.item.parent.id);
  return crossSellsNow(ctx, inCart, inCart);
}

/** The Store API cart for a priced cart and its cross-sells. */
export function cartView(priced: PricedCart, crossSells: StoreProduct[]): CartView {
  const { settings, currency, lines, result, coupons, chosenRates, packageIds, chosen, rates, shipping, destination } = priced;
  const fields = currencyFields(currency);
  const totals = result.totals;
  const shippable = lines.filter((l) => !l.item.row.virtual);
  return {
    items: mapped(lines, (line) => itemView(line, result, settings, currency, fields, priced.inputs.held)),
    coupons: mapped(coupons, (c) => ({
      code: c.code,
      label: c.code,
      discount_type: c.type,
      totals: {
        total_discount: money(result.coupons[c.code]?.discount ?? 0),
        total_discount_tax: money(result.coupons[c.code]?.discount_tax ?? 0),
        ...fields,
      },
    })),
    fees: mapped(
      result.fees.filter((fee) => fee.total !== 0),
      (fee) => ({
        id: fee.id,
        key: fee.id,
        name: fee.name || "Fee",
        totals: { total: money(fee.total), total_tax: money(fee.total_tax), ...fields },
      }),
    ),
    totals: {
      total_items: money(totals.total_items),
      total_items_tax: money(totals.total_items_tax),
      total_fees: money(totals.total_fees),
      total_fees_tax: money(totals.total_fees_tax),
      total_discount: money(totals.total_discount),
      total_discount_tax: money(totals.total_discount_tax),
      total_shipping: chosenRates.length ? money(totals.total_shipping) : null,
      total_shipping_tax: chosenRates.length ? money(totals.total_shipping_tax) : null,
      total_price: money(totals.total_price),
      total_tax: money(totals.total_tax),
      tax_lines: settings.displayItemizedTaxes
        ? // A rate kept only for its shipping tax (fees took back the rest) adds nothing to show.
          mapped(
            result.tax_lines.filter((t) => t.price !== 0),
            (t) => ({ name: t.name, rate: t.rate, price: money(t.price) }),
          )
        : [],
      ...fields,
    },
    shipping_address: { ...shipping },
    billing_address: priced.billing,
    needs_payment: totals.total_price > 0,
    needs_shipping: priced.needsShipping,
    payment_requirements: ["products"],
    has_calculated_shipping: Boolean(priced.stored?.cart.has_calculated_shipping) && priced.needsShipping,
    shipping_rates: mapped(packageIds, (id) => ({
      package_id: id,
      name: packageIds.length > 1 ? `Shipment ${id + 1}` : "Shipping",
      destination: destinationOf(shipping, destination),
      items: mapped(shippable, (l) => ({ key: l.key, name: l.item.parent.name, quantity: l.quantity })),
      shipping_rates: mapped(rates, (rate, index) => {
        const selected = rate.rate_id === chosen[String(id)];
        const taxes = selected ? (result.shipping[id]?.total_tax ?? 0) : (priced.offeredRateTaxes[index] ?? 0);
        return rateView(rate, taxes, selected, currency, fields);
      }),
    })),
    items_count: lines.reduce((sum, l) => sum + l.quantity, 0),
    items_weight: lines.reduce((sum, l) => sum + (l.item.row.weight_grams ?? 0) * l.quantity, 0),
    cross_sells: crossSells,
    errors: priced.errors,
    payment_methods: mapped(availableGateways(settings), (g) => g.id),
    extensions: priced.extensions,
  };
}

/** Everything needed to answer with the cart and to judge a change to it (the checkout's way in: loads, then prices). */
export async function loadPricedCart(ctx: ShopContext, stored: StoredCart | null, known?: Partial<PricingInputs>) {
  const now = ctx.now ?? new Date();
  // Per-customer coupon limits count the uses of this account and billing e-mail, as the checkout does.
  const shopper = shopperOf(ctx, stored);
  const inputs = await loadPricingInputs(ctx.db, stored, known, now, shopper);
  const priced = priceCart(ctx.settings, stored, inputs, now);
  return {
    ...priced,
    checkNewCoupon: async (code: string): Promise<StoreError | null> => {
      const found = (await couponsCached([code], shopper).load(ctx.db)).get(code);
      if (found) inputs.coupons.set(code, found);
      return priced.checkNewCoupon(code, found);
    },
    selectRate: (packageId: number | undefined, rateId: string) => selectRate(priced, packageId, rateId),
    view: async (): Promise<CartView> => cartView(priced, (await runSteps(ctx.db, crossSellsOfCart(ctx, priced))).products),
  };
}

/**
 * The checkout's way in as a step of its unit of work (db/unit-of-work.ts): the inputs from the
 * caches (loaded when not held), then priced, with no I/O.
 */
export function* pricedForOrder(ctx: ShopContext, stored: StoredCart, known: Partial<PricingInputs> = {}) {
  const now = ctx.now ?? new Date();
  const inputs = yield* pricingInputsNow(ctx.db, stored, known, now, shopperOf(ctx, stored));
  const priced = priceCart(ctx.settings, stored, inputs, now);
  return {
    ...priced,
    // An order is written from the lines, totals and errors alone: the cross-sells are not read.
    viewWithoutCrossSells: (): CartView => cartView(priced, []),
    /** The cart as the page shows it, cross-sells and all. */
    view: (): Work<CartView> => viewWithCrossSells(ctx, priced),
  };
}

/** `pricedForOrder`'s view as a step (a module-level generator, decision 0126). */
function* viewWithCrossSells(ctx: ShopContext, priced: PricedCart): Work<CartView> {
  return cartView(priced, (yield* crossSellsOfCart(ctx, priced)).products);
}

export type PricedForOrder = ReturnType<typeof pricedForOrder> extends Work<infer T> ? T : never;

function pick(address: { country: string; state: string; postcode: string; city: string }) {
  return { country: address.country, state: address.state, postcode: address.postcode, city: address.city };
}

function destinationOf(shipping: StoredAddress, fallback: Destination): Destination {
  return shipping.country
    ? {
        address_1: shipping.address_1,
        address_2: shipping.address_2,
        city: shipping.city,
        state: shipping.state,
        postcode: shipping.postcode,
        country: shipping.country,
      }
    : fallback;
}

/** A line's price moved since it was added: the checkout lets it pass when the page sent the total it showed (decision 0168, amended). */
export const PRICE_CHANGED = "cw_rest_cart_item_price_changed";

/** Stock and price problems that appeared after the shopper added the line (spec §3 Cart errors). */
function lineErrors(
  item: Purchasable,
  quantity: number,
  priceWhenAdded: number | null,
  currency: Currency,
  held: HeldStock | undefined,
): CartError[] {
  const name = item.parent.name;
  const errors: CartError[] = [];
  const { row } = item;
  // The shelf less what other shoppers' orders hold (decision 0096).
  const remaining = remainingStock(item, held) ?? 0;
  if (item.price === null)
    errors.push({
      code: "cw_rest_product_not_purchasable",
      message: `“${name}” can no longer be purchased. Please remove it from your cart.`,
    });
  else if (row.stock_status === "outofstock")
    errors.push({
      code: "cw_rest_product_out_of_stock",
      message: `“${name}” is out of stock and cannot be purchased. Please remove it from your cart.`,
    });
  else if (row.manage_stock && row.backorders === "no" && remaining < quantity) {
    errors.push({
      code: "cw_rest_product_partially_out_of_stock",
      message: `There is not enough “${name}” in stock: ${Math.max(0, remaining)} left. Please lower the quantity in your cart.`,
    });
  }
  if (item.price !== null && priceWhenAdded !== null && priceWhenAdded !== item.price) {
    errors.push({
      code: PRICE_CHANGED,
      message: `The price of “${name}” has changed since you added it to your cart: it is now ${formatAmount(item.price, currency)}.`,
    });
  }
  return errors;
}

/** A rate's views kept per option (frozen, shared by every cart offered it) for one currency object, by tax and choice. */
const rateViewsOf = new WeakMap<RateOption, { currency: Currency; views: Map<string, StoreShippingRate> }>();
/** Views kept per option: a taxed rate has one per tax amount the carts choosing it came to. */
const MAX_VIEWS_PER_RATE = 64;

/**
 * A rate as the Store API shows it. For a shared option (frozen: the pickup rates and zone rates of the settings and
 * rules caches) the view is made once per tax, choice and currency and deep-frozen, so that `jsonBytes` sends its
 * bytes made once (decision 0122); another option's view is made afresh.
 */
export function rateView(
  rate: RateOption,
  taxes: number,
  selected: boolean,
  currency: Currency,
  fields: CurrencyFields,
): StoreShippingRate {
  if (!Object.isFrozen(rate) || !Object.isFrozen(currency)) return shownRate(rate, taxes, selected, fields);
  let kept = rateViewsOf.get(rate);
  if (kept?.currency !== currency) {
    kept = { currency, views: new Map() };
    rateViewsOf.set(rate, kept);
  }
  const key = `${taxes}|${selected}`;
  let view = kept.views.get(key);
  if (!view) {
    if (kept.views.size >= MAX_VIEWS_PER_RATE) kept.views.clear();
    view = deepFreeze(shownRate(rate, taxes, selected, fields));
    kept.views.set(key, view);
  }
  return view;
}

function shownRate(rate: RateOption, taxes: number, selected: boolean, fields: CurrencyFields): StoreShippingRate {
  const { cost, taxable: _taxable, ...rest } = rate;
  return { ...rest, price: money(cost), taxes: money(taxes), selected, ...fields };
}

function itemView(
  line: PricedLine,
  result: TotalsResult,
  settings: ShopSettings,
  currency: Currency,
  fields: CurrencyFields,
  held: HeldStock | undefined,
): CartItemView {
  const { item, quantity, key, stored } = line;
  const { row, parent } = item;
  const totals = result.lines[key] ?? { line_subtotal: 0, line_subtotal_tax: 0, line_total: 0, line_total_tax: 0 };
  // Unit prices follow the cart's tax display; they are derived from the line so they always agree with it.
  const withTax = settings.displayCartPricesIncludingTax;
  const perUnit = (amount: number, tax: number) => Math.round((amount + (withTax ? tax : 0)) / quantity);
  const price = perUnit(totals.line_subtotal, totals.line_subtotal_tax);
  const regular = item.regularPrice !== null && item.price ? Math.round((price * item.regularPrice) / item.price) : price;
  const precision = 6;
  const raw = (amount: number) => String(amount * 10 ** (precision - currency.minorUnit));
  // What is left for this cart: the shelf less what other shoppers' orders hold (decision 0096).
  const remaining = remainingStock(item, held);
  // Low by the variation's own amount, else its product's, else the shop's: the owner's notices' rule (decision 0099).
  const lowLeft = lowStockRemaining(remaining, lowStockAmountOf(row.low_stock_amount, parent.low_stock_amount, settings.lowStockAmount));
  const backorderCount = row.manage_stock ? Math.max(0, quantity - Math.max(0, row.stock_quantity ?? 0)) : 0;
  return {
    key,
    id: row.id,
    type: row.type === "variation" ? "variation" : "simple",
    quantity,
    name: parent.name,
    summary: parent.short_description,
    short_description: parent.short_description,
    description: parent.description,
    sku: row.sku,
    permalink: item.permalink,
    catalog_visibility: parent.catalog_visibility,
    low_stock_remaining: lowLeft,
    backorders_allowed: row.backorders !== "no",
    show_backorder_badge: row.backorders !== "no" && backorderCount > 0,
    sold_individually: row.sold_individually === 1,
    quantity_limits: cartQuantityLimits(item, held),
    images: item.images,
    variation: (JSON.parse(stored.variation) as { attribute: string; value: string }[]).map((v) => ({
      attribute: v.attribute,
      value: item.attributes.find((a) => a.value === v.value)?.name ?? v.value,
    })),
    item_data: JSON.parse(stored.item_data) as CartItemView["item_data"],
    prices: {
      price: String(item.onSale ? price : regular),
      regular_price: String(regular),
      sale_price: String(price),
      price_range: null,
      raw_prices: { precision, price: raw(price), regular_price: raw(regular), sale_price: raw(price) },
      ...fields,
    },
    totals: {
      line_subtotal: String(totals.line_subtotal),
      line_subtotal_tax: String(totals.line_subtotal_tax),
      line_total: String(totals.line_total),
      line_total_tax: String(totals.line_total_tax),
      ...fields,
    },
    extensions: {},
  };
}
