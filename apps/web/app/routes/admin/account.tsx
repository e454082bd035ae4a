/**
 * /admin/account: the signed-in member of staff's own sessions (decision 0032), this device marked,
 * each other one with "End", and "End all other sessions"; a link to the account's name and password, which the
 * storefront's /my-account/details changes. Owner and managers alike.
 */
import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { focusMain, useActionError } from "../../features/admin/components/page-actions.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { formatWhen, type OwnSession, staffApi } from "../../features/admin/staff/api.ts";
import { accountMessages as t } from "../../features/admin/staff/messages.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/account";
import type { loader as layoutLoader } from "./layout.tsx";

export async function clientLoader() {
  return staffApi.sessions();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const [sessions, setSessions] = useState<OwnSession[]>(loaderData.sessions);
  const { error, attempt } = useActionError(String);
  const [busy, setBusy] = useState(false);
  const announce = useAnnounce();
  const others = sessions.filter((session) => !session.current);

  async function act(call: () => Promise<string>) {
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (busy) return;
    setBusy(true);
    await attempt(async () => {
      const said = await call();
      setSessions((await staffApi.sessions()).sessions);
      announce(said);
      focusMain();
    });
    setBusy(false);
  }

  return (
    <div className="admin-page">
      <PageHead title={t.title} />
      <p className="admin-muted">{t.intro(layout?.email ?? "")}</p>
      <ErrorAlert message={error} />
      <h2>{t.sessionsHeading}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.session}</th>
              <th scope="col">{t.started}</th>
              <th scope="col">{t.lastUsed}</th>
              <th scope="col">
                <span className="visually-hidden">{t.end}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row">{session.current ? <span className="admin-badge">{t.thisDevice}</span> : t.other}</th>
                <td>
                  <time dateTime={session.created_at}>{formatWhen(session.created_at)}</time>
                </td>
                <td>
                  <time dateTime={session.last_used_at}>{formatWhen(session.last_used_at)}</time>
                </td>
                <td>
                  {!session.current && (
                    <button
                      type="button"
                      className="admin-link-button admin-link-button--danger"
                      aria-disabled={busy}
                      aria-label={t.endLabel(formatWhen(session.created_at))}
                      onClick={() =>
                        act(async () => {
                          await staffApi.endSession(session.id);
                          return t.ended;
                        })
                      }
                    >
                      {t.end}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="admin-actions">
        {others.length > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy}
            onClick={() => act(async () => t.endedOthers((await staffApi.endOthers()).ended))}
          >
            {t.endOthers}
          </button>
        ) : (
          <span className="admin-muted">{t.noOthers}</span>
        )}
      </p>
      <p className="admin-muted">{t.limits}</p>
      <h2>{t.detailsHeading}</h2>
      <p>{t.detailsBody}</p>
      <p>
        {/* A plain link: the storefront's page loads afresh, without the console's code. */}
        <a href="/my-account/details">{t.detailsLink}</a>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
