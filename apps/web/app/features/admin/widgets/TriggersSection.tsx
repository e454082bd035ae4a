/**
 * When and where the widget shows: countries (i18n-iso-countries names), a date range, day and hour
 * rules with the days codes named, their time zones (IANA from Intl, or an offset in hours), and
 * the timing switches (delay, scroll, exit intent, auto-hide).
 */
import { allCountries } from "@cartwright/commerce";
import type { DayHoursRule, DaysCode, WidgetTriggers } from "@cartwright/commerce/contact-widget";
import { useMemo } from "react";
import { CheckboxField, FieldFrame, FieldList, type FieldSpec, TextField } from "../components/fields.tsx";
import { DAYS_CODE_LABELS, editorMessages as t, triggerLabels } from "../messages.ts";

const OFFSET = /^[+-]?\d{1,2}([.:]\d{1,2})?$/;
const OFFSET_CHOICE = "__offset";

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

function ZoneField({ path, label, value, onChange }: { path: string; label: string; value: string; onChange(value: string): void }) {
  const zones = useMemo(timeZones, []);
  const offset = OFFSET.test(value) || (value !== "" && !zones.includes(value));
  return (
    <>
      <FieldFrame path={path} label={label}>
        {(aria) => (
          <select
            {...aria}
            value={offset ? OFFSET_CHOICE : value}
            onChange={(event) => onChange(event.target.value === OFFSET_CHOICE ? "+0" : event.target.value)}
          >
            <option value="">{t.timeZoneUtc}</option>
            <option value={OFFSET_CHOICE}>{t.timeZoneOffset}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      {offset && <TextField path={`${path}-offset`} label={t.timeZoneOffset} value={value} onChange={onChange} />}
    </>
  );
}

/** "YYYY-MM-DD HH:MM" (the stored form) ↔ the datetime-local input's "YYYY-MM-DDTHH:MM". */
const toInput = (value: string) => value.replace(" ", "T").slice(0, 16);
const fromInput = (value: string) => value.replace("T", " ").slice(0, 16);

const pad = (n: number) => String(n).padStart(2, "0");

function TimeField({
  path,
  label,
  hours,
  minutes,
  onChange,
}: {
  path: string;
  label: string;
  hours: number;
  minutes: number;
  onChange(hours: number, minutes: number): void;
}) {
  return (
    <FieldFrame path={`${path}_hours`} label={label} also={[`${path}_min`]}>
      {(aria) => (
        <input
          {...aria}
          type="time"
          value={`${pad(hours)}:${pad(minutes)}`}
          onChange={(event) => {
            const [h = "0", m = "0"] = event.target.value.split(":");
            onChange(Number(h), Number(m));
          }}
        />
      )}
    </FieldFrame>
  );
}

function DayRules({ rules, onChange }: { rules: DayHoursRule[]; onChange(rules: DayHoursRule[]): void }) {
  const base = "triggers.day_hours_scheduling_rules";
  const set = (index: number, patch: Partial<DayHoursRule>) =>
    onChange(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  return (
    <div className="admin-sublist">
      <p className="admin-field__hint">{t.acrossMidnight}</p>
      <ol className="admin-sublist__items">
        {rules.map((rule, index) => (
          <li key={index} className="admin-sublist__item">
            <fieldset className="admin-fieldset admin-fieldset--row">
              <legend>{t.ruleN(index + 1)}</legend>
              <FieldFrame path={`${base}.${index}.days`} label={t.days}>
                {(aria) => (
                  <select
                    {...aria}
                    value={String(rule.days)}
                    onChange={(event) => set(index, { days: Number(event.target.value) as DaysCode })}
                  >
                    {Object.entries(DAYS_CODE_LABELS).map(([code, label]) => (
                      <option key={code} value={code}>
                        {label}
                      </option>
                    ))}
                  </select>
                )}
              </FieldFrame>
              <TimeField
                path={`${base}.${index}.start`}
                label={t.from}
                hours={rule.start_hours}
                minutes={rule.start_min}
                onChange={(start_hours, start_min) => set(index, { start_hours, start_min })}
              />
              <TimeField
                path={`${base}.${index}.end`}
                label={t.until}
                hours={rule.end_hours}
                minutes={rule.end_min}
                onChange={(end_hours, end_min) => set(index, { end_hours, end_min })}
              />
              <button
                type="button"
                className="admin-link-button admin-link-button--danger"
                onClick={() => onChange(rules.filter((_, at) => at !== index))}
              >
                {t.removeDayRule(index + 1)}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary admin-button--small"
        onClick={() => onChange([...rules, { days: 8, start_hours: 9, start_min: 0, end_hours: 17, end_min: 0 }])}
      >
        {t.addDayRule}
      </button>
    </div>
  );
}

const TIMING: FieldSpec<WidgetTriggers>[] = [
  "has_time_delay",
  { key: "time_delay", min: 0, max: 3600, when: (value) => value.has_time_delay },
  "has_display_after_page_scroll",
  { key: "display_after_page_scroll", min: 0, max: 100, when: (value) => value.has_display_after_page_scroll },
  "exit_intent",
  "auto_hide_widget",
  { key: "hide_after", min: 0, max: 86400, when: (value) => value.auto_hide_widget },
];

export function TriggersSection({ triggers, onChange }: { triggers: WidgetTriggers; onChange(patch: Partial<WidgetTriggers>): void }) {
  const countries = useMemo(() => allCountries(), []);
  const dates = triggers.date_scheduling_rules;
  return (
    <>
      <fieldset className="admin-fieldset">
        <legend>{triggerLabels.countries}</legend>
        <CheckboxField
          path="triggers.has_countries"
          label={triggerLabels.has_countries}
          value={triggers.has_countries}
          onChange={(has_countries) => onChange({ has_countries })}
        />
        {triggers.has_countries && (
          <FieldFrame path="triggers.countries" label={triggerLabels.countries} hint={t.countriesHint} nested>
            {(aria) => (
              <select
                {...aria}
                multiple
                size={8}
                value={triggers.countries}
                onChange={(event) => onChange({ countries: Array.from(event.target.selectedOptions, (option) => option.value) })}
              >
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        )}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{triggerLabels.date_scheduling_rules}</legend>
        <CheckboxField
          path="triggers.has_date_scheduling_rules"
          label={triggerLabels.has_date_scheduling_rules}
          value={triggers.has_date_scheduling_rules}
          onChange={(has_date_scheduling_rules) => onChange({ has_date_scheduling_rules })}
        />
        {triggers.has_date_scheduling_rules && (
          <>
            <p className="admin-field__hint">{t.dateRangeHint}</p>
            <TextField
              path="triggers.date_scheduling_rules.start_date_time"
              label={t.startDate}
              type="datetime-local"
              value={toInput(dates.start_date_time)}
              onChange={(value) => onChange({ date_scheduling_rules: { ...dates, start_date_time: fromInput(value) } })}
            />
            <TextField
              path="triggers.date_scheduling_rules.end_date_time"
              label={t.endDate}
              type="datetime-local"
              value={toInput(dates.end_date_time)}
              onChange={(value) => onChange({ date_scheduling_rules: { ...dates, end_date_time: fromInput(value) } })}
            />
            <ZoneField
              path="triggers.time_diff"
              label={triggerLabels.time_diff}
              value={triggers.time_diff}
              onChange={(time_diff) => onChange({ time_diff })}
            />
          </>
        )}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{t.dayRules}</legend>
        <CheckboxField
          path="triggers.has_day_hours_scheduling_rules"
          label={triggerLabels.has_day_hours_scheduling_rules}
          value={triggers.has_day_hours_scheduling_rules}
          onChange={(has_day_hours_scheduling_rules) => onChange({ has_day_hours_scheduling_rules })}
        />
        {triggers.has_day_hours_scheduling_rules && (
          <>
            <DayRules
              rules={triggers.day_hours_scheduling_rules}
              onChange={(day_hours_scheduling_rules) => onChange({ day_hours_scheduling_rules })}
            />
            <ZoneField
              path="triggers.day_time_diff"
              label={triggerLabels.day_time_diff}
              value={triggers.day_time_diff}
              onChange={(day_time_diff) => onChange({ day_time_diff })}
            />
          </>
        )}
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>{t.timing}</legend>
        <FieldList value={triggers} path="triggers" labels={triggerLabels} specs={TIMING} onChange={onChange} />
      </fieldset>
    </>
  );
}
