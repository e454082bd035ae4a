/**
 * The shop's time zone (Settings → General, decision 0086): a text field filtered by a list of the
 * IANA zones this browser knows, each with its offset now; the hint says the time it is there now.
 */
import { offsetLabel } from "@cartwright/commerce/time-zone";
import { useEffect, useState } from "react";
import { TextField } from "../components/fields.tsx";
import { settingsMessages as t } from "./messages.ts";

const LIST_ID = "shop-time-zones";

/** The zones to pick from: UTC first, then every IANA zone, as Intl lists them (by region, then city). */
function zoneChoices(now: number): { value: string; label: string }[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  } catch {
    // A browser without the list still takes a typed zone; the server checks it.
  }
  return ["UTC", ...zones].map((zone) => ({ value: zone, label: offsetLabel(now, zone) }));
}

/** "It is 14:05 there now (Mon, Nov 30, UTC+11:00)." in the zone, or null for a zone this browser does not know. */
function localTime(zone: string, now: number): string | null {
  try {
    const time = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(now);
    const day = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric" }).format(now);
    return t.store.time_zone_now(time, day, offsetLabel(now, zone));
  } catch {
    return null;
  }
}

export function TimeZoneField({ value, onChange }: { value: string; onChange(value: string): void }) {
  // The clock is read after hydration and once a minute: the server's render has no "now" of the browser's.
  const [now, setNow] = useState<number | null>(null);
  const [choices, setChoices] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    const start = Date.now();
    setNow(start);
    setChoices(zoneChoices(start));
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const time = now === null ? null : localTime(value.trim(), now);
  const hint = `${t.store.time_zone_hint} ${time ?? (value.trim() ? t.store.time_zone_unknown : "")}`.trim();
  return (
    <>
      <TextField path="time_zone" label={t.store.time_zone} hint={hint} list={LIST_ID} value={value} onChange={onChange} />
      <datalist id={LIST_ID}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </datalist>
    </>
  );
}
