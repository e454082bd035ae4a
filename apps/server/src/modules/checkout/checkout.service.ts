/**
 * Placing an order (spec §7 "Checkout calls"; issue 5). Everything the shopper sent is checked
 * again here. The order is written in one transaction under the cart's lock: stock and coupon
 * usage are taken with conditional updates, so nothing is oversold and a limit is never passed.
 * Offline methods and free orders are settled in that same transaction. An online payment runs
 * after it, under an idempotency key the order keeps, then a second transaction records the
 * outcome: a paid order empties the cart; a declined one gives back its stock and coupon uses and
 * leaves the cart as it was. A payment whose outcome was never recorded (a crash) is settled by
 * the shopper's next checkout call or by the sweep, after asking the gateway (issue 14).
 */
import { type ExpectedCart, expectedCartChange, type OrderStatus, type StoreCart } from "@cartwright/commerce";
import type { FieldRuleDocument } from "@cartwright/commerce/field-rules";
import { isStoredId } from "../../db/ids.ts";
import type { Db } from "../../db/index.ts";
import { sqliteHandleOf } from "../../db/index.ts";
import { attemptGrouped, awaited, runSteps, runWork, type Work } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { readOrderAttribution, saveOrderAttribution, withoutAttribution } from "../attribution/index.ts";
import {
  cartAddressesSaved,
  cartEmptied,
  cartWithLines,
  findCart,
  getCart,
  loadPricedCart,
  loadPricingInputs,
  lockCart,
  lockedCartRow,
  PRICE_CHANGED,
  type PricedForOrder,
  pricedForOrder,
  readAddress,
  removeCartCoupons,
  shopperOf,
} from "../cart/index.ts";
import { createCustomer, saveCustomerAddresses } from "../customers/index.ts";
import type { DownloadLineFacts } from "../downloads/index.ts";
import { onOrderFailed, onOrderPlaced } from "../emails/index.ts";
import {
  cancelUnpaidOrders,
  couponUsed,
  createOrder,
  findOrder,
  holdDraftStock,
  latestCartOrder,
  type NewOrder,
  newestOrder,
  newOrderKey,
  type OrderBeingPlaced,
  type OrderRow,
  orderAttemptWritten,
  orderCouponsOf,
  orderFeesOf,
  orderLinesOf,
  orderOf,
  orderPlaced,
  ordersOfCart,
  ordersWithEmailsDue,
  orderTotalsOf,
  paymentOutcomeRecorded,
  recordPaymentOutcome,
  releaseCartHolds,
  releaseOrder,
  stockTaken,
  unrecordedPayments,
  updateOrder,
} from "../orders/index.ts";
import {
  availableGateways,
  dataValue,
  findGateway,
  findPaymentToken,
  methodTitle,
  type PaymentDataEntry,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentRequest,
  paymentInstructions,
  saveKey,
  savePaymentToken,
  tokenKey,
} from "../payments/index.ts";
import { type ShopContext, type ShopSettings, withShopSettings } from "../settings/index.ts";
import { type CartChangeReason, checkoutErrors } from "./checkout.errors.ts";
import { type AddressInput, checkedAddresses, type MergedAddresses, mergedAddresses, orderRuleDocument } from "./checkout-addresses.ts";
import { checkedAdditionalFields, hasFieldRules, knownAdditionalFields } from "./fields.ts";

/** Draft orders hold their lines' stock this long (issue 5). */
export const DRAFT_HOLD_MINUTES = 10;
/** A place-order call still paying after this long is taken to have died: its order may be retried. */
const PAYMENT_IN_FLIGHT_MS = 2 * 60 * 1000;
/** A settled order's e-mails are claimed moments after its transaction; still due after this, its process died. */
const EMAILS_STARTED_MS = 60 * 1000;
/** A repeated place-order call within this time of the order answers with that order. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** The cart as stored, with its lines and coupons. */
type StoredCart = NonNullable<Awaited<ReturnType<typeof findCart>>>;

export interface PlaceOrderInput {
  billing_address: AddressInput;
  shipping_address?: AddressInput;
  customer_note?: string;
  create_account?: boolean;
  customer_password?: string;
  payment_method?: string;
  payment_data?: PaymentDataEntry[];
  additional_fields?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  /** The cart the page showed (decision 0168); an API client that sends none places the cart as it stands. */
  expected_cart?: ExpectedCart;
}

export interface CheckoutReply {
  order_id: number;
  status: string;
  order_key: string;
  order_number: string;
  customer_note: string;
  customer_id: number;
  billing_address: Record<string, string>;
  shipping_address: Record<string, string>;
  payment_method: string;
  payment_result: { payment_status: string; payment_details: { key: string; value: string }[]; redirect_url: string } | null;
  additional_fields: Record<string, unknown>;
  extensions: Record<string, unknown>;
}

/** A coupon that fails at the last moment is taken off the cart, and the shopper is told (409). */
class CouponRejection extends Error {
  readonly codes: string[];
  readonly messages: string[];
  constructor(codes: string[], messages: string[]) {
    super("coupon rejected");
    this.codes = codes;
    this.messages = messages;
  }
}

/** A payment's idempotency key: "repay_" for an order its shopper pays after it was placed (pay-order.ts), whose cart is not the order's any more. */
export const PAY_ATTEMPT = "pay_";
export const REPAY_ATTEMPT = "repay_";

/** An order of this cart paid from the pay-for-order page right now: no checkout of the cart reuses, repeats or resumes it (the sweep settles it if that call dies). */
const repaying = (order: OrderRow) => order.payment_attempt.startsWith(REPAY_ATTEMPT);

const orderReceivedUrl = (order: Pick<OrderRow, "id" | "order_key">) => `/checkout/order-received/${order.id}?key=${order.order_key}`;

export function checkoutReply(order: OrderRow, outcome: PaymentOutcome | null): CheckoutReply {
  const details = [...(outcome?.details ?? [])];
  if (outcome?.message && outcome.status !== "failure") details.push({ key: "instructions", value: outcome.message });
  return {
    order_id: order.id,
    status: order.status,
    order_key: order.order_key,
    order_number: String(order.id),
    customer_note: order.customer_note,
    customer_id: order.customer_id ?? 0,
    billing_address: JSON.parse(order.billing_address) as Record<string, string>,
    shipping_address: JSON.parse(order.shipping_address) as Record<string, string>,
    payment_method: order.payment_method,
    payment_result: outcome
      ? {
          payment_status: outcome.status,
          payment_details: details,
          redirect_url: outcome.status === "failure" ? "" : (outcome.redirectUrl ?? orderReceivedUrl(order)),
        }
      : null,
    additional_fields: JSON.parse(order.additional_fields) as Record<string, unknown>,
    extensions: JSON.parse(order.extensions) as Record<string, unknown>,
  };
}

/** A cart's orders the checkout may reuse: its draft, or an attempt that failed or never got to payment. */
const REUSABLE_STATUSES: OrderStatus[] = ["checkout-draft", "failed", "pending"];
/** A cart's orders that are placed or being paid: a second call for the cart answers with one of these. */
const IN_FLIGHT_STATUSES: OrderStatus[] = ["pending", "processing", "on-hold", "completed"];
/** Both, read in one statement by the checkout's transaction. */
const CHECKOUT_STATUSES: OrderStatus[] = [...new Set([...REUSABLE_STATUSES, ...IN_FLIGHT_STATUSES])];

/**
 * The order this cart may reuse, from the newest of its orders in REUSABLE_STATUSES: never one a
 * member of staff changed (decision 0101: the attempt is then a new order, the owner's stands).
 */
function* reusableOrder(latest: OrderRow | undefined, now: Date): Work<OrderRow | undefined> {
  if (!latest || latest.paid_at || repaying(latest) || latest.staff_edited === 1) return undefined;
  if (latest.status === "pending" && latest.stock_taken === 1) {
    if (now.getTime() - Date.parse(latest.updated_at) < PAYMENT_IN_FLIGHT_MS) return undefined;
    // A payment that never reported back: its stock and coupon uses go back before it is retried.
    yield* awaited((tx) => releaseOrder(tx, latest, now.toISOString()));
  }
  return latest;
}

export interface Prepared {
  order: OrderRow;
  gateway: PaymentGateway | null;
  /** The saved method chosen, checked to belong to the shopper. */
  savedToken?: { brand: string; last4: string };
  /** An order placed by an earlier call for the same cart: answered as it stands. */
  repeated: boolean;
  /** The outcome already recorded with the order (offline methods, free orders). */
  settled?: PaymentOutcome;
}

/** Where an order goes when its gateway cannot say whether an unrecorded payment went through: the shop checks. */
const UNKNOWN_PAYMENT: PaymentOutcome = {
  status: "pending",
  orderStatus: "on-hold",
  message: "We could not confirm your payment yet. Your order is on hold while we check it, and we will be in touch.",
};
/** What an unrecorded attempt the gateway never received amounts to: nothing was paid. */
const NEVER_PAID: PaymentOutcome = { status: "failure", message: "The payment was not completed." };

/**
 * Places the order. A failed attempt (a refused detail, a declined payment) counts against the
 * client's checkout limits per session and per address (429 once either is used up); one that
 * places the order does not, nor
 * does a conflict (409: stock sold or a coupon used up meanwhile), which is the shop changing
 * under the shopper rather than anything they did.
 */
export async function placeOrder(context: RequestContext, input: PlaceOrderInput): Promise<CheckoutReply> {
  const ctx = await withShopSettings(context);
  const client = ctx.limits();
  return client.guardFailures(
    [[RATE_LIMITS.checkoutPerSession, ctx.session.sid], [RATE_LIMITS.checkoutPerAddress]],
    () => placeOrderNow(ctx, input),
    (error) => !(error instanceof StoreError && error.status === 409),
  );
}

/**
 * The steps of placing an order. Everything from locking the cart to taking stock and counting
 * coupons runs in one transaction; an online payment runs after it, and its outcome is recorded in
 * a second one (settle).
 */
async function placeOrderNow(ctx: ShopContext, input: PlaceOrderInput): Promise<CheckoutReply> {
  const now = ctx.now ?? new Date();
  // Checked before anything is written; stored beside the order, for reports only (decision 0014).
  const attribution = readOrderAttribution(input.extensions);
  // An earlier call that asked for a payment and never recorded its outcome is finished first.
  const resumed = await resumeUnrecordedPayment(ctx, now);
  if (resumed) return resumed;
  const prepared = await answeringConflicts(ctx, async () => {
    const placed = await inTransaction(ctx, (tx) => placingSteps(tx, input, attribution, now));
    if ("changed" in placed) throw checkoutErrors.cartChanged(placed.changed);
    return placed;
  });
  if (prepared.repeated) return checkoutReply(prepared.order, outcomeOf(prepared.order, ctx.settings));
  if (prepared.settled) return answer(ctx, prepared.order, prepared.settled, true);
  return settle(ctx, prepared, input.payment_data ?? []);
}

/** What the order's transaction answers when the page showed another cart, and why: it kept the addresses sent, nothing more. */
interface CartChanged {
  changed: CartChangeReason;
}

/**
 * The steps that run in the order's one transaction, in order. A generator declared once, taking what it needs
 * as arguments: one made per call gets an object shape of its own in V8's old generation, which kept the whole
 * call (the request and its pricing) past two young collections (decision 0126).
 */
function* placingSteps(
  tx: ShopContext,
  input: PlaceOrderInput,
  attribution: ReturnType<typeof readOrderAttribution>,
  now: Date,
): Work<Prepared | CartChanged> {
  const loaded = yield* lockAndLoad(tx, now);
  if ("repeated" in loaded) return { order: loaded.repeated, gateway: null, repeated: true };
  checkLoginRules(tx, input);
  const priced = yield* reprice(tx, loaded.cart, input);
  const checked = checkOrder(tx, priced, input);
  if (checked.couponsToTakeOff.length) yield* awaited((trx) => removeCartCoupons(trx, tx.session.sid, checked.couponsToTakeOff));
  yield* keepAddresses(tx, priced, now);
  // After checkOrder, which takes off coupons that stopped applying, and with the addresses kept: the 409's cart is
  // then priced as the next press will be, and the transaction writes nothing else (decision 0168 and its amendment).
  const changed = input.expected_cart ? yield* changeSinceShown(tx, loaded.cart, priced, input.expected_cart) : null;
  if (changed) return { changed };
  const payment = yield* choosePayment(tx, priced.pricing.result.totals.total_price, input);
  const order = yield* writeOrder(tx, { input, priced, checked, payment, attribution, reusable: loaded.reusable, now });
  yield* takeOrderStock(tx, order.id, priced.pricing.lines, now);
  yield* countCoupons(tx, order.id, priced.pricing.coupons, checked.billing.email ?? "");
  return yield* payInTransaction(tx, order, payment, input, now);
}

/**
 * Runs the steps as one unit of work in one transaction (db/unit-of-work.ts): synchronously on
 * SQLite when every step can (the cached pricing inputs held, no step needing a promise), with the
 * other writes of this turn of the event loop (one commit for the orders placed at once, decision 0129),
 * else through Kysely. The steps compile their queries against `ctx.db`; an async step gets the transaction.
 */
async function inTransaction<T>(ctx: ShopContext, work: (tx: ShopContext) => Work<T>): Promise<T> {
  const options = { write: true, ...checkoutWorkOptions };
  if (options.async || !sqliteHandleOf(ctx.db)) return runWork(ctx.db, () => work(ctx), options);
  // Taking tracked stock or a coupon use moves a revision counter: the orders after it in the group wait for the next.
  const done = await attemptGrouped(ctx.db, () => work(ctx), { movesRevisions: true });
  if (done) return done.value;
  // Missed (an order of a stock-managed product moved the catalogue revision): what pricing reads is
  // loaded outside the transaction, then runWork tries the synchronous run once more before Kysely's.
  await loadPricingOf(ctx);
  return runWork(ctx.db, () => work(ctx), options);
}

/** Fills the caches the cart's pricing reads from (nothing when they hold it already). */
async function loadPricingOf(ctx: ShopContext): Promise<void> {
  const stored = await findCart(ctx.db, ctx.session.sid);
  if (stored?.items.length) await loadPricingInputs(ctx.db, stored, {}, ctx.now ?? new Date(), shopperOf(ctx, stored));
}

/** For tests comparing the synchronous run with the async one on the same orders (decision 0056). */
export const checkoutWorkOptions = { async: false };

/**
 * Conflicts (409) carry the cart as it now stands. A coupon that failed at the last moment is
 * first taken off the cart, and the shopper is told which (cw_rest_cart_coupon_errors).
 */
async function answeringConflicts<T>(ctx: ShopContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CouponRejection) {
      await ctx.db.transaction().execute((trx) => removeCartCoupons(trx as unknown as Db, ctx.session.sid, error.codes));
      throw new StoreError(checkoutErrors.couponErrors(error.codes, error.messages).code, error.messages.join(" "), 409, {
        removed_coupons: error.codes,
        cart: await getCart(ctx),
      });
    }
    if (error instanceof StoreError && error.status === 409) {
      // Stock sold meanwhile: the draft's hold would now keep the last units from others.
      await releaseCartHolds(ctx.db, ctx.session.sid);
      throw new StoreError(error.code, error.message, 409, { ...error.data, cart: await getCart(ctx) });
    }
    throw error;
  }
}

/**
 * Step 1, lock and load: the cart's lock, then its lines. A second call while the first is paying
 * (a double submit) gets the first call's order; so does any call while a payment asked for is
 * unrecorded (resumeUnrecordedPayment settles those), and a call on a cart an order just emptied.
 */
function* lockAndLoad(tx: ShopContext, now: Date): Work<{ cart: StoredCart; reusable: OrderRow | undefined } | { repeated: OrderRow }> {
  const { db, session } = tx;
  const row = yield* lockedCartRow(db, session.sid, session.uid || null, now);
  // One read for both questions: nothing this transaction writes before the order changes the cart's orders.
  const cartOrders = yield* ordersOfCart(db, session.sid, CHECKOUT_STATUSES);
  const latest = newestOrder(cartOrders, IN_FLIGHT_STATUSES);
  const inFlight = latest && !repaying(latest) ? latest : undefined;
  const sinceUpdate = inFlight ? now.getTime() - Date.parse(inFlight.updated_at) : 0;
  // A recent update by staff (decision 0101) is not this cart's payment in flight: the attempt goes on to a new order.
  if (
    inFlight?.status === "pending" &&
    inFlight.stock_taken === 1 &&
    (inFlight.payment_attempt !== "" || (sinceUpdate < PAYMENT_IN_FLIGHT_MS && inFlight.staff_edited === 0))
  )
    return { repeated: inFlight };
  const cart = yield* cartWithLines(db, row);
  if (cart.items.length) return { cart, reusable: newestOrder(cartOrders, REUSABLE_STATUSES) };
  if (inFlight && now.getTime() - Date.parse(inFlight.created_at) < REPEAT_WINDOW_MS) return { repeated: inFlight };
  throw checkoutErrors.cartEmpty();
}

/** Step 2, check who checks out: a guest only where the shop allows guests, or makes an account with the order. */
function checkLoginRules({ settings, session }: ShopContext, input: PlaceOrderInput): void {
  if (!session.uid && !settings.checkoutAllowsGuest && !(input.create_account && settings.checkoutCanCreateAccount))
    throw checkoutErrors.loginRequired();
}

/** The cart priced with the addresses the order is placed with. */
interface Repriced {
  addresses: MergedAddresses;
  /** The cart with those addresses, as it is kept (keepAddresses). */
  cart: StoredCart;
  pricing: PricedForOrder;
  view: StoreCart;
  /** What field rules are checked against; null when the shop has none. */
  document: FieldRuleDocument | null;
}

/**
 * Step 3, reprice: the addresses sent, merged with the cart's, become the cart's (rates, taxes and
 * per-customer coupon limits depend on them), and the cart is priced once with them. Field rules
 * see the cart as priced before this call, which is what the page showed; only a shop with field
 * rules prices it that way too.
 */
function* reprice(tx: ShopContext, stored: StoredCart, input: PlaceOrderInput): Work<Repriced> {
  const addresses = mergedAddresses(
    readAddress(stored.cart.billing_address, true),
    readAddress(stored.cart.shipping_address, false),
    input,
  );
  const before = hasFieldRules(tx.settings) ? yield* pricedForOrder(tx, stored) : null;
  const document = before && orderRuleDocument(tx.session.uid, yield* before.view(), input, addresses);
  const cart: StoredCart = {
    ...stored,
    cart: {
      ...stored.cart,
      billing_address: JSON.stringify(addresses.billing),
      shipping_address: JSON.stringify(addresses.shipping),
      has_calculated_shipping: addresses.shipping.country ? 1 : 0,
    },
  };
  // The products and rules read for the first pricing serve the second; coupons are read again, for the new e-mail's uses.
  const known = before ? { purchasables: before.inputs.purchasables, rules: before.inputs.rules } : undefined;
  const pricing = yield* pricedForOrder(tx, cart, known);
  return { addresses, cart, pricing, view: pricing.viewWithoutCrossSells(), document };
}

/**
 * Step 4, check the order: its additional fields, its addresses (the shipping one only when
 * goods are shipped, not collected), coupons that stopped applying (taken off: 409, unless the page sent the cart it
 * showed without them), lines that
 * cannot be bought as they are (409), and a shipping option where one is needed. A line whose price
 * moved since it was added passes when the page sent the total it showed: that total is then held to
 * the order's (decision 0168, amended), so the shopper saw the new price.
 */
function checkOrder({ settings }: ShopContext, { addresses, pricing, view, document, cart }: Repriced, input: PlaceOrderInput) {
  const additionalFields = checkedAdditionalFields(settings, input.additional_fields ?? {}, document);
  const shippingNeeded = pricing.needsShipping && !pricing.pickupLocation;
  const checked = checkedAddresses(settings, addresses, shippingNeeded, document);
  const dropped = cart.coupons.filter((code) => !pricing.coupons.some((c) => c.code === code));
  // A coupon the page did not show (it showed why in the cart's errors) goes without a refusal: the order is the one
  // shown. One the page showed, or any for a client that sent no cart, refuses the order: its total was counted with it.
  const shown = input.expected_cart?.coupons;
  const refused = shown ? dropped.filter((code) => shown.includes(code)) : dropped;
  if (refused.length) {
    const messages = view.errors.filter((e) => e.code === "cw_rest_cart_coupon_error").map((e) => e.message);
    throw new CouponRejection(refused, messages);
  }
  const totalShown = input.expected_cart?.totals !== undefined;
  const itemErrors = view.errors.filter((e) => e.code !== "cw_rest_cart_coupon_error" && !(totalShown && e.code === PRICE_CHANGED));
  if (itemErrors.length) {
    const [first] = itemErrors as [StoreCart["errors"][number]];
    throw new StoreError(first.code, first.message, 409, { errors: itemErrors });
  }
  if (pricing.needsShipping && !Object.keys(pricing.chosen).length) throw checkoutErrors.missingShippingOption();
  return { ...checked, additionalFields, shippingNeeded, couponsToTakeOff: dropped };
}
type CheckedOrder = ReturnType<typeof checkOrder>;

/**
 * Null when the cart priced for the order is the page's, else why not (decision 0175). Its lines or coupons moved:
 * another window or device. Only its money or rates: the addresses sent with the order, when the cart priced with the
 * addresses it held (what the page priced) is still the page's; else the shop's prices, taxes or shipping. That second
 * pricing runs only on this refusal, and only when the addresses sent are not the cart's already.
 */
function* changeSinceShown(tx: ShopContext, stored: StoredCart, priced: Repriced, expected: ExpectedCart): Work<CartChangeReason | null> {
  const change = expectedCartChange(priced.view, expected);
  if (change !== "prices") return change;
  const sameAddresses =
    stored.cart.billing_address === priced.cart.cart.billing_address && stored.cart.shipping_address === priced.cart.cart.shipping_address;
  if (sameAddresses) return "prices";
  const before = yield* pricedForOrder(tx, stored);
  return expectedCartChange(before.viewWithoutCrossSells(), expected) ? "prices" : "address";
}

/** The addresses the order is placed with become the cart's, for next time and for a retry. */
function* keepAddresses({ db, session }: ShopContext, { cart }: Repriced, now: Date): Work<void> {
  yield* cartAddressesSaved(db, session.sid, now, {
    billing_address: cart.cart.billing_address,
    shipping_address: cart.cart.shipping_address,
    has_calculated_shipping: cart.cart.has_calculated_shipping,
  });
}

export interface ChosenPayment {
  /** None for a free order. */
  gateway: PaymentGateway | null;
  savedToken?: Prepared["savedToken"];
}

/** Step 5, choose payment: the method sent (none needed for a free order), a saved card of the shopper's, its data checked. */
export function* choosePayment(
  { settings, session }: ShopContext,
  total: number,
  input: Pick<PlaceOrderInput, "payment_method" | "payment_data">,
): Work<ChosenPayment> {
  if (total <= 0) return { gateway: null };
  if (!input.payment_method) throw checkoutErrors.missingPaymentMethod();
  const gateway = availableGateways(settings).find((g) => g.id === input.payment_method);
  if (!gateway) throw checkoutErrors.paymentMethodDisabled(input.payment_method);
  let savedToken: Prepared["savedToken"];
  const tokenId = Number(dataValue(input.payment_data ?? [], tokenKey(gateway.id)));
  if (tokenId) {
    const token =
      session.uid && isStoredId(tokenId) ? yield* awaited((tx) => findPaymentToken(tx, session.uid, tokenId, gateway.id)) : undefined;
    if (!token) throw checkoutErrors.invalidPaymentData("The saved payment method could not be found.");
    savedToken = { brand: token.brand, last4: token.last4 };
  }
  const problem = gateway.validate?.(input.payment_data ?? [], { usingSavedToken: Boolean(savedToken) });
  if (problem) throw checkoutErrors.invalidPaymentData(problem);
  return { gateway, savedToken };
}

/**
 * Step 6, write the order: an account asked for at checkout, the order (the cart's draft or failed
 * attempt rewritten, else a new one) with its lines and coupons, and where it came from.
 */
function* writeOrder(
  tx: ShopContext,
  step: {
    input: PlaceOrderInput;
    priced: Repriced;
    checked: CheckedOrder;
    payment: ChosenPayment;
    attribution: ReturnType<typeof readOrderAttribution>;
    /** The newest of the cart's orders in REUSABLE_STATUSES, as the transaction read it. */
    reusable: OrderRow | undefined;
    now: Date;
  },
): Work<OrderBeingPlaced> {
  const { db, session } = tx;
  const { input, priced, checked, payment, now } = step;
  const fields = newOrderFields(tx, priced, checked, payment, input, now.toISOString());
  // An account asked for at checkout is made with the order, for the billing e-mail.
  if (!session.uid && input.create_account && tx.settings.checkoutCanCreateAccount) {
    const account = {
      email: checked.billing.email ?? "",
      password: input.customer_password ?? "",
      firstName: checked.billing.first_name,
      lastName: checked.billing.last_name,
    };
    fields.customer_id = (yield* awaited((trx) => createCustomer(trx, account))).id;
  }
  const reused = yield* reusableOrder(step.reusable, now);
  const coupons = orderCouponsOf(priced.pricing);
  const orderId = yield* orderAttemptWritten(db, reused, fields, orderLinesOf(priced.pricing, priced.view), coupons);
  // A new order has no attribution to replace: only one it came with is written.
  if (reused || step.attribution) yield* awaited((trx) => saveOrderAttribution(trx, orderId, step.attribution));
  // The reused order may hold stock; a new one cannot (`orderAttemptWritten` may also have written one in its place).
  return {
    id: orderId,
    mayHoldStock: reused?.id === orderId,
    hasCoupons: coupons.length > 0,
    downloadFacts: downloadFactsOf(priced.pricing.lines),
    cartHasCoupons: priced.cart.coupons.length > 0,
  };
}

/** The lines as downloads see them, from the products priced: only when none is downloadable (which files exist is not known here). */
function downloadFactsOf(lines: Repriced["pricing"]["lines"]): DownloadLineFacts | undefined {
  if (lines.some((line) => line.item.row.downloadable)) return undefined;
  return lines.map((line) => ({ virtual: line.item.row.virtual, downloadable: 0, a_file: null }));
}

/** The order's own row, as placed from the priced cart. */
function newOrderFields(
  { settings, session }: ShopContext,
  { pricing, view }: Repriced,
  { billing, shipping, billingFields, shippingFields, shippingNeeded, additionalFields }: CheckedOrder,
  { gateway }: ChosenPayment,
  input: PlaceOrderInput,
  nowIso: string,
): NewOrder {
  const { totals } = pricing.result;
  const chosenRates = Object.values(pricing.chosen)
    .map((rateId) => pricing.rates.find((r) => r.rate_id === rateId))
    .filter((r) => r !== undefined);
  return {
    cart_id: session.sid,
    status: "pending",
    order_key: newOrderKey(),
    customer_id: session.uid || null,
    billing_email: billing.email ?? "",
    billing_address: JSON.stringify({ ...billing, ...billingFields }),
    shipping_address: JSON.stringify(shippingNeeded ? { ...shipping, ...shippingFields } : {}),
    customer_note: (input.customer_note ?? "").trim(),
    payment_method: gateway?.id ?? "",
    payment_method_title: gateway ? methodTitle(settings, gateway) : "",
    payment_details: "[]",
    transaction_id: "",
    currency: pricing.currency.code,
    total: totals.total_price,
    total_tax: totals.total_tax,
    total_shipping: totals.total_shipping,
    total_discount: totals.total_discount,
    totals: orderTotalsOf(pricing, view),
    shipping_lines: JSON.stringify(
      chosenRates.map((r) => ({ method_id: r.method_id, instance_id: r.instance_id, name: r.name, total: String(r.cost) })),
    ),
    fee_lines: JSON.stringify(orderFeesOf(pricing, view)),
    additional_fields: JSON.stringify(additionalFields),
    extensions: JSON.stringify(withoutAttribution(input.extensions)),
    stock_taken: 0,
    created_at: nowIso,
    updated_at: nowIso,
    paid_at: null,
    payment_attempt: "",
    emails_due: 0,
  };
}

/** Step 7, take stock: one conditional update per tracked line; the first that cannot be served undoes everything (409). */
function* takeOrderStock({ db }: ShopContext, orderId: number, lines: Repriced["pricing"]["lines"], now: Date): Work<void> {
  for (const line of lines) {
    if (!line.item.row.manage_stock) continue;
    if (!(yield* stockTaken(db, line.item.row.id, line.quantity, orderId, now.toISOString()))) {
      throw new StoreError(
        "cw_rest_product_out_of_stock",
        `There is not enough “${line.item.parent.name}” in stock to place this order. Please change the quantity or remove it from your cart.`,
        409,
      );
    }
  }
}

/** Step 8, count coupons at the moment of use: two shoppers racing for the last use cannot both win. */
function* countCoupons({ db, session }: ShopContext, orderId: number, coupons: Repriced["pricing"]["coupons"], email: string): Work<void> {
  for (const coupon of coupons) {
    const message = `Coupon "${coupon.code}" has reached its usage limit and was removed from your cart.`;
    if (!(yield* couponUsed(db, orderId, coupon, { email, customerId: session.uid }))) throw new CouponRejection([coupon.code], [message]);
  }
}

/**
 * Step 9, pay what needs no gateway round trip: the order is marked placed; an online payment is
 * asked for after the transaction, under a key the order keeps until its outcome is recorded.
 * Offline methods and free orders decide nothing outside: settled here, there is no moment a
 * crash could split (step 10, record, in the same transaction).
 */
export function* payInTransaction(
  { db, settings }: ShopContext,
  placed: OrderBeingPlaced,
  { gateway, savedToken }: ChosenPayment,
  input: Pick<PlaceOrderInput, "payment_data">,
  now: Date,
  attempt = PAY_ATTEMPT,
): Work<Prepared> {
  const nowIso = now.toISOString();
  const online = gateway !== null && !gateway.offline;
  // A repayment keeps its key even when settled here: the outcome's record knows it by that (no cart to empty).
  const order = yield* orderPlaced(db, placed, online || attempt === REPAY_ATTEMPT ? `${attempt}${crypto.randomUUID()}` : "", nowIso);
  if (!order) throw new Error("the order being placed is gone or no longer pending inside its transaction");
  if (online) return { order, gateway, savedToken, repeated: false };
  const request = paymentRequest(settings, order, input.payment_data ?? [], undefined, false);
  // An offline method that decides synchronously keeps the unit synchronous; any other is awaited.
  const outcome = gateway?.decide ? gateway.decide(request) : yield* awaited((tx) => pay(gateway, request, tx));
  // The checkout's own outcome is part of the placing; a repayment's is a later change (decision 0170).
  const recorded = yield* outcomeRecorded(db, order, outcome, nowIso, { ...placed, placing: attempt === PAY_ATTEMPT });
  if (!recorded) throw new Error("an order being placed was recorded by another call");
  return { order: recorded, gateway, repeated: false, settled: outcome };
}

/**
 * The outcome an already recorded order stands for, when a repeated call asks again: with the
 * method's instructions (cash on delivery, a transfer), which the first reply carried and the order does not keep.
 */
function outcomeOf(order: OrderRow, settings: ShopSettings): PaymentOutcome {
  const details = JSON.parse(order.payment_details) as { key: string; value: string }[];
  if (order.status === "failed") return { status: "failure", details };
  const message = paymentInstructions(settings, order.payment_method, order.status) || undefined;
  return { status: order.status === "pending" ? "pending" : "success", details, ...(message ? { message } : {}) };
}

/** What the gateway is told of an order it pays or is asked about. */
function paymentRequest(
  settings: ShopSettings,
  order: OrderRow,
  data: PaymentDataEntry[],
  savedToken: Prepared["savedToken"],
  saveRequested: boolean,
): PaymentRequest {
  return {
    orderId: order.id,
    orderKey: order.order_key,
    total: order.total,
    currency: order.currency,
    billingEmail: order.billing_email,
    customerId: order.customer_id ?? 0,
    data,
    settings,
    savedToken,
    saveRequested,
    idempotencyKey: order.payment_attempt,
  };
}

/** Asks the gateway to pay; none is needed for a free order. */
async function pay(gateway: PaymentGateway | null, request: PaymentRequest, db: Db): Promise<PaymentOutcome> {
  if (!gateway) return { status: "success", orderStatus: "processing" };
  try {
    return await gateway.process(request, { db });
  } catch {
    // A call that broke may still have charged (a lost reply): a gateway that can tell is asked.
    const found = request.idempotencyKey ? await gateway.findPayment?.(request.idempotencyKey, { db }).catch(() => null) : null;
    if (found) return found;
    // A gateway that breaks is a failed payment for the shopper, never a lost order.
    return {
      status: "failure",
      message: "We are experiencing difficulties with this payment method. Please contact us for assistance.",
    };
  }
}

/**
 * Records a payment's outcome, if the order still waits for that attempt: of the calls that may race
 * to it (the first call, a retry, the sweep) exactly one records it. Paid or accepted: the status,
 * the cart emptied, the customer's addresses and a card to keep saved. Declined: stock and coupon
 * uses given back. Answers the order as recorded, or undefined when another call recorded it first.
 */
function recordOutcome(db: Db, order: OrderRow, outcome: PaymentOutcome, now: string, placing = false): Promise<OrderRow | undefined> {
  return runSteps(db, outcomeRecorded(db, order, outcome, now, { placing }));
}

/** `recordOutcome` as steps of the caller's unit of work. */
function* outcomeRecorded(
  db: Db,
  order: OrderRow,
  outcome: PaymentOutcome,
  now: string,
  known: Pick<OrderBeingPlaced, "downloadFacts" | "cartHasCoupons"> & { placing?: boolean } = {},
): Work<OrderRow | undefined> {
  const details = JSON.stringify(outcome.details ?? []);
  // The shop decides these outcomes itself when the gateway could not say (the status event names it).
  const by = outcome === UNKNOWN_PAYMENT || outcome === NEVER_PAID ? "shop" : "gateway";
  if (outcome.status === "failure") {
    // Claimed, a failure also gives back the order's stock and coupon uses.
    const failed = { status: "failed" as const, payment_details: details, updated_at: now };
    if (!(yield* paymentOutcomeRecorded(db, order, failed, by, { placing: known.placing }))) return undefined;
    return yield* orderOf(db, order.id);
  }
  const status = outcome.orderStatus ?? (outcome.status === "success" ? "processing" : "pending");
  const paid = status === "processing" || status === "completed";
  const recorded = yield* paymentOutcomeRecorded(
    db,
    order,
    {
      status,
      payment_details: details,
      transaction_id: outcome.transactionId ?? "",
      paid_at: paid ? now : null,
      emails_due: 1,
      updated_at: now,
    },
    by,
    { lines: known.downloadFacts, placing: known.placing },
  );
  if (!recorded) return undefined;
  // An order paid from the pay-for-order page left its cart long ago: what the cart holds now is another order's.
  if (!order.payment_attempt.startsWith(REPAY_ATTEMPT)) yield* cartEmptied(db, order.cart_id, now, known.cartHasCoupons ?? true);
  const customerId = order.customer_id ?? 0;
  if (customerId) {
    const shipping = JSON.parse(order.shipping_address) as Record<string, string>;
    const billing = JSON.parse(order.billing_address) as Record<string, string>;
    const { email: _email, ...billingAsShipping } = billing;
    const addresses = { billing, shipping: shipping.country ? shipping : billingAsShipping };
    yield* awaited((tx) => saveCustomerAddresses(tx, customerId, addresses));
  }
  // The gateway offers a card to keep only when the shopper asked to save it.
  const token = outcome.tokenToSave;
  if (customerId && token) yield* awaited((tx) => savePaymentToken(tx, { customerId, gateway: order.payment_method, ...token }));
  // As the claim wrote it: nothing since (the cart, the customer's addresses and cards) touches the order's row.
  return recorded;
}

/**
 * The reply for an order whose outcome is recorded. The e-mails go out only from the call that
 * recorded it (`recordedHere`), so each settled order sends them once. A declined payment answers 400.
 */
export async function answer(ctx: ShopContext, order: OrderRow, outcome: PaymentOutcome, recordedHere: boolean): Promise<CheckoutReply> {
  const reply = checkoutReply(order, outcome);
  // The confirmation and the owner's notice go out in the background: the shopper does not wait.
  if (recordedHere && outcome.status !== "failure") onOrderPlaced(ctx.db, order.id);
  // A declined payment: the owner hears of it (WooCommerce's failed order e-mail); the shopper is told here, not by mail.
  if (recordedHere && outcome.status === "failure") onOrderFailed(ctx.db, order.id, { toCustomer: false });
  if (outcome.status === "failure") {
    throw new StoreError("cw_rest_checkout_process_payment_error", outcome.message ?? "The payment was declined.", 400, {
      order_id: order.id,
      payment_result: reply.payment_result,
      cart: await getCart(ctx),
    });
  }
  return reply;
}

/**
 * Records an outcome in its own transaction and answers with the order as it then stands, whoever recorded it.
 * `placing`: the call that placed the order records it (decision 0170).
 */
async function recordAndAnswer(ctx: ShopContext, order: OrderRow, outcome: PaymentOutcome, placing = false): Promise<CheckoutReply> {
  const now = (ctx.now ?? new Date()).toISOString();
  const recorded = await ctx.db.transaction().execute((trx) => recordOutcome(trx as unknown as Db, order, outcome, now, placing));
  if (recorded) return answer(ctx, recorded, outcome, true);
  const current = await findOrder(ctx.db, order.id);
  if (!current) throw new Error("order vanished while being paid");
  return answer(ctx, current, outcomeOf(current, ctx.settings), false);
}

/** Pays an online payment outside any transaction, then records the outcome. */
export async function settle(ctx: ShopContext, { order, gateway, savedToken }: Prepared, data: PaymentDataEntry[]): Promise<CheckoutReply> {
  const customerId = order.customer_id ?? 0;
  // Saving a card needs an account to keep it on, and a gateway that can tokenize.
  const saveRequested =
    Boolean(gateway?.supports.includes("tokenization")) &&
    customerId > 0 &&
    !savedToken &&
    ["true", "1"].includes(dataValue(data, saveKey(gateway?.id ?? "")));
  const outcome = await pay(gateway, paymentRequest(ctx.settings, order, data, savedToken, saveRequested), ctx.db);
  // A checkout's attempt (not a repayment's) is recorded as part of its placing.
  return recordAndAnswer(ctx, order, outcome, order.payment_attempt.startsWith(PAY_ATTEMPT));
}

/**
 * What the gateway knows of an attempt whose outcome was never recorded: `known` with the outcome
 * (null: it never received the attempt), or not known (it cannot look attempts up, is gone, or failed to answer).
 */
async function askGateway(db: Db, order: OrderRow): Promise<{ known: true; outcome: PaymentOutcome | null } | { known: false }> {
  const gateway = findGateway(order.payment_method);
  if (!gateway?.findPayment) return { known: false };
  try {
    return { known: true, outcome: await gateway.findPayment(order.payment_attempt, { db }) };
  } catch {
    return { known: false };
  }
}

/**
 * A retried checkout finishes what an earlier call for the same cart started: when that call asked
 * for a payment and its outcome was never recorded, the gateway is asked what became of it. Paid:
 * the order is settled and answered. Declined, or never received (after the two minutes a payment
 * may take): the order gives its stock back and this call places it again. Not known yet: the
 * earlier call may still be paying, so its order is answered as pending; after two minutes it is held.
 */
async function resumeUnrecordedPayment(ctx: ShopContext, now: Date): Promise<CheckoutReply | undefined> {
  const earlier = await latestCartOrder(ctx.db, ctx.session.sid, ["pending"]);
  if (!earlier?.payment_attempt || earlier.stock_taken !== 1 || repaying(earlier)) return undefined;
  const found = await askGateway(ctx.db, earlier);
  const stillPaying = now.getTime() - Date.parse(earlier.updated_at) < PAYMENT_IN_FLIGHT_MS;
  const outcome = found.known ? found.outcome : undefined;
  if (outcome && outcome.status !== "failure") return recordAndAnswer(ctx, earlier, outcome);
  if (!outcome && stillPaying) return checkoutReply(earlier, outcomeOf(earlier, ctx.settings));
  if (!found.known) return recordAndAnswer(ctx, earlier, UNKNOWN_PAYMENT);
  // Declined, or never received: the order gives back its stock and uses, and is placed again below.
  const failed = await ctx.db
    .transaction()
    .execute((trx) => recordOutcome(trx as unknown as Db, earlier, outcome ?? NEVER_PAID, now.toISOString()));
  // The shopper's call places the order again at once: nothing to tell them by mail.
  if (failed) onOrderFailed(ctx.db, earlier.id, { toCustomer: false });
  return undefined;
}

/**
 * The sweep of unpaid orders (main.ts, every five minutes): an order whose payment was asked for
 * and never recorded, older than the hold time, is never simply cancelled. Its gateway is asked
 * first: paid, it is settled (cart emptied, e-mails sent); declined, it fails; never received, it is
 * cancelled (a repayment fails instead, to be paid again); not known, it is held (on-hold) for the shop to check. Then the other unpaid orders are
 * cancelled as before, and e-mails a crash left due are sent. Answers how many orders each way.
 */
export async function sweepUnpaidOrders(db: Db, holdMinutes: number, now = new Date()) {
  const nowIso = now.toISOString();
  const before = new Date(now.getTime() - holdMinutes * 60 * 1000).toISOString();
  const counts = { settled: 0, held: 0, failed: 0, cancelled: 0, emailed: 0 };
  for (const order of await unrecordedPayments(db, before)) {
    const found = await askGateway(db, order);
    // A repayment the gateway never received leaves the order failed, to be paid again, rather than cancelled.
    const neverPaid = found.known && !found.outcome;
    if (neverPaid && !repaying(order)) {
      if (await cancelNeverPaid(db, order, nowIso)) counts.cancelled++;
      continue;
    }
    const outcome = neverPaid ? NEVER_PAID : found.known && found.outcome ? found.outcome : UNKNOWN_PAYMENT;
    const recorded = await db.transaction().execute((trx) => recordOutcome(trx as unknown as Db, order, outcome, nowIso));
    if (!recorded) continue;
    if (outcome.status === "failure") {
      counts.failed++;
      // A no the shopper never saw (they left before it came): they hear of it with the link to pay.
      onOrderFailed(db, order.id, { toCustomer: true });
      continue;
    }
    onOrderPlaced(db, order.id);
    if (outcome === UNKNOWN_PAYMENT) counts.held++;
    else counts.settled++;
  }
  counts.cancelled += await cancelUnpaidOrders(db, holdMinutes, now);
  // E-mails a process never got to start after settling an order (it died in that instant).
  for (const id of await ordersWithEmailsDue(db, new Date(now.getTime() - EMAILS_STARTED_MS).toISOString())) {
    if (await onOrderPlaced(db, id)) counts.emailed++;
  }
  return counts;
}

/** Cancels an order whose gateway never received its payment, giving its stock and coupon uses back. */
async function cancelNeverPaid(db: Db, order: OrderRow, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    // Claimed, the cancellation also gives back the order's stock and coupon uses.
    return recordPaymentOutcome(tx, order, { status: "cancelled", updated_at: now }, "shop");
  });
}

/** GET /checkout: the cart's draft order, written from the cart as it is now, holding its stock for a while. */
export async function getDraftOrder(context: RequestContext): Promise<CheckoutReply> {
  const ctx = await withShopSettings(context);
  const now = ctx.now ?? new Date();
  const nowIso = now.toISOString();
  const { sid, uid } = ctx.session;
  return ctx.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Db;
    await lockCart(db, sid, uid || null, now);
    const stored = await findCart(db, sid);
    if (!stored?.items.length) throw checkoutErrors.cartEmpty();
    const priced = await loadPricedCart({ ...ctx, db }, stored);
    const existing = await runSteps(db, reusableOrder(await latestCartOrder(db, sid, REUSABLE_STATUSES), now));
    const fields = {
      status: "checkout-draft" as const,
      customer_id: uid || null,
      billing_email: priced.billing.email ?? "",
      billing_address: JSON.stringify(priced.billing),
      shipping_address: JSON.stringify(priced.shipping),
      currency: priced.currency.code,
      total: priced.result.totals.total_price,
      updated_at: nowIso,
    };
    if (existing) await updateOrder(db, existing.id, fields);
    const orderId = existing
      ? existing.id
      : await createOrder(db, {
          ...fields,
          cart_id: sid,
          order_key: newOrderKey(),
          customer_note: "",
          payment_method: "",
          payment_method_title: "",
          payment_details: "[]",
          transaction_id: "",
          total_tax: priced.result.totals.total_tax,
          total_shipping: priced.result.totals.total_shipping,
          total_discount: priced.result.totals.total_discount,
          totals: "{}",
          shipping_lines: "[]",
          fee_lines: "[]",
          additional_fields: "{}",
          extensions: "{}",
          stock_taken: 0,
          created_at: nowIso,
          paid_at: null,
          payment_attempt: "",
          emails_due: 0,
        });
    const holds = priced.lines.filter((l) => l.item.row.manage_stock).map((l) => ({ product_id: l.item.row.id, quantity: l.quantity }));
    await holdDraftStock(db, orderId, holds, nowIso, new Date(now.getTime() + DRAFT_HOLD_MINUTES * 60 * 1000).toISOString());
    const order = await findOrder(db, orderId);
    if (!order) throw new Error("draft order vanished inside its transaction");
    return checkoutReply(order, null);
  });
}

/** PUT /checkout: the draft order's notes, additional fields and chosen method, kept while the shopper types. */
export async function updateDraftOrder(
  context: RequestContext,
  input: { additional_fields?: Record<string, unknown>; order_notes?: string; payment_method?: string },
): Promise<CheckoutReply> {
  const ctx = await withShopSettings(context);
  if (input.payment_method && !findGateway(input.payment_method)) throw checkoutErrors.paymentMethodDisabled(input.payment_method);
  const draft = await getDraftOrder(ctx);
  const nowIso = (ctx.now ?? new Date()).toISOString();
  const order = await findOrder(ctx.db, draft.order_id);
  if (!order) throw new Error("draft order vanished");
  await updateOrder(ctx.db, order.id, {
    ...(input.additional_fields
      ? {
          additional_fields: JSON.stringify({
            ...JSON.parse(order.additional_fields),
            ...knownAdditionalFields(ctx.settings, input.additional_fields),
          }),
        }
      : {}),
    ...(input.order_notes !== undefined ? { customer_note: input.order_notes.trim() } : {}),
    ...(input.payment_method !== undefined ? { payment_method: input.payment_method } : {}),
    updated_at: nowIso,
  });
  const updated = await findOrder(ctx.db, order.id);
  return checkoutReply(updated ?? order, null);
}
