/** /admin/forms: every form with its public page, status, entry count and last entry, its embed tag, and its actions. */
import { useState } from "react";
import { Link } from "react-router";
import { AdminApiError } from "../../features/admin/api.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { focusMain, useActionError, useConfirm } from "../../features/admin/components/page-actions.ts";
import { type FormSummary, formsApi } from "../../features/admin/forms-entries/api.ts";
import { EmbedTag } from "../../features/admin/forms-entries/EmbedTag.tsx";
import { publicFormPath } from "../../features/admin/forms-entries/format.ts";
import formsStyles from "../../features/admin/forms-entries/forms-entries.css?url";
import { formListMessages as t } from "../../features/admin/forms-entries/messages.ts";
import { formatDateTime } from "../../features/admin/messages-inbox/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/forms";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

export async function clientLoader() {
  const { forms } = await formsApi.listForms();
  return { forms, origin: window.location.origin };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const number = new Intl.NumberFormat("en");

export default function FormsPage({ loaderData }: Route.ComponentProps) {
  const [forms, setForms] = useState(loaderData.forms);
  const { error, attempt } = useActionError(String);
  const announce = useAnnounce();
  const deleting = useConfirm((form: FormSummary) =>
    attempt(async () => {
      try {
        // The entries go only when the confirm named them (form.entries > 0); an entry sent since is refused, 409.
        await formsApi.deleteForm(form.id, form.entries > 0);
      } catch (error) {
        if (!(error instanceof AdminApiError && error.code === "cw_rest_form_has_entries")) throw error;
        const counts = { entries: Number(error.data.entries), files: Number(error.data.files) };
        setForms((list) => list.map((item) => (item.id === form.id ? { ...item, ...counts } : item)));
        throw new AdminApiError(error.status, error.code, t.entriesArrived(form.title, counts.entries));
      }
      setForms((list) => list.filter((item) => item.id !== form.id));
      announce(t.deleted(form.title));
      focusMain();
    }),
  );

  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/forms/new" className="button">
          {t.newForm}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <ErrorAlert message={error} />
      {forms.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-forms">
            <thead>
              <tr>
                <th scope="col">{t.form}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="admin-num">
                  {t.entries}
                </th>
                <th scope="col">{t.lastEntry}</th>
                <th scope="col">{t.embed}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {forms.map((form) => (
                <tr key={form.id}>
                  <th scope="row">
                    <Link to={`/admin/forms/${form.id}/entries`}>{form.title}</Link>
                    <br />
                    <a href={publicFormPath(form.slug)} className="admin-form-address">
                      {publicFormPath(form.slug)}
                    </a>
                  </th>
                  <td className="admin-forms__status">
                    <span className={`admin-badge${form.status === "draft" ? " admin-badge--warning" : ""}`}>
                      {form.status === "published" ? t.published : t.draft}
                    </span>
                  </td>
                  <td className="admin-num admin-forms__entries" data-label={t.entries}>
                    {number.format(form.entries)}
                  </td>
                  <td className="admin-forms__last" data-label={t.lastEntry}>
                    {form.last_entry_at ? (
                      <time dateTime={form.last_entry_at}>{formatDateTime(form.last_entry_at)}</time>
                    ) : (
                      <span className="admin-muted">{t.noEntries}</span>
                    )}
                  </td>
                  <td className="admin-forms__embed">
                    <EmbedTag origin={loaderData.origin} slug={form.slug} title={form.title} formId={form.id} />
                  </td>
                  <td className="admin-forms__actions">
                    <div className="admin-row-actions">
                      <Link to={`/admin/forms/${form.id}/entries`} aria-label={t.viewEntriesLabel(form.title)}>
                        {t.viewEntries}
                      </Link>
                      <Link to={`/admin/forms/${form.id}`} aria-label={t.editLabel(form.title)}>
                        {t.edit}
                      </Link>
                      <button
                        type="button"
                        className="admin-link-button admin-link-button--danger"
                        aria-label={t.deleteLabel(form.title)}
                        onClick={() => deleting.ask(form)}
                      >
                        {t.delete}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting.asking !== null}
        title={deleting.asking ? t.confirmDeleteTitle(deleting.asking.title) : ""}
        body={deleting.asking ? t.confirmDeleteBody(deleting.asking.entries, deleting.asking.files) : ""}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
