/**
 * /checkout/order-received/:id?key=…: the page after a placed order. Shown with the order's key,
 * or to its signed-in owner without one; anything else is the 404 page, so an order id alone
 * tells nothing. An account's order asks for the owner to sign in rather than showing it. A
 * guest's order asks anyone but the session that placed it, after the first minutes, for its
 * billing email (decision 0083): a plain form post to this route's action, so it works without
 * JavaScript; the right one brings the page back with the order.
 */
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH } from "../features/account/AccountNav.tsx";
import { DownloadsTable } from "../features/account/Downloads.tsx";
import { downloadRows } from "../features/account/downloads.server.ts";
import { orderDisplay } from "../features/account/format.server.ts";
import { notFound, orderIdFrom, signInPath } from "../features/account/guard.server.ts";
import { orderMessages as t } from "../features/account/messages.ts";
import { OrderDetails } from "../features/account/OrderDetails.tsx";
import { OrderEmailQuestion } from "../features/account/OrderEmailQuestion.tsx";
import { answerOrderEmail } from "../features/account/order-email.server.ts";
import { payPath } from "../features/checkout/pay/pay-path.ts";
import type { Route } from "./+types/order-received";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { account, settings, checkout } = context.get(storefrontContext);
  const id = orderIdFrom(params.id);
  const key = new URL(request.url).searchParams.get("key");
  const order = await account.orderReceived(id, key);
  if (!order) throw notFound();
  const title = `${t.receivedTitle} – ${settings.siteTitle}`;
  if (order === "confirm-email") return { order: null, title, confirm: true };
  if (order === "sign-in") {
    const url = new URL(request.url);
    return { order: null, title, signIn: signInPath(url.pathname + url.search) };
  }
  return {
    order: orderDisplay(order, settings.displayCartPricesIncludingTax, checkout.additionalFields(), settings.timeZone),
    // A failed payment: the shopper may pay the order from here (decision 0085).
    payLink: order.status === "failed" ? payPath(order.id, key) : null,
    downloads: downloadRows(order.downloads, settings.timeZone),
    title,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return answerOrderEmail(context.get(storefrontContext).account, params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.receivedTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // The key is in the address: keep the page out of shared caches. (The shop's referrer policy
  // already sends other sites the origin only.)
  return { "Cache-Control": "private, no-store" };
}

export default function OrderReceived({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order && loaderData.confirm) {
    return (
      <section className="order-received">
        <h1>{t.receivedTitle}</h1>
        <OrderEmailQuestion email={actionData?.email ?? ""} error={actionData?.error ?? null} />
      </section>
    );
  }
  if (!order) {
    return (
      <section className="order-received">
        <h1>{t.receivedTitle}</h1>
        <p className="notice">{t.signInToView}</p>
        <p>
          <Link to={loaderData.signIn ?? ACCOUNT_PATH} className="button">
            {t.signInLink}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <article className="order-received">
      <h1>{t.receivedTitle}</h1>
      {loaderData.payLink ? (
        <p className="notice notice--error order-received__failed">
          {t.receivedFailed}{" "}
          <a href={loaderData.payLink} className="button">
            {t.payForOrder}
          </a>
        </p>
      ) : (
        <>
          <p className="notice notice--success order-received__thanks">{t.receivedThanks}</p>
          <p>{t.receivedIntro}</p>
        </>
      )}
      <section aria-labelledby="order-overview-title">
        <h2 id="order-overview-title" className="visually-hidden">
          {t.overviewLabel}
        </h2>
        <dl className="order-overview">
          <div>
            <dt>{t.orderNumber}</dt>
            <dd>{order.number}</dd>
          </div>
          <div>
            <dt>{t.date}</dt>
            <dd>
              <time dateTime={order.dateTime}>{order.date}</time>
            </dd>
          </div>
          {/* The emails' links (completed, refunded, a note) lead here: say where the order stands. */}
          <div>
            <dt>{t.status}</dt>
            <dd>{order.status}</dd>
          </div>
          {order.email && (
            <div>
              <dt>{t.email}</dt>
              <dd>{order.email}</dd>
            </div>
          )}
          <div>
            <dt>{t.total}</dt>
            <dd>{order.total}</dd>
          </div>
          <div>
            <dt>{t.paymentMethod}</dt>
            <dd>{order.paymentMethod}</dd>
          </div>
        </dl>
      </section>
      {(order.paymentInstructions || order.paymentDetails.length > 0) && (
        <section className="order-received__payment" aria-labelledby="order-payment-title">
          <h2 id="order-payment-title">{t.paymentInstructions}</h2>
          {order.paymentInstructions && <p>{order.paymentInstructions}</p>}
          {order.paymentDetails.length > 0 && (
            <dl className="order-overview order-overview--details">
              {order.paymentDetails.map((detail) => (
                <div key={detail.label}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}
      {"downloads" in loaderData && loaderData.downloads && <DownloadsTable rows={loaderData.downloads} />}
      <OrderDetails order={order} />
    </article>
  );
}
