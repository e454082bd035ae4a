/** /admin/forms/:id/entries/:entryId: one entry — its values in form order, files, payment, where and when it came from; its neighbours; delete. */
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { failureText } from "../../features/admin/components/failure.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert } from "../../features/admin/components/page.tsx";
import { formsApi } from "../../features/admin/forms-entries/api.ts";
import { EntryValues } from "../../features/admin/forms-entries/EntryValues.tsx";
import { formatMoney } from "../../features/admin/forms-entries/format.ts";
import formsStyles from "../../features/admin/forms-entries/forms-entries.css?url";
import { PAYMENT_LABELS, STATUS_LABELS, entryMessages as t } from "../../features/admin/forms-entries/messages.ts";
import { formatDateTime } from "../../features/admin/messages-inbox/format.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/form-entry";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const formId = idParam(params.id);
  const entry = await formsApi.getEntry(idParam(params.entryId));
  // An entry of another form under this form's address is not found here.
  if (entry.form_id !== formId) throw new AdminApiError(404, "cw_rest_form_entry_not_found", "No form entry has this id.");
  const form = await formsApi.getForm(formId);
  return { entry, form: { id: form.id, title: form.title } };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? `${t.title(loaderData.entry.id)} – ${loaderData.form.title}` : t.title(0));
}

function When({ value }: { value: string }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : t.unknown;
}

export default function FormEntryPage({ loaderData }: Route.ComponentProps) {
  const { entry, form } = loaderData;
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  const announce = useAnnounce();
  const navigate = useNavigate();
  const entriesPath = `/admin/forms/${form.id}/entries`;
  const entryPath = (id: number) => `${entriesPath}/${id}`;

  async function remove() {
    setConfirming(false);
    setError("");
    try {
      await formsApi.deleteEntry(entry.id);
      announce(t.deleted);
      navigate(entriesPath);
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to={entriesPath}>{t.back(form.title)}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{t.title(entry.id)}</h1>
        <div className="admin-actions">
          <button type="button" className="button admin-button--danger" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </div>
      </div>
      {(entry.newer_id || entry.older_id) && (
        <nav className="admin-pagination" aria-label={t.neighbours}>
          {entry.newer_id ? <Link to={entryPath(entry.newer_id)}>{t.newer}</Link> : <span />}
          {entry.older_id ? <Link to={entryPath(entry.older_id)}>{t.older}</Link> : <span />}
        </nav>
      )}
      <ErrorAlert message={error} />
      <section className="admin-card" aria-labelledby="entry-values">
        <h2 id="entry-values">{t.values}</h2>
        <EntryValues entry={entry} />
      </section>
      <section className="admin-card" aria-labelledby="entry-payment">
        <h2 id="entry-payment">{t.payment}</h2>
        {entry.payment_status ? (
          <dl className="admin-details">
            <dt>{t.paymentStatus}</dt>
            <dd>{PAYMENT_LABELS[entry.payment_status]}</dd>
            <dt>{t.paymentTotal}</dt>
            <dd>{formatMoney(entry.payment_total, entry.currency)}</dd>
            <dt>{t.gateway}</dt>
            <dd>{entry.payment_gateway || t.unknown}</dd>
            <dt>{t.paymentKey}</dt>
            <dd className="admin-entry-code">{entry.payment_key || t.unknown}</dd>
            {entry.payment_reference && (
              <>
                <dt>{t.reference}</dt>
                <dd className="admin-entry-code">{entry.payment_reference}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="admin-muted">{t.noPayment}</p>
        )}
      </section>
      <section className="admin-card" aria-labelledby="entry-details">
        <h2 id="entry-details">{t.details}</h2>
        <dl className="admin-details">
          <dt>{t.status}</dt>
          <dd>{STATUS_LABELS[entry.status]}</dd>
          <dt>{t.received}</dt>
          <dd>
            <When value={entry.created_at} />
          </dd>
          <dt>{t.started}</dt>
          <dd>
            <When value={entry.start_timestamp} />
          </dd>
          <dt>{t.ended}</dt>
          <dd>
            <When value={entry.end_timestamp} />
          </dd>
          <dt>{t.page}</dt>
          <dd>
            {/^https?:\/\//.test(entry.page_url) ? (
              <a href={entry.page_url} rel="noreferrer noopener" target="_blank">
                {entry.page_url}
              </a>
            ) : (
              entry.page_url || t.unknown
            )}
          </dd>
          <dt>{t.visitor}</dt>
          <dd className="admin-entry-code">{entry.visitor_id || t.unknown}</dd>
          <dt>{t.ip}</dt>
          <dd>{entry.ip || t.unknown}</dd>
          <dt>{t.browser}</dt>
          <dd className="admin-muted">{entry.user_agent || t.unknown}</dd>
        </dl>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t.confirmDeleteTitle}
        body={t.confirmDeleteBody}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/forms" backLabel={t.allForms} />;
}
