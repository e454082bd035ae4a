/** /admin/widgets/new: the editor over the shared defaults; saving creates the widget. */
import { useMemo } from "react";
import { editorMessages as t } from "../../features/admin/messages.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import { defaultWidget } from "../../features/admin/widgets/defaults.ts";
import { WidgetEditor } from "../../features/admin/widgets/WidgetEditor.tsx";
import type { Route } from "./+types/widget-new";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewWidgetPage() {
  const initial = useMemo(() => defaultWidget(), []);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return <WidgetEditor initial={initial} shopOrigin={origin} />;
}
