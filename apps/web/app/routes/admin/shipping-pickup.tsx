/** /admin/shipping/pickup: local pickup's settings and its locations. */
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { EditorHead, useSave } from "../../features/admin/components/editor.tsx";
import { ErrorSummary, LoadingPanel, useAnnounce } from "../../features/admin/components/feedback.tsx";
import { CheckboxField, FieldErrorsContext, TextField } from "../../features/admin/components/fields.tsx";
import { toMinor } from "../../features/admin/money.ts";
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { pickupBody, shippingApi } from "../../features/admin/shipping/api.ts";
import { shippingMessages as t } from "../../features/admin/shipping/messages.ts";
import { moneyText } from "../../features/admin/shipping/model.ts";
import shippingStyles from "../../features/admin/shipping/shipping.css?url";
import { consoleMeta } from "../../features/admin/title.ts";
import type { Route } from "./+types/shipping-pickup";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shippingStyles }];

export async function clientLoader() {
  return shippingApi.pickup();
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.pickup);
}

export default function PickupPage({ loaderData }: Route.ComponentProps) {
  const currency = { currency_code: loaderData.currency_code, currency_minor_unit: loaderData.currency_minor_unit };
  const [stored, setStored] = useState(pickupBody(loaderData));
  const [draft, setDraft] = useState({ ...stored, cost: moneyText(stored.cost, currency) });
  // Sent with each save, the one answered kept: pickup changed since (a location's page) is refused, what was typed kept (decision 0158).
  const [version, setVersion] = useState(loaderData.version);
  const { errors, failure, busy, run, refuse } = useSave();
  const announce = useAnnounce();

  async function save(event: FormEvent) {
    event.preventDefault();
    const cost = toMinor(draft.cost.trim() || "0", currency.currency_minor_unit);
    if (cost === undefined) return refuse({ cost: t.notAmount(currency.currency_minor_unit) });
    await run(
      () => shippingApi.savePickup({ ...stored, ...draft, cost, locations: stored.locations }, version),
      (answer) => {
        const saved = pickupBody(answer);
        setVersion(answer.version);
        setStored(saved);
        setDraft({ ...saved, cost: moneyText(saved.cost, currency) });
        announce(t.pickupSaved);
      },
    );
  }

  const labels: Record<string, string> = {
    enabled: t.pickupEnabled,
    title: t.pickupTitle,
    cost: t.pickupCost(currency.currency_code),
    locations: t.locations,
  };
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form className="admin-editor" onSubmit={save} noValidate aria-busy={busy}>
        <EditorHead back="/admin/shipping" backLabel={t.back} title={t.pickup} busy={busy} submitLabel={t.pickupSave} />
        <p className="admin-muted">{t.pickupIntro}</p>
        {failure && <ErrorSummary message={failure} fields={errors} labelFor={(path) => labels[path] ?? path} />}
        <fieldset className="admin-card admin-fieldset">
          <legend>{t.pickupSettings}</legend>
          <CheckboxField
            path="enabled"
            label={t.pickupEnabled}
            value={draft.enabled}
            onChange={(enabled) => setDraft({ ...draft, enabled })}
          />
          <TextField path="title" label={t.pickupTitle} value={draft.title} onChange={(title) => setDraft({ ...draft, title })} />
          <TextField path="cost" label={labels.cost ?? ""} value={draft.cost} onChange={(cost) => setDraft({ ...draft, cost })} />
          <CheckboxField
            path="taxable"
            label={t.pickupTaxable}
            value={draft.taxable}
            onChange={(taxable) => setDraft({ ...draft, taxable })}
          />
        </fieldset>
      </form>
      <section className="admin-card" aria-labelledby="pickup-locations">
        <div className="admin-page__head">
          <h2 id="pickup-locations">{t.locations}</h2>
          <Link to="/admin/shipping/pickup/new" className="button">
            {t.newLocation}
          </Link>
        </div>
        {stored.locations.length === 0 ? (
          <p className="admin-empty">{t.noLocations}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards admin-pickups">
              <thead>
                <tr>
                  <th scope="col">{t.locationName}</th>
                  <th scope="col">{t.address}</th>
                  <th scope="col">{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {stored.locations.map((location, index) => (
                  <tr key={location.name}>
                    <th scope="row">
                      <Link to={`/admin/shipping/pickup/${index + 1}`}>{location.name}</Link>
                    </th>
                    <td className="admin-pickups__address">
                      {[
                        location.address.address_1,
                        location.address.city,
                        `${location.address.state} ${location.address.postcode}`.trim(),
                        location.address.country,
                      ]
                        .filter(Boolean)
                        .join(", ")}
                    </td>
                    <td className="admin-pickups__status">{location.enabled ? t.enabled : t.disabled}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </FieldErrorsContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/shipping" backLabel={t.back} />;
}
