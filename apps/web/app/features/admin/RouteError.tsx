/** What a console page shows when its data could not be loaded: a lost session, a missing record, or the server's message. */
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { AdminApiError } from "./api.ts";
import { ErrorAlert } from "./components/page.tsx";
import { consoleMessages as t } from "./messages.ts";
import { ownerOnlyMessages } from "./nav-labels.ts";

export function ConsoleRouteError({ error, backTo, backLabel }: { error: unknown; backTo?: string; backLabel?: string }) {
  const revalidator = useRevalidator();
  const status = error instanceof AdminApiError ? error.status : isRouteErrorResponse(error) ? error.status : 0;
  // A manager on one of the owner's pages (decision 0032): signed in, just not allowed here.
  if (error instanceof AdminApiError && error.code === "cw_rest_forbidden")
    return (
      <div className="admin-page">
        <h1>{ownerOnlyMessages.title}</h1>
        <ErrorAlert message={error.message} />
        <p>{ownerOnlyMessages.body}</p>
        <p>
          <Link to="/admin">{ownerOnlyMessages.back}</Link>
        </p>
      </div>
    );
  if (status === 401 || status === 403)
    return (
      <div className="admin-page">
        <h1>{t.sessionEnded}</h1>
        <p>
          <a className="button" href="/admin">
            {t.signInAgain}
          </a>
        </p>
      </div>
    );
  const message =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? typeof error.data === "string" && error.data
          ? error.data
          : `${error.status} ${error.statusText}`
        : "";
  return (
    <div className="admin-page">
      <h1>{status === 404 ? t.notFoundTitle : t.errorTitle}</h1>
      <ErrorAlert message={message} />
      <p className="admin-actions">
        {status !== 404 && (
          <button type="button" className="button" onClick={() => revalidator.revalidate()}>
            {t.tryAgain}
          </button>
        )}
        {backTo && <Link to={backTo}>{backLabel}</Link>}
      </p>
    </div>
  );
}

/** An id from the URL, or the 404 the page's boundary shows. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) throw new AdminApiError(404, "cw_admin_not_found", t.notFoundTitle);
  return Number(value);
}
