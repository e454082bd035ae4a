/** Reads and writes the shop's settings: stored values laid over the defaults, key by key. */
import { affixesFor, type Currency } from "@cartwright/commerce";
import { fieldRulesProblem } from "@cartwright/commerce/field-rules";
import type { Db } from "../../db/index.ts";
import { deepFreeze, type RevisionCached, revisionCache } from "../../db/revisions.ts";
import { StoreError } from "../../http/errors.ts";
import { readAllSettings, writeSettings } from "./settings.repo.ts";
import { DEFAULT_SETTINGS, type ShopSettings } from "./settings.types.ts";

/** The shop's settings, shared read-only between requests until any process writes one. */
export const getSettings: RevisionCached<ShopSettings> = revisionCache("settings", async (db) =>
  deepFreeze(mergeOverDefaults(await readAllSettings(db))),
);

export function mergeOverDefaults(stored: Record<string, unknown>): ShopSettings {
  const settings = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    if (!(key in stored)) continue;
    const base = settings[key];
    const value = stored[key];
    // Object settings merge so that a new default field appears for shops saved before it existed.
    settings[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
  }
  return settings as unknown as ShopSettings;
}

export async function updateSettings(db: Db, patch: Partial<ShopSettings>): Promise<void> {
  const problem = checkoutFieldsProblem(patch.checkoutFields);
  if (problem) throw new StoreError("cw_invalid_setting", `checkoutFields: ${problem}`, 400, { setting: "checkoutFields" });
  const known = Object.fromEntries(Object.entries(patch).filter(([key]) => key in DEFAULT_SETTINGS));
  await writeSettings(db, known);
}

/** Worked out once per settings object: the cached settings are one object per revision, priced from on every cart call. */
const currencies = new WeakMap<ShopSettings, Readonly<Currency>>();

export function shopCurrency(settings: ShopSettings): Readonly<Currency> {
  let currency = currencies.get(settings);
  if (!currency) {
    const { code, symbol, symbolPosition, decimalSeparator, thousandSeparator, minorUnit } = settings.currency;
    currency = Object.freeze({ code, symbol, minorUnit, decimalSeparator, thousandSeparator, ...affixesFor(symbol, symbolPosition) });
    currencies.set(settings, currency);
  }
  return currency;
}

/** A locale tag as "en", "de_DE" or "de-AT"; anything else stored by mistake reads as English. */
export const LOCALE_PATTERN = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

/** The shop's locale for messages ("en" unless the siteLocale setting holds a well-formed tag). */
export function shopLocale(settings: Pick<ShopSettings, "siteLocale">): string {
  return typeof settings.siteLocale === "string" && LOCALE_PATTERN.test(settings.siteLocale) ? settings.siteLocale : "en";
}

/** Field rules must be JSON Schemas the checkout can evaluate (spec §3). */
function checkoutFieldsProblem(fields: unknown): string | null {
  if (fields === undefined) return null;
  if (!Array.isArray(fields)) return "must be a list of fields";
  for (const field of fields) {
    const problem = fieldRulesProblem((field as { rules?: unknown } | null)?.rules);
    if (problem) return `the field '${String((field as { id?: unknown } | null)?.id)}': ${problem}`;
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
