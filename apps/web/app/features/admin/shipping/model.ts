/**
 * The shipping forms' drafts: what the owner types (regions as lists of codes, amounts in whole
 * units, cost formulas, all in the shop's separators) and their conversion to and from the API's
 * shapes, with the server's messages on regions put back beside the field that held them.
 */
import { costFormulaIn, storedCostFormula } from "@cartwright/commerce";
import { amountText, shopAmountFormat, toMinor } from "../money.ts";
import type { FreeShippingRequires, LocationType, MethodKind, ShippingMethod, ShopCurrency, ZoneInput } from "./api.ts";
import { shippingMessages as t } from "./messages.ts";

export interface MethodDraft {
  id?: number;
  method_id: MethodKind;
  title: string;
  enabled: boolean;
  /** Whole units ("5.00"), or a cost formula (decision 0106), in the shop's separators. */
  cost: string;
  /** Formulas by shipping class id; empty adds nothing. */
  class_costs: Record<string, string>;
  no_class_cost: string;
  calculation_type: "class" | "order";
  taxable: boolean;
  requires: FreeShippingRequires;
  min_amount: string;
  ignore_discounts: boolean;
}

export type RegionField = "countries" | "states" | "continents" | "postcodes";

export interface ZoneDraft extends Record<RegionField, string> {
  name: string;
  methods: MethodDraft[];
}

/** Which text field holds which kind of region. */
export const REGION_FIELDS: readonly [RegionField, LocationType][] = [
  ["countries", "country"],
  ["states", "state"],
  ["continents", "continent"],
  ["postcodes", "postcode"],
];

export const moneyText = (value: number, currency: ShopCurrency) => amountText(value, currency.currency_minor_unit);

/** A kept cost formula ("2.5 * [qty]") as the owner types it, in the shop's separators ("2,5 * [qty]"). */
export const formulaText = (kept: string) => costFormulaIn(kept, shopAmountFormat());

export const newMethod = (kind: MethodKind = "flat_rate"): MethodDraft => ({
  method_id: kind,
  title: t.kinds[kind],
  enabled: true,
  cost: "",
  class_costs: {},
  no_class_cost: "",
  calculation_type: "class",
  taxable: true,
  requires: "",
  min_amount: "",
  ignore_discounts: false,
});

/**
 * The method with another kind. A name still blank or the old kind's own name is the default, not
 * the owner's: it follows the kind, so a free method is not shown to shoppers as "Flat rate".
 */
export function withKind(method: MethodDraft, kind: MethodKind): MethodDraft {
  const title = method.title.trim();
  const defaulted = title === "" || title === t.kinds[method.method_id];
  return { ...method, method_id: kind, title: defaulted ? t.kinds[kind] : method.title };
}

export const emptyZone = (): ZoneDraft => ({ name: "", countries: "", states: "", continents: "", postcodes: "", methods: [newMethod()] });

export function toMethodDraft(method: ShippingMethod, currency: ShopCurrency): MethodDraft {
  return {
    ...newMethod(method.method_id),
    id: method.id,
    title: method.title,
    enabled: method.enabled,
    cost: method.cost_formula ? formulaText(method.cost_formula) : moneyText(method.cost ?? 0, currency),
    class_costs: Object.fromEntries((method.class_costs ?? []).map((c) => [String(c.class_id), formulaText(c.cost)])),
    no_class_cost: formulaText(method.no_class_cost ?? ""),
    calculation_type: method.calculation_type ?? "class",
    taxable: method.taxable ?? true,
    requires: method.requires ?? "",
    min_amount: method.min_amount ? moneyText(method.min_amount, currency) : "",
    ignore_discounts: method.ignore_discounts ?? false,
  };
}

export function toZoneDraft(zone: ZoneInput, currency: ShopCurrency): ZoneDraft {
  const codes = (type: LocationType, separator: string) =>
    zone.locations
      .filter((l) => l.type === type)
      .map((l) => l.code)
      .join(separator);
  return {
    name: zone.name,
    countries: codes("country", ", "),
    states: codes("state", ", "),
    continents: codes("continent", ", "),
    postcodes: codes("postcode", "\n"),
    methods: zone.methods.map((method) => toMethodDraft(method, currency)),
  };
}

const list = (text: string, postcodes: boolean) =>
  text
    .split(postcodes ? /[\n,]+/ : /[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

export type Converted<T> = { ok: true; input: T } | { ok: false; errors: Record<string, string> };

/**
 * The API's methods of a list of drafts, or the amounts and formulas that cannot be read, by
 * `methods.{i}.{field}`. A flat rate's cost that is a plain amount goes as `cost` (minor units),
 * anything else as its formula in the form the shop keeps ("2,5 * [qty]" typed with a decimal comma
 * goes as "2.5 * [qty]"); class costs go in the order of `classIds` (the fields' order).
 */
export function fromMethodDrafts(
  methods: MethodDraft[],
  currency: ShopCurrency,
  classIds: readonly number[] = [],
): Converted<ShippingMethod[]> {
  const errors: Record<string, string> = {};
  const digits = currency.currency_minor_unit;
  const format = shopAmountFormat();
  const money = (text: string, path: string) => {
    const value = toMinor(text.trim() || "0", digits);
    if (value === undefined) errors[path] = t.notAmount(digits);
    return value ?? 0;
  };
  const formula = (text: string, path: string) => {
    const typed = text.trim();
    if (!typed) return "";
    const kept = storedCostFormula(typed, format);
    if (!kept.ok) errors[path] = kept.message;
    return kept.ok ? kept.text : typed;
  };
  const input = methods.map((method, i): ShippingMethod => {
    const base = { ...(method.id ? { id: method.id } : {}), method_id: method.method_id, title: method.title, enabled: method.enabled };
    if (method.method_id === "flat_rate") {
      const amount = toMinor(method.cost.trim() || "0", digits, format);
      return {
        ...base,
        cost: amount ?? 0,
        cost_formula: amount === undefined ? formula(method.cost, `methods.${i}.cost`) : "",
        class_costs: classIds.map((id, j) => ({
          class_id: id,
          cost: formula(method.class_costs[String(id)] ?? "", `methods.${i}.class_costs.${j}.cost`),
        })),
        no_class_cost: formula(method.no_class_cost, `methods.${i}.no_class_cost`),
        calculation_type: method.calculation_type,
        taxable: method.taxable,
      };
    }
    return {
      ...base,
      requires: method.requires,
      min_amount: money(method.min_amount, `methods.${i}.min_amount`),
      ignore_discounts: method.ignore_discounts,
    };
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/** The API body of a zone draft, and for each location sent the field it came from (to put its error back). */
export function fromZoneDraft(
  draft: ZoneDraft,
  currency: ShopCurrency,
  classIds: readonly number[] = [],
): Converted<ZoneInput> & { fieldOf: RegionField[] } {
  const fieldOf: RegionField[] = [];
  const locations = REGION_FIELDS.flatMap(([field, type]) =>
    list(draft[field], type === "postcode").map((code) => {
      fieldOf.push(field);
      // Country and state codes are capitals (us → US, us:ca → US:CA); postcodes the server normalises.
      return { type, code: type === "postcode" ? code : code.toUpperCase() };
    }),
  );
  const methods = fromMethodDrafts(draft.methods, currency, classIds);
  if (!methods.ok) return { ...methods, fieldOf };
  return { ok: true, input: { name: draft.name, locations, methods: methods.input }, fieldOf };
}

/** A method's formula is typed in its cost field: the server's message on it goes there. */
export const methodFieldOf = (path: string) => path.replace(/^(methods\.\d+)\.cost_formula$/, "$1.cost");

/** The server's messages with each region's one (`locations.3.code`) moved to the field that held it. */
export function zoneFieldErrors(errors: Record<string, string>, fieldOf: RegionField[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const region = /^locations\.(\d+)(?:\.code)?$/.exec(path);
    const field = region ? (fieldOf[Number(region[1])] ?? "countries") : path === "locations" ? "countries" : methodFieldOf(path);
    result[field] = result[field] ? `${result[field]} ${message}` : message;
  }
  return result;
}
