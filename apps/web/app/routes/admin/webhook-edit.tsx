/**
 * /admin/webhooks/:id: one webhook in the form, a banner when failures disabled it, a warning for an
 * http:// URL, a test delivery, and the delivery log, paged, with each request and answer and "Redeliver".
 */
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { failureText } from "../../features/admin/components/failure.ts";
import { LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { ErrorAlert } from "../../features/admin/components/page.tsx";
import { pageParam } from "../../features/admin/components/page-param.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { formatInZone } from "../../features/admin/time-zone.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import { type Delivery, webhooksApi } from "../../features/admin/webhooks/api.ts";
import { webhookMessages as t } from "../../features/admin/webhooks/messages.ts";
import { WebhookForm } from "../../features/admin/webhooks/WebhookForm.tsx";
import webhooksStyles from "../../features/admin/webhooks/webhooks.css?url";
import type { Route } from "./+types/webhook-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: webhooksStyles }];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = idParam(params.id);
  const page = pageParam(new URL(request.url).searchParams);
  const [webhook, log] = await Promise.all([webhooksApi.get(id), webhooksApi.deliveries(id, page)]);
  return { webhook, log };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.webhook.name ?? ""));
}

const when = (iso: string) => formatInZone(iso, { dateStyle: "medium", timeStyle: "medium" });

/** A page of the delivery log, scrolled to the log's heading: the form above it stays as it was. */
const logPath = (id: number, page: number) => `/admin/webhooks/${id}${page > 1 ? `?page=${page}` : ""}#webhook-log`;

/** Pretty JSON when it is JSON, else the text as it came. */
function shown(body: string | null): string {
  if (!body) return t.noBody;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryRow({ delivery, onRedeliver, busy }: { delivery: Delivery; onRedeliver(): void; busy: boolean }) {
  return (
    <tr>
      <th scope="row">
        #{delivery.id} <span className="admin-muted">{delivery.topic}</span>
      </th>
      <td>
        {t.deliveryStatuses[delivery.status]}
        {delivery.status === "pending" && delivery.next_attempt_at && (
          <div className="admin-muted">{t.nextTry(when(delivery.next_attempt_at))}</div>
        )}
      </td>
      <td>{delivery.attempted_at ? <time dateTime={delivery.attempted_at}>{when(delivery.attempted_at)}</time> : "—"}</td>
      <td>
        {t.answerOf(delivery)}
        <div className="admin-muted">
          {t.attempts}: {delivery.attempts}
        </div>
        <details>
          <summary>{t.details}</summary>
          <h3>{t.requestHeaders}</h3>
          <pre>
            {delivery.request.headers
              ? Object.entries(delivery.request.headers)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join("\n")
              : t.noBody}
          </pre>
          <h3>{t.requestBody}</h3>
          <pre>{shown(delivery.request.body)}</pre>
          <h3>{t.responseBody}</h3>
          <pre>{delivery.response.body || t.noBody}</pre>
        </details>
      </td>
      <td>
        <button type="button" className="button button--secondary" onClick={onRedeliver} aria-disabled={busy}>
          {t.redeliver}
          <span className="visually-hidden"> #{delivery.id}</span>
        </button>
      </td>
    </tr>
  );
}

export default function EditWebhookPage({ loaderData }: Route.ComponentProps) {
  const { webhook, log } = loaderData;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  /** Runs a log action; one that adds a delivery (`adds`) shows the log's first page, where the new one heads it. */
  async function act(call: () => Promise<unknown>, done: string, adds = false) {
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      await call();
      announce(done);
      if (adds && log.page > 1) await navigate(logPath(webhook.id, 1));
      else await revalidator.revalidate();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-page">
      {webhook.status === "disabled" && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>
            <strong>{t.disabledBanner}</strong>
            {webhook.disabled_reason ? `: ${webhook.disabled_reason}` : "."}
          </p>
          <p>{t.disabledHelp}</p>
        </div>
      )}
      {webhook.warnings.includes("insecure_url") && <p className="admin-alert admin-alert--warning">{t.insecure}</p>}
      <WebhookForm
        key={`${webhook.id}-${webhook.updated_at}`}
        id={webhook.id}
        initial={{
          name: webhook.name,
          topic: webhook.topic,
          delivery_url: webhook.delivery_url,
          secret: webhook.secret,
          status: webhook.status,
        }}
        version={webhook.version}
      />
      <section className="admin-card admin-webhook-log" aria-labelledby="webhook-log">
        <h2 id="webhook-log">{t.log}</h2>
        <p className="admin-muted">{t.logIntro}</p>
        {webhook.failure_count > 0 && <p>{t.failures(webhook.failure_count)}</p>}
        <div className="admin-webhook-log__actions">
          <button
            type="button"
            className="button"
            aria-disabled={busy}
            onClick={() => act(() => webhooksApi.ping(webhook.id), t.pinged, true)}
          >
            {t.ping}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => act(async () => {}, t.refresh)}>
            {t.refresh}
          </button>
        </div>
        {error && <ErrorAlert message={error} />}
        <p className="admin-muted">{t.deliveriesTotal(log.total)}</p>
        {log.deliveries.length === 0 ? (
          <EmptyList total={log.total} page={log.page} pages={log.pages} pathFor={(page) => logPath(webhook.id, page)}>
            {t.noDeliveries}
          </EmptyList>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t.delivery}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.answer}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.redeliver}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.deliveries.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    busy={busy}
                    onRedeliver={() => act(() => webhooksApi.redeliver(webhook.id, delivery.id), t.redelivered(delivery.id), true)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={log.page} pages={log.pages} pathFor={(page) => logPath(webhook.id, page)} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/webhooks" backLabel={t.back} />;
}
