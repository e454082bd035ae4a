/** /admin/shipping/zones/:id: one zone in the form. */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { shippingApi, shippingClassesApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { toZoneDraft } from "../../features/admin/shipping/model.ts";
import { ZoneForm } from "../../features/admin/shipping/ZoneForm.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-zone-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [zone, { classes }] = await Promise.all([shippingApi.get(idParam(params.id)), shippingClassesApi.list()]);
  return { ...zone, classes };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.editTitle(loaderData?.name ?? ""));
}

export default function EditZonePage({ loaderData: zone }: Route.ComponentProps) {
  const currency = { currency_code: zone.currency_code, currency_minor_unit: zone.currency_minor_unit };
  // A new key per zone: the form starts afresh when the URL names another one.
  return (
    <ZoneForm
      key={zone.id}
      id={zone.id}
      initial={toZoneDraft(zone, currency)}
      version={zone.version}
      currency={currency}
      classes={zone.classes}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
