/**
 * /admin/orders/print?ids=1,2&document=invoice|packing-slip: the orders' invoices or packing
 * slips and nothing else (handle.frame: no console header or navigation; the layout still checks
 * who is signed in), one order per printed page, with a Print button (decision 0033).
 */
import { Link } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { orderDocumentsApi, printQuery } from "../../features/admin/order-documents/api.ts";
import { Invoice } from "../../features/admin/order-documents/Invoice.tsx";
import { documentMessages as t } from "../../features/admin/order-documents/messages.ts";
import documentStyles from "../../features/admin/order-documents/order-documents.css?url";
import { PackingSlip } from "../../features/admin/order-documents/PackingSlip.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/order-print";

/** The layout leaves out the console's frame for this page: it prints as the documents alone. */
export const handle = { frame: false };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: documentStyles }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = printQuery(new URL(request.url).searchParams);
  if (!query) throw new AdminApiError(400, "cw_admin_bad_print_query", t.badQuery);
  const documents = await orderDocumentsApi.read(query.ids);
  return { ...query, documents, printedOn: new Date().toISOString() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <main id="admin-main" className="order-documents">
      <LoadingPanel />
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData ? t.pageTitle(loaderData.document, loaderData.documents.orders.length) : t.pageTitle("invoice", 1);
  const numbers = loaderData?.documents.orders.map((order) => `#${order.number}`).join(", ") ?? "";
  return consoleMeta(matches, numbers ? `${title} ${numbers}` : title);
}

export default function OrderPrintPage({ loaderData }: Route.ComponentProps) {
  const { document, documents, printedOn } = loaderData;
  const { shop, orders } = documents;
  return (
    <main id="admin-main" className="order-documents">
      <div className="order-documents__toolbar">
        <h1>{t.pageTitle(document, orders.length)}</h1>
        <button type="button" className="button" onClick={() => window.print()} aria-describedby="print-hint">
          {t.print}
        </button>
        <Link to="/admin/orders">{t.backToOrders}</Link>
        <p id="print-hint">{t.printHint}</p>
      </div>
      {orders.map((order) =>
        document === "invoice" ? (
          <Invoice key={order.id} order={order} shop={shop} printedOn={printedOn} />
        ) : (
          <PackingSlip key={order.id} order={order} shop={shop} />
        ),
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="admin-main" className="order-documents">
      <ConsoleRouteError error={error} backTo="/admin/orders" backLabel={t.backToOrders} />
    </main>
  );
}
