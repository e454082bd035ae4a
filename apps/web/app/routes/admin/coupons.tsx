/** /admin/coupons: the coupons by code with their uses and limits; search, status and pages in the URL (the owner's, decision 0040). */
import { Link, useNavigation } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { pageParam } from "../../features/admin/components/page-param.ts";
import { type Coupon, type CouponQuery, type CouponStatus, couponsApi } from "../../features/admin/coupons/api.ts";
import couponsStyles from "../../features/admin/coupons/coupons.css?url";
import { couponMessages as t } from "../../features/admin/coupons/messages.ts";
import { SearchForm } from "../../features/admin/customers/ListParts.tsx";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { formatInZone } from "../../features/admin/time-zone.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/coupons";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: couponsStyles }];

const PER_PAGE = 20;
const STATUSES = ["", "active", "disabled", "expired"] as const;

function couponQuery(params: URLSearchParams): CouponQuery {
  const status = params.get("status") ?? "";
  return {
    search: (params.get("search") ?? "").trim(),
    status: (STATUSES as readonly string[]).includes(status) ? (status as CouponStatus | "") : "",
    page: pageParam(params),
  };
}

function couponsPath(query: CouponQuery, change: Partial<CouponQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.status) params.set("status", next.status);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `/admin/coupons?${text}` : "/admin/coupons";
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = couponQuery(new URL(request.url).searchParams);
  return { query, list: await couponsApi.list(query, PER_PAGE) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

/** A coupon's expiry as its day in the shop's time zone (decision 0086). */
const day = (iso: string) => formatInZone(iso, { dateStyle: "medium" });

export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const loading = useNavigation().state === "loading";
  const money = moneyFormat(list.currency_code, list.currency_minor_unit);
  const now = Date.now();
  // A free-shipping coupon with nothing off is that, not "fixed amount off" of nothing.
  const kind = (coupon: Coupon) =>
    !coupon.free_shipping ? t.types[coupon.type] : coupon.amount > 0 ? t.withFreeShipping(t.types[coupon.type]) : t.freeShippingType;
  const amount = (coupon: Coupon) => (coupon.type === "percent" ? `${coupon.amount / 100} %` : money.amount(coupon.amount));
  const status = (coupon: Coupon) =>
    !coupon.enabled
      ? t.statuses.disabled
      : coupon.expires_at && Date.parse(coupon.expires_at) <= now
        ? t.statuses.expired
        : t.statuses.active;
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/coupons/new" className="button">
          {t.newCoupon}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <nav aria-label={t.filters} className="admin-section-nav">
        <ul>
          {STATUSES.map((value) => (
            <li key={value}>
              <Link to={couponsPath(query, { status: value, page: 1 })} aria-current={query.status === value ? "page" : undefined}>
                {t.statuses[value]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm
        id="coupons-search"
        label={t.search}
        search={query.search}
        keep={query.status ? { status: query.status } : {}}
        clearTo={couponsPath(query, { search: "", page: 1 })}
      />
      <p className="admin-muted" role="status" aria-live="polite">
        {loading ? "" : t.total(list.total)}
      </p>
      {list.coupons.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => couponsPath(query, { page })}>
          {query.search || query.status ? t.emptySearch : t.empty}
        </EmptyList>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-coupons">
            <thead>
              <tr>
                <th scope="col">{t.code}</th>
                <th scope="col">{t.type}</th>
                <th scope="col" className="admin-num">
                  {t.amount}
                </th>
                <th scope="col" className="admin-num">
                  {t.uses}
                </th>
                <th scope="col">{t.expires}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {list.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <th scope="row">
                    <Link to={`/admin/coupons/${coupon.id}`}>{coupon.code}</Link>
                    {coupon.description && <div className="admin-muted">{coupon.description}</div>}
                  </th>
                  <td className="admin-coupons__type">{kind(coupon)}</td>
                  <td className="admin-num admin-coupons__amount">{coupon.amount > 0 ? amount(coupon) : "—"}</td>
                  <td className="admin-num admin-coupons__uses" data-label={t.uses}>
                    {t.usesOf(coupon.usage_count, coupon.usage_limit)}
                  </td>
                  <td className="admin-coupons__expires" data-label={t.expires}>
                    {coupon.expires_at ? <time dateTime={coupon.expires_at}>{day(coupon.expires_at)}</time> : t.never}
                  </td>
                  <td className="admin-coupons__status">{status(coupon)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => couponsPath(query, { page })} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
