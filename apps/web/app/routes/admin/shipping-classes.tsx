/** /admin/shipping/classes: the shop's shipping classes with their products counted, and a form to add one (decision 0106). */
import { Link } from "react-router";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { PageHead } from "../../features/admin/components/page.tsx";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { shippingClassesApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { ShippingClassForm } from "../../features/admin/shipping/ShippingClassForm.tsx";
import shippingStyles from "../../features/admin/shipping/shipping.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-classes";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shippingStyles }];

export async function clientLoader() {
  return shippingClassesApi.list();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.classes);
}

export default function ShippingClassesPage({ loaderData }: Route.ComponentProps) {
  const { classes } = loaderData;
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/shipping">{t.back}</Link>
      </p>
      <PageHead title={t.classes} />
      <p className="admin-muted">{t.classesIntro}</p>
      {classes.length === 0 ? (
        <p className="admin-empty">{t.noClasses}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">{t.className}</th>
                <th scope="col">{t.classSlug}</th>
                <th scope="col">{t.classDescription}</th>
                <th scope="col" className="admin-num">
                  {t.classProducts}
                </th>
              </tr>
            </thead>
            <tbody>
              {classes.map((shippingClass) => (
                <tr key={shippingClass.id}>
                  <th scope="row">
                    <Link to={`/admin/shipping/classes/${shippingClass.id}`}>{shippingClass.name}</Link>
                  </th>
                  <td data-label={t.classSlug}>{shippingClass.slug}</td>
                  <td data-label={t.classDescription}>{shippingClass.description}</td>
                  <td className="admin-num" data-label={t.classProducts}>
                    {shippingClass.count}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShippingClassForm initial={null} heading={t.addClassTitle} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
