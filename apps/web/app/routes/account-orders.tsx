/** /my-account/orders(?page=N): the signed-in customer's orders, newest first, a page at a time. */
import { currencyFromFields, formatAmount } from "@cartwright/commerce";
import { Link, redirect } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH, AccountLayout } from "../features/account/AccountNav.tsx";
import { formatDate, statusLabel } from "../features/account/format.server.ts";
import { requireCustomer } from "../features/account/guard.server.ts";
import { accountMessages as t } from "../features/account/messages.ts";
import { payPath } from "../features/checkout/pay/pay-path.ts";
import type { Route } from "./+types/account-orders";

const ORDERS_PATH = `${ACCOUNT_PATH}/orders`;
const pageHref = (page: number) => (page > 1 ? `${ORDERS_PATH}?page=${page}` : ORDERS_PATH);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, settings } = context.get(storefrontContext);
  await requireCustomer(account, request);
  const asked = new URL(request.url).searchParams.get("page");
  // A page that is no number goes to the first, one past the end to the last: a stale link still lands on orders.
  if (asked !== null && !/^[1-9]\d{0,8}$/.test(asked)) throw redirect(ORDERS_PATH);
  const list = await account.orders(asked === null ? 1 : Number(asked));
  if (list.page > Math.max(list.pages, 1)) throw redirect(pageHref(list.pages));
  return {
    page: list.page,
    pages: list.pages,
    orders: list.orders.map((order) => ({
      id: order.id,
      number: order.order_number,
      date: formatDate(order.date_created, settings.timeZone),
      dateTime: order.date_created,
      status: statusLabel(order.status),
      total: t.totalFor(formatAmount(order.total, currencyFromFields(order.currency)), order.item_count),
      link: `${ACCOUNT_PATH}/orders/${order.id}`,
      // Waiting for its payment, or its payment failed: the shopper may pay it (decision 0085).
      payLink: order.status === "pending" || order.status === "failed" ? payPath(order.id) : null,
    })),
    shopPath: settings.storePages.shop || "/shop",
    title: `${list.pages > 1 ? t.ordersPage(list.page, list.pages) : t.orders} – ${settings.siteTitle}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? t.orders }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages } = loaderData;
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
        <>
          <table className="account-table account-table--orders">
            <caption className="visually-hidden">{pages > 1 ? t.ordersTableLabelPage(page, pages) : t.ordersTableLabel}</caption>
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
                    <div className="account-table__actions">
                      {order.payLink && (
                        <a href={order.payLink} className="button" aria-label={t.payOrder(order.number)}>
                          {t.pay}
                        </a>
                      )}
                      <Link to={order.link} className="button button--secondary" aria-label={t.viewOrder(order.number)}>
                        {t.view}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            // Previous and Next as WooCommerce's my-account orders has them, plain links for a browser without JavaScript.
            <nav className="pagination" aria-label={t.ordersPages}>
              <ul>
                {page > 1 && (
                  <li>
                    <Link to={pageHref(page - 1)} rel="prev" className="pagination__link pagination__link--prev">
                      {t.previousPage}
                    </Link>
                  </li>
                )}
                <li className="pagination__gap">{t.pageOf(page, pages)}</li>
                {page < pages && (
                  <li>
                    <Link to={pageHref(page + 1)} rel="next" className="pagination__link pagination__link--next">
                      {t.nextPage}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </AccountLayout>
  );
}
