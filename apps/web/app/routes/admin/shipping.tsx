/** /admin/shipping: the zones in the order addresses are matched (reordered by keyboard), everywhere else, local pickup (decision 0041). */
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { ErrorAlert, PageHead } from "../../features/admin/components/page.tsx";
import { useActionError } from "../../features/admin/components/page-actions.ts";
import { moneyFormat } from "../../features/admin/dashboard/format.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { type ShippingMethod, type ShippingZone, shippingApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { formulaText } from "../../features/admin/shipping/model.ts";
import shippingStyles from "../../features/admin/shipping/shipping.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shippingStyles }];

export async function clientLoader() {
  const [list, pickup] = await Promise.all([shippingApi.list(), shippingApi.pickup()]);
  return { list, pickup };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title);
}

const regionsOf = (zone: ShippingZone) => zone.locations.map((l) => l.code).join(", ");

export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  const { list, pickup } = loaderData;
  const [zones, setZones] = useState(list.zones);
  const { error, attempt } = useActionError();
  const announce = useAnnounce();
  const revalidator = useRevalidator();
  const money = moneyFormat(list.currency_code, list.currency_minor_unit);
  const methodText = (method: ShippingMethod) =>
    `${method.title}${method.method_id === "flat_rate" ? ` ${method.cost_formula ? formulaText(method.cost_formula) : money.amount(method.cost ?? 0)}` : ""}${method.enabled ? "" : ` (${t.disabled})`}`;

  async function move(index: number, to: number) {
    const next = [...zones];
    const [zone] = next.splice(index, 1);
    if (!zone) return;
    next.splice(to, 0, zone);
    setZones(next);
    await attempt(
      async () => {
        setZones((await shippingApi.reorder(next.map((z) => z.id))).zones);
        announce(t.moved(zone.name, to + 1, next.length));
        // Focus follows the zone, so the next arrow press moves it again.
        requestAnimationFrame(() => document.getElementById(`move-${to < index ? "up" : "down"}-${zone.id}`)?.focus());
      },
      () => {
        setZones(zones);
        revalidator.revalidate();
      },
    );
  }

  return (
    <div className="admin-page">
      <PageHead title={t.title}>
        <Link to="/admin/shipping/zones/new" className="button">
          {t.newZone}
        </Link>
      </PageHead>
      <p className="admin-muted">{t.intro}</p>
      <ErrorAlert message={error} />
      <section className="admin-card" aria-labelledby="shipping-zones">
        <h2 id="shipping-zones">{t.zones}</h2>
        {zones.length === 0 ? (
          <p className="admin-empty">{t.noZones}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards admin-zones">
              <thead>
                <tr>
                  <th scope="col">{t.zone}</th>
                  <th scope="col">{t.regions}</th>
                  <th scope="col">{t.methods}</th>
                  <th scope="col">{t.order}</th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone, index) => (
                  <tr key={zone.id}>
                    <th scope="row">
                      <Link to={`/admin/shipping/zones/${zone.id}`}>{zone.name}</Link>
                    </th>
                    <td className="admin-zones__regions" data-label={t.regions}>
                      {regionsOf(zone)}
                    </td>
                    <td className="admin-zones__methods" data-label={t.methods}>
                      {zone.methods.map(methodText).join("; ")}
                    </td>
                    <td className="admin-zones__order">
                      <div className="admin-actions">
                        <button
                          type="button"
                          id={`move-up-${zone.id}`}
                          className="admin-icon-button"
                          aria-label={t.moveUp(zone.name)}
                          title={t.moveUp(zone.name)}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          id={`move-down-${zone.id}`}
                          className="admin-icon-button"
                          aria-label={t.moveDown(zone.name)}
                          title={t.moveDown(zone.name)}
                          disabled={index === zones.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          ↓
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-card" aria-labelledby="shipping-rest">
        <h2 id="shipping-rest">{t.restOfWorld}</h2>
        <p className="admin-muted">{t.restOfWorldIntro}</p>
        <p>{list.rest_of_world.methods.length ? list.rest_of_world.methods.map(methodText).join("; ") : t.noMethods}</p>
        <Link to="/admin/shipping/rest-of-world">{t.editRestOfWorld}</Link>
      </section>
      <section className="admin-card" aria-labelledby="shipping-pickup">
        <h2 id="shipping-pickup">{t.pickup}</h2>
        <p>
          {pickup.enabled ? t.on : t.off} · {pickup.title} · {money.amount(pickup.cost)}
        </p>
        <ul>
          {pickup.locations.map((location, index) => (
            <li key={location.name}>
              <Link to={`/admin/shipping/pickup/${index + 1}`}>{location.name}</Link>
              {location.enabled ? "" : ` (${t.disabled})`}
            </li>
          ))}
        </ul>
        <Link to="/admin/shipping/pickup">{t.pickupSettings}</Link>
      </section>
      <section className="admin-card" aria-labelledby="shipping-classes">
        <h2 id="shipping-classes">{t.classes}</h2>
        <p className="admin-muted">{t.classesIntro}</p>
        <Link to="/admin/shipping/classes">{t.editClasses}</Link>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} />;
}
