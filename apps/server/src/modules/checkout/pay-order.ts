/**
 * Paying an order placed earlier that still awaits its payment (WooCommerce's "Pay for order",
 * POST /checkout/{id}; decision 0085): a failed one (a declined card, the sweep) or a pending one.
 * Who may is the orders module's access rule plus the order's key; the order is not priced again
 * (the shopper pays what it says) but the method and its data are checked as the checkout checks
 * them. One transaction claims the order for this one payment (of racing calls one wins), takes
 * back its stock and coupon uses (refused when they are gone) and marks it placed under a new
 * idempotency key; then the checkout's own payment step pays and records the outcome.
 */
import type { Db } from "../../db/index.ts";
import { runSteps } from "../../db/unit-of-work.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { lockExistingCart } from "../cart/index.ts";
import {
  checkOrderAccess,
  findOrder,
  guestSight,
  lockOrder,
  type OrderActor,
  type OrderRow,
  orderErrors,
  orderKnownById,
  PAID_STATUSES,
  reopenForPayment,
  sameOrderKey,
  updateOrder,
} from "../orders/index.ts";
import { methodTitle, type PaymentDataEntry } from "../payments/index.ts";
import { type ShopContext, withShopSettings } from "../settings/index.ts";
import { checkoutErrors } from "./checkout.errors.ts";
import { answer, type CheckoutReply, choosePayment, type Prepared, payInTransaction, REPAY_ATTEMPT, settle } from "./checkout.service.ts";

export interface PayOrderInput {
  key: string;
  billing_email?: string;
  payment_method?: string;
  payment_data?: PaymentDataEntry[];
}

/** Statuses an order may be paid from: waiting for a payment, or one that failed. */
const PAYABLE = new Set(["pending", "failed"]);

/**
 * Pays the order. A refused call (a wrong key or e-mail, a declined card) counts against the
 * client's checkout limits as a failed checkout does; a conflict (409: paid meanwhile, stock or a
 * coupon gone) does not.
 */
export async function payOrder(context: RequestContext, id: number, input: PayOrderInput): Promise<CheckoutReply> {
  const ctx = await withShopSettings(context);
  return ctx.limits().guardFailures(
    [[RATE_LIMITS.checkoutPerSession, ctx.session.sid], [RATE_LIMITS.checkoutPerAddress]],
    () => payOrderNow(ctx, id, input),
    (error) => !(error instanceof StoreError && error.status === 409),
  );
}

async function payOrderNow(ctx: ShopContext, id: number, input: PayOrderInput): Promise<CheckoutReply> {
  const now = ctx.now ?? new Date();
  const prepared = await ctx.db.transaction().execute(async (trx) => {
    const tx: ShopContext = { ...ctx, db: trx as unknown as Db };
    return claimForPayment(tx, id, input, now);
  });
  if (prepared.settled) return answer(ctx, prepared.order, prepared.settled, true);
  return settle(ctx, prepared, input.payment_data ?? []);
}

/** The shopper acting on their order: its customer, or the guest it belongs to. */
const shopperOf = (order: OrderRow): OrderActor => (order.customer_id ? { type: "customer", id: order.customer_id } : { type: "guest" });

/**
 * In one transaction: who asks, the status, the method and its data, the claim, stock and coupon
 * uses taken back, the method written, and the order placed for its payment (offline methods and
 * free orders settled here, as at checkout).
 */
async function claimForPayment(tx: ShopContext, id: number, input: PayOrderInput, now: Date): Promise<Prepared> {
  const { db, session } = tx;
  const found = await findOrder(db, id);
  if (!found || found.status === "checkout-draft" || !sameOrderKey(input.key, found.order_key)) throw orderErrors.invalidOrder();
  // The cart first, as the checkout takes them: a checkout of the order's cart waits, and never reuses the order being paid (PostgreSQL).
  await lockExistingCart(db, found.cart_id);
  const order = await lockOrder(db, id);
  if (!order) throw orderErrors.invalidOrder();
  // No per-order counting here (it would write inside this transaction): wrong tries count against the checkout's limits.
  await checkOrderAccess(order, { customerId: session.uid, key: input.key, billingEmail: input.billing_email, cartId: session.sid });
  if (!PAYABLE.has(order.status))
    throw checkoutErrors.notPayable(order.status, Boolean(order.paid_at) || PAID_STATUSES.includes(order.status));
  if (order.payment_attempt) throw checkoutErrors.paymentInProgress();
  const payment = await runSteps(db, choosePayment(tx, order.total, input));
  const nowIso = now.toISOString();
  const reopened = await reopenForPayment(db, order, shopperOf(order), nowIso);
  if (reopened === "taken") throw checkoutErrors.paymentInProgress();
  if (reopened?.kind === "stock") throw checkoutErrors.outOfStockToPay(reopened.names);
  if (reopened?.kind === "coupons") throw checkoutErrors.orderCouponErrors(reopened.codes);
  const gateway = payment.gateway;
  await updateOrder(db, order.id, {
    payment_method: gateway?.id ?? "",
    payment_method_title: gateway ? methodTitle(tx.settings, gateway) : "",
    updated_at: nowIso,
  });
  return runSteps(db, payInTransaction(tx, orderKnownById(order.id), payment, input, now, REPAY_ATTEMPT));
}

/** What the pay-for-order page shows for an order id and key (the storefront port's `OrderToPay`, before its view is shaped). */
export type OrderToPayFound =
  /** `askEmail`: the pay call needs the billing e-mail from the shopper; `billingEmail`: the page sends it for them (they answered it, or the owner). */
  | { state: "payable"; order: OrderRow; askEmail: boolean; billingEmail?: string }
  | { state: "paid"; order: OrderRow }
  | { state: "not-payable"; order: OrderRow }
  | { state: "sign-in" }
  | { state: "confirm-email" }
  | { state: "wrong-key" }
  | { state: "not-found" };

/**
 * The pay-for-order page's order: its signed-in customer's without a key, else with its key (an
 * account's order then asks for its account). A guest's order follows the order-received page's
 * rule (`guestSight`, decision 0083): anyone else is asked the email question before anything of
 * the order shows. The payment itself checks all of it again (payOrder).
 */
export async function orderToPay(
  ctx: RequestContext,
  id: number,
  access: { key: string | null; verified: boolean; isShopOwner: () => Promise<boolean> },
): Promise<OrderToPayFound> {
  const order = await findOrder(ctx.db, id);
  if (!order || order.status === "checkout-draft") return { state: "not-found" };
  const owner = order.customer_id ?? 0;
  const own = owner > 0 && owner === ctx.session.uid;
  if (!own && !sameOrderKey(access.key, order.order_key)) return { state: "wrong-key" };
  if (owner && !own) return { state: "sign-in" };
  const sight = owner ? "own" : await guestSight(ctx, order, access);
  if (!sight) return { state: "confirm-email" };
  if (order.paid_at || PAID_STATUSES.includes(order.status) || order.status === "refunded") return { state: "paid", order };
  if (!PAYABLE.has(order.status)) return { state: "not-payable", order };
  if (sight === "own" || sight === "placed" || sight === "no-email") return { state: "payable", order, askEmail: false };
  // Answered already (or the owner, who may read it): not asked twice; the call still checks it.
  if (sight === "answered" || sight === "owner") return { state: "payable", order, askEmail: false, billingEmail: order.billing_email };
  return { state: "payable", order, askEmail: true };
}
