/** /admin/widgets/:id/analytics: views and clicks in a period (presets or custom), per day, per channel, per device. */
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DailyChart } from "../../features/admin/analytics/DailyChart.tsx";
import { PRESETS, percent, presetOf, presetRange, validRange } from "../../features/admin/analytics/range.ts";
import { ownerApi } from "../../features/admin/api.ts";
import { LoadingPanel } from "../../features/admin/components/feedback.tsx";
import { analyticsMessages as t } from "../../features/admin/messages.ts";
import { ConsoleRouteError, idParam } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import { CHANNEL_LABELS } from "../../features/admin/widgets/defaults.ts";
import type { Route } from "./+types/widget-analytics";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const id = idParam(params.id);
  const search = new URL(request.url).searchParams;
  const asked = { from: search.get("from") ?? "", to: search.get("to") ?? "" };
  const range = validRange(asked.from, asked.to) ? asked : presetRange(30);
  const [widget, analytics] = await Promise.all([ownerApi.getWidget(id), ownerApi.analytics(id, range.from, range.to)]);
  return { id, name: widget.identifier || `#${id}`, analytics };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingPanel />;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.title(loaderData?.name ?? ""));
}

const number = new Intl.NumberFormat("en");

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { id, name, analytics } = loaderData;
  const { from, to, totals, days, channels, devices } = analytics;
  const preset = presetOf(from, to);
  const navigate = useNavigate();
  const [custom, setCustom] = useState({ from, to });
  const [rangeError, setRangeError] = useState(false);
  const base = `/admin/widgets/${id}/analytics`;

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    if (!validRange(custom.from, custom.to)) return setRangeError(true);
    setRangeError(false);
    navigate(`${base}?from=${custom.from}&to=${custom.to}`);
  }

  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/admin/widgets">{t.back}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{t.title(name)}</h1>
        <Link to={`/admin/widgets/${id}`}>{t.editWidget}</Link>
      </div>
      <section className="admin-card" aria-labelledby="range-title">
        <h2 id="range-title">{t.range}</h2>
        <ul className="admin-segmented admin-segmented--links">
          {PRESETS.map((daysCount) => {
            const range = presetRange(daysCount);
            return (
              <li key={daysCount}>
                <Link to={`${base}?from=${range.from}&to=${range.to}`} aria-current={preset === daysCount ? "true" : undefined}>
                  {daysCount === 7 ? t.last7 : daysCount === 30 ? t.last30 : t.last90}
                </Link>
              </li>
            );
          })}
        </ul>
        <form className="admin-range" onSubmit={applyCustom} noValidate>
          <fieldset className="admin-fieldset admin-fieldset--row">
            <legend>{t.custom}</legend>
            <div className="admin-field">
              <label htmlFor="range-from">{t.from}</label>
              <input
                id="range-from"
                type="date"
                value={custom.from}
                aria-invalid={rangeError || undefined}
                aria-describedby={rangeError ? "range-error" : undefined}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </div>
            <div className="admin-field">
              <label htmlFor="range-to">{t.to}</label>
              <input
                id="range-to"
                type="date"
                value={custom.to}
                aria-invalid={rangeError || undefined}
                aria-describedby={rangeError ? "range-error" : undefined}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </div>
            <button type="submit" className="button button--secondary">
              {t.apply}
            </button>
          </fieldset>
          {rangeError && (
            <p id="range-error" className="admin-field__error" role="alert">
              {t.rangeInvalid}
            </p>
          )}
        </form>
      </section>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="visually-hidden">
          {t.totals}
        </h2>
        <dl className="admin-stats">
          <div>
            <dt>{t.views}</dt>
            <dd>{number.format(totals.views)}</dd>
          </div>
          <div>
            <dt>{t.clicks}</dt>
            <dd>{number.format(totals.clicks)}</dd>
          </div>
          <div>
            <dt>{t.ctr}</dt>
            <dd>{percent(totals.ctr)}</dd>
          </div>
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="daily-title">
        <h2 id="daily-title">{t.perDay}</h2>
        {totals.views === 0 && totals.clicks === 0 && <p className="admin-muted">{t.noData}</p>}
        <DailyChart days={days} from={from} to={to} />
        <details className="admin-more">
          <summary>{t.showTable}</summary>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t.perDay}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.day}</th>
                  <th scope="col" className="admin-num">
                    {t.views}
                  </th>
                  <th scope="col" className="admin-num">
                    {t.clicks}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td className="admin-num">{number.format(day.views)}</td>
                    <td className="admin-num">{number.format(day.clicks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <div className="admin-columns">
        <section className="admin-card" aria-labelledby="channels-title">
          <h2 id="channels-title">{t.perChannel}</h2>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t.channel}</th>
                  <th scope="col" className="admin-num">
                    {t.views}
                  </th>
                  <th scope="col" className="admin-num">
                    {t.clicks}
                  </th>
                  <th scope="col" className="admin-num">
                    {t.ctr}
                  </th>
                </tr>
              </thead>
              <tbody>
                {channels.map((row) => (
                  <tr key={row.channel}>
                    <th scope="row">{CHANNEL_LABELS[row.channel_type] ?? row.channel}</th>
                    <td className="admin-num">{number.format(row.views)}</td>
                    <td className="admin-num">{number.format(row.clicks)}</td>
                    <td className="admin-num">{percent(row.ctr)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="admin-card" aria-labelledby="devices-title">
          <h2 id="devices-title">{t.devices}</h2>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.device}</th>
                <th scope="col" className="admin-num">
                  {t.views}
                </th>
                <th scope="col" className="admin-num">
                  {t.clicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {(["desktop", "mobile"] as const).map((device) => (
                <tr key={device}>
                  <th scope="row">{device === "desktop" ? t.desktop : t.mobile}</th>
                  <td className="admin-num">{number.format(devices[device].views)}</td>
                  <td className="admin-num">{number.format(devices[device].clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/widgets" backLabel={t.back} />;
}
