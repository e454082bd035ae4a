/** /admin/coupons/:id: one coupon in the form, with the orders that used it. */
import { Link } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { couponsApi } from "../../features/admin/coupons/api.ts";
import { CouponForm } from "../../features/admin/coupons/CouponForm.tsx";
import { couponMessages as t } from "../../features/admin/coupons/messages.ts";
import { toDraft } from "../../features/admin/coupons/model.ts";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { formatWhen } from "../../features/admin/staff/api.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/coupon-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return couponsApi.get(idParam(params.id));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.code ?? ""));
}

export default function EditCouponPage({ loaderData: coupon }: Route.ComponentProps) {
  const currency = { currency_code: coupon.currency_code, currency_minor_unit: coupon.currency_minor_unit };
  const money = moneyFormat(coupon.currency_code, coupon.currency_minor_unit);
  return (
    <div className="admin-page">
      {/* A new key per coupon: the form starts afresh when the URL names another one. */}
      <CouponForm
        key={coupon.id}
        id={coupon.id}
        version={coupon.version}
        initial={toDraft(coupon, currency)}
        currency={currency}
        storedExpiry={coupon.expires_at}
      />
      <section className="admin-card" aria-labelledby="coupon-usage">
        <h2 id="coupon-usage">{t.usage}</h2>
        <p>{t.usageSummary(coupon.usage_count, coupon.usage.orders)}</p>
        {coupon.usage.recent.length === 0 ? (
          <p className="admin-empty">{t.noOrders}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t.order}</th>
                  <th scope="col">{t.placed}</th>
                  <th scope="col">{t.customer}</th>
                  <th scope="col">{t.orderStatus}</th>
                  <th scope="col" className="admin-num">
                    {t.discount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {coupon.usage.recent.map((use) => (
                  <tr key={use.order_id}>
                    <th scope="row">
                      <Link to={`/admin/orders/${use.order_id}`}>#{use.order_id}</Link>
                    </th>
                    <td>
                      <time dateTime={use.created_at}>{formatWhen(use.created_at)}</time>
                    </td>
                    <td>{use.billing_email}</td>
                    <td>{use.status}</td>
                    <td className="admin-num">{money.amount(use.discount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/coupons" backLabel={t.back} />;
}
