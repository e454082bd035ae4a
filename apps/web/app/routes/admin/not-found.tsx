/** /admin/<anything no console page claims>: the console's own "Not found" inside its frame, with a way back, answered as a 404. */
import { data } from "react-router";
import { consoleMessages as t } from "../../features/admin/messages.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  throw data(t.noSuchPage, { status: 404, statusText: "Not Found" });
}

export default function ConsoleNotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin" backLabel={t.backToDashboard} />;
}
