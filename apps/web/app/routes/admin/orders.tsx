/**
 * /admin/orders: the order list (issue 18). Status tabs with their counts, search, dates, payment
 * method and origin filters, sorting by date or total and pages, all in the URL; selecting orders to
 * change their status or print them; the CSV of the current filters; new orders announced as they come.
 */
import { useEffect, useState } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { failureText } from "../../features/admin/components/failure.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { useReportNavCount } from "../../features/admin/nav-counts.tsx";
import { type BulkResult, type BulkStatus, ordersApi, ordersCsvUrl } from "../../features/admin/orders/api.ts";
import { BulkBar } from "../../features/admin/orders/BulkBar.tsx";
import { ordersMessages as t } from "../../features/admin/orders/messages.ts";
import { NewOrdersButton, useNewOrders } from "../../features/admin/orders/NewOrders.tsx";
import { OrderFilters } from "../../features/admin/orders/OrderFilters.tsx";
import { OrdersTable } from "../../features/admin/orders/OrdersTable.tsx";
import ordersStyles from "../../features/admin/orders/orders.css?url";
import { isFiltered, orderQuery, ordersPath } from "../../features/admin/orders/query.ts";
import { StatusTabs } from "../../features/admin/orders/StatusTabs.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/orders";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = orderQuery(new URL(request.url).searchParams);
  const list = await ordersApi().list(query, request.signal);
  return { query, list };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

function BulkOutcome({ result }: { result: BulkResult | null }) {
  if (!result?.failed.length) return null;
  return (
    <div className="admin-alert admin-alert--error" role="alert">
      <ul className="admin-orders__failures">
        {result.failed.map((failure) => (
          <li key={failure.id}>{t.bulkFailure(failure.id, failure.message)}</li>
        ))}
      </ul>
    </div>
  );
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { query, list } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const announce = useAnnounce();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<BulkStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [summary, setSummary] = useState("");
  const [outcome, setOutcome] = useState<BulkResult | null>(null);
  useReportNavCount("orders", list.counts.processing);
  const newOrders = useNewOrders(
    list.orders.reduce((max, order) => Math.max(max, order.id), 0),
    list,
  );

  // Only what this page shows can be selected: a new page, filter or tab drops the rest.
  useEffect(() => {
    const shown = new Set(list.orders.map((order) => order.id));
    setSelected((current) => new Set([...current].filter((id) => shown.has(id))));
  }, [list]);

  function select(ids: number[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  async function changeStatus(status: BulkStatus) {
    // The buttons stay focusable while a change runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    setConfirming(null);
    setError("");
    setSummary("");
    setOutcome(null);
    setBusy(true);
    try {
      // Each order as its row shows it: one changed since (cancelled in another tab, its total edited) is left as it is.
      const result = await ordersApi().bulkStatus(
        list.orders.filter((order) => selected.has(order.id)),
        status,
      );
      const text = t.bulkSummary(result, status);
      setSummary(text);
      setOutcome(result);
      // Orders it could not change stay on screen until the owner has read them.
      announce(text, result.failed.length ? "error" : "status");
      // The orders that failed stay selected, so the owner can try them again.
      setSelected(new Set(result.failed.map((failure) => failure.id)));
      await revalidator.revalidate();
      // Every order changed: nothing is selected, the buttons are off and the rows may have left the tab, taking the
      // keyboard's focus with them; it goes to the list's count, beside the summary, rather than the top of the page.
      if (document.activeElement === document.body) document.getElementById("orders-count")?.focus();
    } catch (caught) {
      setError(t.bulkFailed(failureText(caught)));
    } finally {
      setBusy(false);
    }
  }

  const filtered = isFiltered(query);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/orders";
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <div className="admin-actions">
          <Link className="button" to="/admin/orders/new">
            {t.addOrder}
          </Link>
          <a className="button button--secondary" href={ordersCsvUrl(query)} download aria-describedby="orders-export-hint">
            {t.exportCsv}
          </a>
        </div>
      </PageHead>
      <p id="orders-export-hint" className="admin-muted">
        {t.exportHint(filtered)}
      </p>
      <StatusTabs query={query} counts={list.counts} />
      <OrderFilters query={query} />
      <ErrorAlert message={error} />
      <div className="admin-orders__bar">
        <p id="orders-count" className="admin-muted" role="status" aria-live="polite" tabIndex={-1}>
          {loading ? "" : t.total(list.total)}
        </p>
        {summary && <p className="admin-orders__summary">{summary}</p>}
        <NewOrdersButton
          count={newOrders}
          onShow={async () => {
            await revalidator.revalidate();
            document.getElementById("orders-count")?.focus();
          }}
        />
      </div>
      <BulkOutcome result={outcome} />
      {list.orders.length > 0 && (
        <BulkBar
          ids={[...selected]}
          busy={busy}
          onStatus={(status) => (status === "cancelled" ? setConfirming(status) : changeStatus(status))}
          onClear={() => setSelected(new Set())}
        />
      )}
      {list.orders.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => ordersPath(query, { page })}>
          {filtered ? t.emptyFiltered : query.status !== "all" ? t.emptyTab : t.empty}
        </EmptyList>
      ) : (
        <OrdersTable query={query} orders={list.orders} selected={selected} onSelect={select} />
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => ordersPath(query, { page })} />
      <ConfirmDialog
        open={confirming !== null}
        title={t.confirmCancelTitle(selected.size)}
        body={t.confirmCancelBody}
        confirmLabel={t.confirmCancel}
        onConfirm={() => changeStatus("cancelled")}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
