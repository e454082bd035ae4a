/** /my-account/orders: the signed-in customer's orders, newest first. */
import { currencyFromFields, formatAmount } from "@cartwright/commerce";
import { Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { formatDate, statusLabel } from "../features/account/format.server.ts";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import type { Route } from "./+types/account-orders";

export async function loader({ context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account);
  const orders = await account.orders();
  return {
    orders: orders.map((order) => ({
      id: order.id,
      number: order.order_number,
      date: formatDate(order.date_created),
      dateTime: order.date_created,
      status: statusLabel(order.status),
      total: t.totalFor(formatAmount(order.total, currencyFromFields(order.currency)), order.item_count),
      link: `${ACCOUNT_PATH}/orders/${order.id}`,
    })),
    shopPath: settings.storePages.shop || "/shop",
    title: `${t.orders} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.orders }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <AccountLayout title={t.orders}>
      {orders.length === 0 ? (
        <div className="account-empty">
          <p>{t.noOrders}</p>
          <Link to={loaderData.shopPath} className="button">
            {t.browse}
          </Link>
        </div>
      ) : (
        <table className="account-table account-table--orders">
          <caption className="visually-hidden">{t.ordersTableLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{t.order}</th>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.total}</th>
              <th scope="col">
                <span className="visually-hidden">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <Link to={order.link}>#{order.number}</Link>
                </th>
                <td>
                  <time dateTime={order.dateTime}>{order.date}</time>
                </td>
                <td>{order.status}</td>
                <td>{order.total}</td>
                <td>
                  <Link to={order.link} className="button button--secondary" aria-label={t.viewOrder(order.number)}>
                    {t.view}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AccountLayout>
  );
}
