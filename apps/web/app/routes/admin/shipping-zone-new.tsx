/** /admin/shipping/zones/new: the zone form over an empty zone with one flat rate; saving opens the zone's page. */
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { shippingApi, shippingClassesApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { emptyZone } from "../../features/admin/shipping/model.ts";
import { ZoneForm } from "../../features/admin/shipping/ZoneForm.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-zone-new";

export async function clientLoader() {
  const [{ currency_code, currency_minor_unit }, { classes }] = await Promise.all([shippingApi.list(), shippingClassesApi.list()]);
  return { currency: { currency_code, currency_minor_unit }, classes };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewZonePage({ loaderData }: Route.ComponentProps) {
  return <ZoneForm initial={emptyZone()} currency={loaderData.currency} classes={loaderData.classes} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
