/** /admin/webhooks: the owner's webhooks with their status and last delivery (decision 0097). */
import { Link } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { pageParam } from "../../features/admin/components/page-param.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { formatInZone } from "../../features/admin/time-zone.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import { webhooksApi } from "../../features/admin/webhooks/api.ts";
import { webhookMessages as t } from "../../features/admin/webhooks/messages.ts";
import webhooksStyles from "../../features/admin/webhooks/webhooks.css?url";
import type { Route } from "./+types/webhooks";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: webhooksStyles }];

const PER_PAGE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return webhooksApi.list(pageParam(new URL(request.url).searchParams), PER_PAGE);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const webhooksPath = (page: number) => (page > 1 ? `/admin/webhooks?page=${page}` : "/admin/webhooks");

const when = (iso: string) => formatInZone(iso, { dateStyle: "medium", timeStyle: "short" });

export default function WebhooksPage({ loaderData: list }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/webhooks/new" className="button">
          {t.add}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <p className="admin-muted">{t.total(list.total)}</p>
      {list.webhooks.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={webhooksPath}>
          {t.empty}
        </EmptyList>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-webhooks">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.topic}</th>
                <th scope="col">{t.url}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.lastDelivery}</th>
              </tr>
            </thead>
            <tbody>
              {list.webhooks.map((webhook) => (
                <tr key={webhook.id}>
                  <th scope="row">
                    <Link to={`/admin/webhooks/${webhook.id}`}>{webhook.name}</Link>
                  </th>
                  <td>{t.topics[webhook.topic] ?? webhook.topic}</td>
                  <td className="admin-webhooks__url">{webhook.delivery_url}</td>
                  <td>
                    <span className={webhook.status === "active" ? "admin-badge" : "admin-badge admin-badge--warning"}>
                      {t.statuses[webhook.status]}
                    </span>
                  </td>
                  <td>
                    {webhook.last_delivery?.attempted_at ? (
                      <>
                        {t.deliveryStatuses[webhook.last_delivery.status]} · {t.answerOf(webhook.last_delivery)} ·{" "}
                        <time dateTime={webhook.last_delivery.attempted_at}>{when(webhook.last_delivery.attempted_at)}</time>
                      </>
                    ) : (
                      t.never
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={webhooksPath} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
