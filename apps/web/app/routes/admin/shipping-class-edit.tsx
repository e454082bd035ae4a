/** /admin/shipping/classes/:id: one shipping class in its form, with its delete (decision 0106). */
import { Link } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { shippingClassesApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { ShippingClassForm } from "../../features/admin/shipping/ShippingClassForm.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-class-edit";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return shippingClassesApi.get(idParam(params.id));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.classTitle(loaderData?.name ?? ""));
}

export default function ShippingClassPage({ loaderData: shippingClass }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/shipping/classes">{t.classesBack}</Link>
      </p>
      <PageHead title={t.classTitle(shippingClass.name)} />
      <ShippingClassForm key={shippingClass.id} initial={shippingClass} heading={t.className} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping/classes" backLabel={t.classesBack} />;
}
