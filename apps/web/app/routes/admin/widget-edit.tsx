/** /admin/widgets/:id: one widget in the editor, loaded from the owner API. */

import { ownerApi } from "../../features/admin/api.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { editorMessages as t } from "../../features/admin/messages.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import { WidgetEditor } from "../../features/admin/widgets/WidgetEditor.tsx";
import type { Route } from "./+types/widget-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const widget = await ownerApi.getWidget(idParam(params.id));
  return { widget, origin: window.location.origin };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, loaderData ? t.editTitle(loaderData.widget.identifier || `#${loaderData.widget.id}`) : t.editTitle(""));
}

export default function EditWidgetPage({ loaderData }: Route.ComponentProps) {
  const { id, created_at: _created, updated_at: _updated, version, ...initial } = loaderData.widget;
  // A new key per widget: the editor's state starts afresh when the URL names another one.
  return <WidgetEditor key={id} id={id} initial={initial} version={version} shopOrigin={loaderData.origin} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/widgets" backLabel={t.back} />;
}
