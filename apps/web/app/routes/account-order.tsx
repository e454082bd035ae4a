/** /my-account/orders/:id: one of the signed-in customer's orders; anyone else's is the 404 page. */
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { DownloadsTable } from "../features/account/Downloads.tsx";
import { downloadRows } from "../features/account/downloads.server.ts";
import { orderDisplay } from "../features/account/format.server.ts";
import { notFound, orderIdFrom, requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import { OrderDetails } from "../features/account/OrderDetails.tsx";
import { payPath } from "../features/checkout/pay/pay-path.ts";
import type { Route } from "./+types/account-order";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { account, settings, checkout } = context.get(storefrontContext);
  const id = orderIdFrom(params.id);
  await requireCustomer(account, request);
  const order = await account.order(id);
  if (!order) throw notFound();
  return {
    order: orderDisplay(order, settings.displayCartPricesIncludingTax, checkout.additionalFields(), settings.timeZone),
    payLink: order.status === "pending" || order.status === "failed" ? payPath(order.id) : null,
    downloads: downloadRows(order.downloads, settings.timeZone),
    title: `${t.orderNumber(order.order_number)} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.orders }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <AccountLayout title={t.orderNumber(order.number)}>
      <p className="account-order__summary">{t.orderPlaced(order.number, order.date, order.status)}</p>
      {loaderData.payLink && (
        <p className="account-order__pay">
          {t.awaitsPayment}{" "}
          <a href={loaderData.payLink} className="button">
            {t.payThisOrder}
          </a>
        </p>
      )}
      <DownloadsTable rows={loaderData.downloads} />
      <OrderDetails order={order} />
      <p>
        <Link to={`${ACCOUNT_PATH}/orders`}>{t.backToOrders}</Link>
      </p>
    </AccountLayout>
  );
}
