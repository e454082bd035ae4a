/** /admin/forms/:id: one form in the builder, loaded from the owner API. */
import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { useRouteLoaderData } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { formsApi } from "../../features/admin/forms-builder/api.ts";
import builderStyles from "../../features/admin/forms-builder/builder.css?url";
import { FormBuilder } from "../../features/admin/forms-builder/FormBuilder.tsx";
import { builderMessages as t } from "../../features/admin/forms-builder/messages.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/form-edit";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: builderStyles }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { form: await formsApi.get(idParam(params.id)) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData ? loaderData.form.title || `#${loaderData.form.id}` : ""));
}

export default function EditFormPage({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData;
  const currency = useRouteLoaderData<typeof rootLoader>("root")?.currency ?? DEFAULT_CURRENCY;
  // A new key per form: the builder's state starts afresh when the URL names another one.
  return (
    <FormBuilder
      key={form.id}
      id={form.id}
      initial={{ status: form.status, definition: { ...form.definition, id: form.id } }}
      currency={currency}
      answers={form.answers}
      version={form.version}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/forms" backLabel={t.back} />;
}
