/** /admin/shipping/pickup/new and /admin/shipping/pickup/:n (counting from 1, as the rate pickup_location:n): one pickup location. */

import { AdminApiError } from "../../features/admin/api.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { pickupBody, shippingApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { PickupLocationForm } from "../../features/admin/shipping/PickupLocationForm.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-pickup-location";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const read = await shippingApi.pickup();
  const pickup = pickupBody(read);
  const index = params.n === "new" ? pickup.locations.length : idParam(params.n) - 1;
  if (index > pickup.locations.length || (params.n !== "new" && index === pickup.locations.length)) {
    throw new AdminApiError(404, "cw_admin_not_found", t.noSuchLocation);
  }
  return { pickup, version: read.version, index };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.pickup.locations[loaderData.index]?.name;
  return consoleMeta(matches, name ? t.editLocationTitle(name) : t.newLocationTitle);
}

export default function PickupLocationPage({ loaderData }: Route.ComponentProps) {
  const { pickup, version, index } = loaderData;
  return <PickupLocationForm key={index} pickup={pickup} version={version} index={index} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping/pickup" backLabel={t.backToPickup} />;
}
