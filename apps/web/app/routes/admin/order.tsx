/**
 * /admin/orders/:id: one order — header (number, status, dates, print links), items and totals,
 * addresses (editable), shipping, payment, additional fields, origin, customer, history, and the
 * actions (status, note, e-mail, refund). Every write answers the whole order: the page re-renders
 * from that reply and announces what was done.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { type OrderReply, orderApi, printPath } from "../../features/admin/order/api.ts";
import { AddressCard } from "../../features/admin/order/components/AddressCard.tsx";
import { LinesTable, TotalsList } from "../../features/admin/order/components/LinesAndTotals.tsx";
import { EmailForm, NoteForm, PayLinkForm, StatusForm } from "../../features/admin/order/components/OrderActions.tsx";
import {
  AdditionalFieldsCard,
  CustomerCard,
  DeliveryCard,
  OriginCard,
  PaymentCard,
} from "../../features/admin/order/components/OrderFacts.tsx";
import { RefundButton } from "../../features/admin/order/components/RefundDialog.tsx";
import { Timeline } from "../../features/admin/order/components/Timeline.tsx";
import { formatDateTime, statusLabel } from "../../features/admin/order/format.ts";
import { orderMessages as t } from "../../features/admin/order/messages.ts";
import orderStyles from "../../features/admin/order/order.css?url";
import { itemsEditable } from "../../features/admin/order/status.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/order";

/** "Edit items" (decision 0092) stays out of the page's first load (bench/budgets.json): fetched when the owner opens it. */
const OrderItemsEditor = lazy(() => import("../../features/admin/order-edit/OrderItemsEditor.tsx"));
// Downloads granted (decision 0094): their own chunk, fetched by the card itself.
const OrderDownloadsCard = lazy(() => import("../../features/admin/downloads/OrderDownloadsCard.tsx"));

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: orderStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { order: await orderApi.get(idParam(params.id)) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? t.title(loaderData.order.number) : t.loadingTitle);
}

function When({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  // A new id (or a reload) starts the page afresh from the loader's reply.
  return <OrderPage key={`${loaderData.order.id}-${loaderData.order.date_modified}`} initial={loaderData.order} />;
}

function OrderPage({ initial }: { initial: OrderReply }) {
  const [order, setOrder] = useState(initial);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const announce = useAnnounce();
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const onWrite = (reply: OrderReply, announcement: string) => {
    setOrder(reply);
    announce(announcement);
  };

  return (
    <div className="admin-page admin-order">
      <p className="admin-breadcrumb">
        <Link to="/admin/orders">{t.allOrders}</Link>
      </p>
      <div className="admin-page__head">
        <h1>
          {t.title(order.number)}{" "}
          <span className={`admin-badge admin-order-status admin-order-status--${order.status}`}>
            <span className="visually-hidden">{t.status}: </span>
            {statusLabel(order.status)}
          </span>
        </h1>
        <div className="admin-actions">
          <a className="button button--secondary" href={printPath(order.id, "invoice")}>
            {t.printInvoice}
          </a>
          <a className="button button--secondary" href={printPath(order.id, "packing-slip")}>
            {t.printPackingSlip}
          </a>
        </div>
      </div>
      <dl className="admin-details admin-order-dates">
        <dt>{t.placed}</dt>
        <dd>
          <When value={order.date_created} />
        </dd>
        <dt>{t.paid}</dt>
        <dd>{order.date_paid ? <When value={order.date_paid} /> : t.notPaid}</dd>
        <dt>{t.modified}</dt>
        <dd>
          <When value={order.date_modified} />
        </dd>
      </dl>
      <div className="admin-order-layout">
        <div className="admin-order-main">
          {editing ? (
            <div className="admin-card">
              <Suspense fallback={<p role="status">{t.loadingEditor}</p>}>
                <OrderItemsEditor
                  order={order}
                  onSaved={(reply) => {
                    setOrder(reply);
                    closeEditor();
                  }}
                  onCancel={closeEditor}
                />
              </Suspense>
            </div>
          ) : (
            <section className="admin-card" aria-labelledby="order-lines">
              <div className="admin-order-lines__head">
                <h2 id="order-lines">{t.lines}</h2>
                {itemsEditable(order) && (
                  <button ref={editButton} type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                    {t.editItems}
                  </button>
                )}
              </div>
              <LinesTable order={order} />
              <h3 id="order-totals">{t.totals}</h3>
              <TotalsList order={order} />
            </section>
          )}
          <div className="admin-order-pair">
            <AddressCard order={order} which="billing" onSaved={onWrite} />
            <AddressCard order={order} which="shipping" onSaved={onWrite} />
          </div>
          <div className="admin-order-pair">
            <DeliveryCard order={order} />
            <PaymentCard order={order} />
          </div>
          <CustomerCard order={order} />
          <AdditionalFieldsCard order={order} />
          <OriginCard order={order} />
          <Suspense fallback={null}>
            <OrderDownloadsCard order={order} />
          </Suspense>
        </div>
        <div className="admin-order-side">
          <section className="admin-card" aria-labelledby="order-actions">
            <h2 id="order-actions">{t.actions}</h2>
            <PayLinkForm order={order} onWrite={onWrite} />
            <StatusForm order={order} onWrite={onWrite} />
            <RefundButton order={order} onWrite={onWrite} />
            <NoteForm order={order} onWrite={onWrite} />
            <EmailForm order={order} onWrite={onWrite} />
          </section>
          <Timeline order={order} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (error instanceof AdminApiError && error.status === 404)
    return (
      <div className="admin-page">
        <h1>{t.notFoundTitle}</h1>
        <p>{t.notFoundBody(params.id ?? "")}</p>
        <p>
          <Link to="/admin/orders">{t.allOrders}</Link>
        </p>
      </div>
    );
  return <ConsoleRouteError error={error} backTo="/admin/orders" backLabel={t.allOrders} />;
}
