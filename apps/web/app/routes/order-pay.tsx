/**
 * /checkout/order-pay/:id?key=…: paying an order that awaits its payment (WooCommerce's "Pay for
 * order"; decision 0085). Its signed-in customer needs no key; anyone else needs the key, and a
 * guest's order follows the order-received page's rule (decision 0083): anyone but the session
 * that placed it, past the first minutes, answers the same email question (a plain form post) before
 * anything of the order shows. The order is shown as placed (nothing to edit) above the shop's
 * payment methods; paid, the shopper goes on to the order-received page. Every other case says why
 * in words.
 */
import { data, Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH } from "../features/account/AccountNav.tsx";
import { orderDisplay, statusLabel } from "../features/account/format.server.ts";
import { orderIdFrom, signInPath } from "../features/account/guard.server.ts";
import { OrderDetails } from "../features/account/OrderDetails.tsx";
import { OrderEmailQuestion } from "../features/account/OrderEmailQuestion.tsx";
import { answerOrderEmail } from "../features/account/order-email.server.ts";
import { payMessages as t } from "../features/checkout/pay/messages.ts";
import { OrderPayForm } from "../features/checkout/pay/OrderPayForm.tsx";
import type { Route } from "./+types/order-pay";
// Through the checkout's route module: this page then loads the checkout's files rather than splitting them (decision 0085).
import { PaymentSection } from "./checkout.tsx";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { checkout, settings, account } = context.get(storefrontContext);
  const id = orderIdFrom(params.id);
  const url = new URL(request.url);
  const found = await checkout.orderToPay(id, url.searchParams.get("key"));
  const title = `${t.title} – ${settings.siteTitle}`;
  switch (found.state) {
    case "payable": {
      const methods = checkout.paymentMethods().filter((method) => !method.express);
      return {
        state: found.state,
        title,
        order: orderDisplay(found.order, settings.displayCartPricesIncludingTax, checkout.additionalFields(), settings.timeZone),
        failed: found.order.status === "failed",
        key: found.key,
        askEmail: found.askEmail,
        billingEmail: found.billingEmail ?? "",
        methods: methods.map(({ id, title, description }) => ({ id, title, description })),
        savedMethods: await checkout.savedMethods(),
        isAdmin: await account.isOwner(),
      };
    }
    case "paid":
      return { state: found.state, title, message: t.paidTitle, link: { to: found.receivedUrl, label: t.viewOrder } };
    case "not-payable":
      return {
        state: found.state,
        title,
        message: t.notPayable(statusLabel(found.status)),
        link: { to: found.receivedUrl, label: t.viewOrder },
      };
    case "confirm-email":
      return { state: found.state, title };
    case "sign-in":
      return { state: found.state, title, message: t.signIn, link: { to: signInPath(url.pathname + url.search), label: t.signInLink } };
    // No such order, or not this key: a 404, with words saying which.
    default:
      return data(
        {
          state: found.state,
          title,
          message: found.state === "wrong-key" ? t.wrongKey : t.notFound,
          link: { to: ACCOUNT_PATH, label: t.toAccount },
        },
        { status: 404 },
      );
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return answerOrderEmail(context.get(storefrontContext).account, params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.title }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // The key is in the address: keep the page out of shared caches.
  return { "Cache-Control": "private, no-store" };
}

export default function OrderPay({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "confirm-email") {
    return (
      <section className="order-pay">
        <h1>{t.title}</h1>
        <OrderEmailQuestion email={actionData?.email ?? ""} error={actionData?.error ?? null} />
      </section>
    );
  }
  if (loaderData.state !== "payable") {
    return (
      <section className="order-pay">
        <h1>{t.title}</h1>
        <p className={`notice${loaderData.state === "paid" ? " notice--success" : ""}`}>{loaderData.message}</p>
        <p>
          <Link to={loaderData.link.to} className="button">
            {loaderData.link.label}
          </Link>
        </p>
      </section>
    );
  }
  const { order } = loaderData;
  return (
    <article className="order-pay">
      <h1>{t.title}</h1>
      <p>{t.intro(order.number)}</p>
      {loaderData.failed && <p className="notice notice--error">{t.lastFailed}</p>}
      <OrderDetails order={order} addresses={false} />
      <noscript>
        <p className="notice">{t.needsScript}</p>
      </noscript>
      <OrderPayForm
        orderId={order.id}
        orderKey={loaderData.key}
        askEmail={loaderData.askEmail}
        billingEmail={loaderData.billingEmail}
        methods={loaderData.methods}
        savedMethods={loaderData.savedMethods}
        total={order.total}
        isAdmin={loaderData.isAdmin}
        Section={PaymentSection}
      />
    </article>
  );
}
