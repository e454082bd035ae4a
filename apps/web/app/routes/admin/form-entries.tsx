/** /admin/forms/:id/entries: a form's entries with search, filters, sorting by date, pages, the CSV of the filter, and deleting several. */
import { useEffect, useState } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { EmptyList } from "../../features/admin/components/EmptyList.tsx";
import { failureText } from "../../features/admin/components/failure.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { Pagination } from "../../features/admin/components/Pagination.tsx";
import { ErrorAlert } from "../../features/admin/components/page.tsx";
import { entriesCsvUrl, formsApi } from "../../features/admin/forms-entries/api.ts";
import { EntriesTable } from "../../features/admin/forms-entries/EntriesTable.tsx";
import { EntryFilters } from "../../features/admin/forms-entries/EntryFilters.tsx";
import { tableColumns } from "../../features/admin/forms-entries/format.ts";
import formsStyles from "../../features/admin/forms-entries/forms-entries.css?url";
import { entriesMessages as t } from "../../features/admin/forms-entries/messages.ts";
import { entriesPath, entryQuery, isFiltered } from "../../features/admin/forms-entries/query.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/form-entries";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: formsStyles }];

const PER_PAGE = 20;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = idParam(params.id);
  const query = entryQuery(new URL(request.url).searchParams);
  const [form, list] = await Promise.all([formsApi.getForm(id), formsApi.listEntries(id, query, PER_PAGE)]);
  return { form: { id: form.id, title: form.title, columns: tableColumns(form.definition.fields) }, query, list };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? t.title(loaderData.form.title) : t.title(""));
}

export default function FormEntriesPage({ loaderData }: Route.ComponentProps) {
  const { form, query, list } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const announce = useAnnounce();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState("");
  // Only what this page shows can be selected: a new page, filter or deletion drops the rest.
  useEffect(() => {
    const shown = new Set(list.entries.map((entry) => entry.id));
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

  async function removeSelected() {
    setConfirming(false);
    setError("");
    const ids = [...selected];
    let deleted = 0;
    let failure = "";
    // One at a time: the API deletes one entry per call, and a failure leaves the rest as they were reported.
    for (const id of ids) {
      try {
        await formsApi.deleteEntry(id);
        deleted += 1;
      } catch (caught) {
        failure ||= failureText(caught);
      }
    }
    if (failure) setError(t.deleteFailed(ids.length - deleted, failure));
    if (deleted > 0) announce(t.deleted(deleted));
    // Past the last page after this, the empty table says where the list now ends and links its last page.
    await revalidator.revalidate();
    document.getElementById("entries-count")?.focus();
  }

  const filtered = isFiltered(query);
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/forms">{t.allForms}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{t.title(form.title)}</h1>
        <div className="admin-actions">
          <a className="button button--secondary" href={entriesCsvUrl(form.id, query)} download aria-describedby="entries-export-hint">
            {t.exportCsv}
          </a>
        </div>
      </div>
      <p id="entries-export-hint" className="admin-muted">
        {t.exportHint(filtered)}
      </p>
      <EntryFilters formId={form.id} query={query} />
      <ErrorAlert message={error} />
      <div className="admin-entries__bar">
        <p id="entries-count" className="admin-muted" role="status" aria-live="polite" tabIndex={-1}>
          {navigation.state === "loading" ? "" : t.total(list.total)}
        </p>
        {selected.size > 0 && (
          <p className="admin-entries__selection">
            <span>{t.selected(selected.size)}</span>
            <button type="button" className="button admin-button--danger admin-button--small" onClick={() => setConfirming(true)}>
              {t.deleteSelected}
            </button>
          </p>
        )}
      </div>
      {list.entries.length === 0 ? (
        <EmptyList total={list.total} page={list.page} pages={list.pages} pathFor={(page) => entriesPath(form.id, query, { page })}>
          {filtered ? t.emptyFiltered : t.empty}
        </EmptyList>
      ) : (
        <EntriesTable
          formId={form.id}
          formTitle={form.title}
          query={query}
          columns={form.columns}
          entries={list.entries}
          selected={selected}
          onSelect={select}
        />
      )}
      <Pagination page={list.page} pages={list.pages} pathFor={(page) => entriesPath(form.id, query, { page })} />
      <ConfirmDialog
        open={confirming}
        title={t.confirmDeleteTitle(selected.size)}
        body={t.confirmDeleteBody}
        onConfirm={removeSelected}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/forms" backLabel={t.allForms} />;
}
