/** /admin/forms/new: the builder over a one-page starting form; saving creates it and opens it at its id. */
import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import builderStyles from "../../features/admin/forms-builder/builder.css?url";
import { FormBuilder } from "../../features/admin/forms-builder/FormBuilder.tsx";
import { builderMessages as t } from "../../features/admin/forms-builder/messages.ts";
import { newDefinition } from "../../features/admin/forms-builder/model.ts";
import { consoleMeta } from "../../features/admin/title.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/form-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewFormPage() {
  const initial = useMemo(() => ({ status: "draft" as const, definition: newDefinition() }), []);
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.currency ?? DEFAULT_CURRENCY;
  return <FormBuilder initial={initial} currency={currency} />;
}
