/**
 * The dashboard's period: preset links (the current one marked) and a custom from–to form, both
 * writing the URL (the dashboard's, or the page's own: `pathFor`, as the reports tabs keep theirs).
 */
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatDay } from "./format.ts";
import { dashboardMessages as t } from "./messages.ts";
import { type DayRange, dashboardPath, PRESET_IDS, presetDays, presetOf, validRange } from "./range.ts";

const PRESET_LABELS = { last7: t.last7, last30: t.last30, month: t.month };

export function RangePicker({ range, pathFor = dashboardPath }: { range: DayRange; pathFor?: (range: DayRange) => string }) {
  const navigate = useNavigate();
  const [custom, setCustom] = useState(range);
  const [invalid, setInvalid] = useState(false);
  const current = presetOf(range);
  // A new range in the URL (a preset, the back button) renews the fields; focus stays where it was.
  useEffect(() => {
    setCustom({ from: range.from, to: range.to });
    setInvalid(false);
  }, [range.from, range.to]);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!validRange(custom.from, custom.to)) return setInvalid(true);
    setInvalid(false);
    navigate(pathFor(custom));
  }

  const describedBy = invalid ? "range-error" : undefined;
  return (
    <section className="admin-card" aria-labelledby="range-title">
      <h2 id="range-title">{t.range}</h2>
      <p className="admin-muted">{t.rangeSummary(formatDay(range.from), formatDay(range.to))}</p>
      <ul className="admin-segmented admin-segmented--links admin-dashboard__presets">
        {PRESET_IDS.map((id) => (
          <li key={id}>
            <Link to={pathFor(presetDays(id))} aria-current={current === id ? "true" : undefined}>
              {PRESET_LABELS[id]}
            </Link>
          </li>
        ))}
      </ul>
      <form className="admin-range" onSubmit={apply} noValidate>
        <fieldset className="admin-fieldset admin-fieldset--row">
          <legend>{t.custom}</legend>
          <div className="admin-field">
            <label htmlFor="range-from">{t.from}</label>
            <input
              id="range-from"
              type="date"
              value={custom.from}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => setCustom((value) => ({ ...value, from: event.target.value }))}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="range-to">{t.to}</label>
            <input
              id="range-to"
              type="date"
              value={custom.to}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => setCustom((value) => ({ ...value, to: event.target.value }))}
            />
          </div>
          <button type="submit" className="button button--secondary">
            {t.apply}
          </button>
        </fieldset>
        {invalid && (
          <p id="range-error" className="admin-field__error" role="alert">
            {t.rangeInvalid}
          </p>
        )}
      </form>
    </section>
  );
}
