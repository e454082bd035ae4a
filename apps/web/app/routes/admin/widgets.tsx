/** /admin/widgets: every widget with its switch, channels, 30 days' views and clicks, and its actions. */
import { useState } from "react";
import { Link } from "react-router";
import { ownerApi, type WidgetSummary } from "../../features/admin/api.ts";
import { ConfirmDialog, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { focusMain, useActionError, useConfirm } from "../../features/admin/components/page-actions.ts";
import { widgetListMessages as t } from "../../features/admin/messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import { ChannelIcons } from "../../features/admin/widgets/ChannelIcons.tsx";
import widgetsStyles from "../../features/admin/widgets/widgets.css?url";
import type { Route } from "./+types/widgets";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: widgetsStyles }];

export async function clientLoader() {
  return ownerApi.listWidgets();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const number = new Intl.NumberFormat("en");
const nameOf = (widget: WidgetSummary) => widget.identifier || t.untitled(widget.id);

export default function WidgetsPage({ loaderData }: Route.ComponentProps) {
  const [widgets, setWidgets] = useState(loaderData.widgets);
  const [pending, setPending] = useState<number | null>(null);
  const { error, attempt } = useActionError(String);
  const announce = useAnnounce();
  const setActive = (widget: WidgetSummary, active: boolean) =>
    setWidgets((list) => list.map((item) => (item.id === widget.id ? { ...item, active } : item)));

  async function toggle(widget: WidgetSummary, active: boolean) {
    // The switch stays focusable while its change is saved (aria-disabled): flipping it meanwhile changes nothing.
    if (pending === widget.id) return;
    setPending(widget.id);
    setActive(widget, active);
    await attempt(
      async () => {
        // No version (decision 0158, amended): the switch writes the flag alone, so a list read before another's edit undoes nothing.
        const saved = await ownerApi.setWidgetActive(widget.id, active);
        setActive(widget, saved.active);
        announce(active ? t.activated(nameOf(widget)) : t.deactivated(nameOf(widget)));
      },
      () => setActive(widget, !active),
    );
    setPending(null);
  }

  const deleting = useConfirm((widget: WidgetSummary) =>
    attempt(async () => {
      await ownerApi.deleteWidget(widget.id);
      setWidgets((list) => list.filter((item) => item.id !== widget.id));
      announce(t.deleted(nameOf(widget)));
      focusMain();
    }),
  );

  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/widgets/new" className="button">
          {t.newWidget}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <ErrorAlert message={error} />
      {widgets.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-widgets">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.active}</th>
                <th scope="col">{t.channels}</th>
                <th scope="col" className="admin-num">
                  {t.views}
                </th>
                <th scope="col" className="admin-num">
                  {t.clicks}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {widgets.map((widget) => (
                <tr key={widget.id}>
                  <th scope="row">
                    <Link to={`/admin/widgets/${widget.id}`}>{nameOf(widget)}</Link>
                  </th>
                  <td className="admin-widgets__active">
                    <label className="admin-switch">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-checked={widget.active}
                        checked={widget.active}
                        aria-disabled={pending === widget.id}
                        onChange={(event) => toggle(widget, event.target.checked)}
                      />
                      <span className="visually-hidden">{t.activeLabel(nameOf(widget))}</span>
                    </label>
                  </td>
                  <td className="admin-widgets__channels">
                    {widget.channels.length ? <ChannelIcons channels={widget.channels} /> : t.noChannels}
                  </td>
                  <td className="admin-num admin-widgets__views" data-label={t.views}>
                    {number.format(widget.views)}
                  </td>
                  <td className="admin-num admin-widgets__clicks" data-label={t.clicks}>
                    {number.format(widget.clicks)}
                  </td>
                  <td className="admin-widgets__actions">
                    <div className="admin-row-actions">
                      <Link to={`/admin/widgets/${widget.id}`} aria-label={`${t.edit} ${nameOf(widget)}`}>
                        {t.edit}
                      </Link>
                      <Link to={`/admin/widgets/${widget.id}/analytics`} aria-label={`${t.analytics} ${nameOf(widget)}`}>
                        {t.analytics}
                      </Link>
                      <button
                        type="button"
                        className="admin-link-button admin-link-button--danger"
                        aria-label={`${t.delete} ${nameOf(widget)}`}
                        onClick={() => deleting.ask(widget)}
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
        title={deleting.asking ? t.confirmDeleteTitle(nameOf(deleting.asking)) : ""}
        body={t.confirmDeleteBody}
        onConfirm={deleting.confirm}
        onCancel={deleting.cancel}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
