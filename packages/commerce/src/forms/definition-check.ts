/**
 * A form definition as the owner sends it, checked value by value (issue 17 "with the definition
 * validated"; decision 0024). Every error is reported under its dotted path ("fields.2.choices.0.label");
 * a valid input comes back as a clean `FormDefinition` holding only known keys, with defaults filled.
 */
import { isCountryCode } from "../address/index.ts";
import { DEFINITION_LIMITS, type DefinitionError, isObject, type Json, Reader, SAFE_URL } from "./definition-reader.ts";
import { readSettings } from "./definition-settings.ts";
import { defaultFormSettings } from "./demo.ts";
import { findLogicCycle } from "./logic.ts";
import { isCalendarDate, parseTime24h, TEXT_LIMITS } from "./rules.ts";
import {
  type Choice,
  DISPLAY_ONLY_TYPES,
  FIELD_TYPES,
  type FieldLogic,
  type FormDefinition,
  type FormField,
  LOGIC_OPERATORS,
  type LogicRule,
} from "./types.ts";
import { ALLOWED_EXTENSIONS, UPLOAD_BOUNDS } from "./uploads.ts";

export { DEFINITION_LIMITS, type DefinitionError } from "./definition-reader.ts";

const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "heic"];
const MARKUP_OR_PROGRAM = /^(svgz|html?|xhtml|xml|js|mjs|php\d?|phtml|exe|dll|bat|cmd|com|msi|sh|ps1|jar|scr|vbs)$/;

function readChoices(r: Reader, obj: Json, path: string, priced: boolean): Choice[] {
  const ids = new Set<number>();
  return r.list(obj, "choices", path, { min: 1, max: DEFINITION_LIMITS.choices }).map((item, index) => {
    const where = `${path}.choices.${index}`;
    const raw = r.object(item, where);
    const choice: Choice = {
      id: r.int(raw, "id", where, { min: 1, max: 9999 }),
      label: r.text(raw, "label", where, { min: 1, max: DEFINITION_LIMITS.label }),
    };
    if (ids.has(choice.id)) r.fail(`${where}.id`, "is used by another choice");
    ids.add(choice.id);
    if (priced) choice.priceMinor = r.int(raw, "priceMinor", where, { min: 0, max: DEFINITION_LIMITS.priceMinor });
    const image = r.optionalText(raw, "imageUrl", where, 2000);
    if (image !== undefined && !SAFE_URL.test(image)) r.fail(`${where}.imageUrl`, "must be an https:// address or a path on this site");
    else if (image) choice.imageUrl = image;
    if (r.bool(raw, "selected", where, false)) choice.selected = true;
    return choice;
  });
}

function readExtensions(r: Reader, obj: Json, path: string, allowed: readonly string[]): string[] {
  const extensions = r.list(obj, "extensions", path, { min: 1, max: 30 });
  return [
    ...new Set(
      extensions.map((item, index) => {
        const value = typeof item === "string" ? item.trim().toLowerCase().replace(/^\./, "") : "";
        if (MARKUP_OR_PROGRAM.test(value))
          r.fail(`${path}.extensions.${index}`, `${value} files are never accepted (they can carry scripts or programs)`);
        else if (!allowed.includes(value)) r.fail(`${path}.extensions.${index}`, `must be one of ${allowed.join(", ")}`);
        return value;
      }),
    ),
  ];
}

function readCountries(r: Reader, obj: Json, key: string, path: string): string[] | undefined {
  if (obj[key] === undefined) return undefined;
  return r.list(obj, key, path, { max: 300 }).map((item, index) => {
    const code = typeof item === "string" ? item.toUpperCase() : "";
    if (!isCountryCode(code)) r.fail(`${path}.${key}.${index}`, "must be a country code such as US");
    return code;
  });
}

/** A list of up to 200 domains such as example.org, lower-cased. */
function readDomains(r: Reader, raw: Json, key: string, path: string): string[] {
  return r.list(raw, key, path, { max: 200, fallback: [] }).map((item, index) => {
    const domain = typeof item === "string" ? item.trim().toLowerCase() : "";
    if (!/^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(domain)) {
      r.fail(`${path}.${key}.${index}`, "must be a domain such as example.org");
    }
    return domain;
  });
}

/** The kind's own settings, added to the base the caller read. */
function readKind(r: Reader, raw: Json, path: string, base: Json): FormField {
  const type = base.type as FormField["type"];
  const field: Json = { ...base };
  const limit = (max: number) => r.int(raw, "choiceLimit", path, { min: 0, max, fallback: 0 });
  switch (type) {
    case "name":
      field.format = r.oneOf(raw, "format", path, ["simple", "first-last"] as const, "first-last");
      break;
    case "email":
      field.confirmation = r.bool(raw, "confirmation", path, false);
      field.suggestTypos = r.bool(raw, "suggestTypos", path, true);
      field.restrictedDomains = readDomains(r, raw, "restrictedDomains", path);
      {
        // Only when there are some: definitions made before the setting stay as they were.
        const own = readDomains(r, raw, "suggestionDomains", path);
        if (own.length) field.suggestionDomains = own;
      }
      break;
    case "text":
    case "textarea":
    case "tel": {
      const cap = type === "textarea" ? TEXT_LIMITS.paragraph : TEXT_LIMITS.line;
      if (type !== "tel" && raw.maxLength !== undefined) field.maxLength = r.int(raw, "maxLength", path, { min: 1, max: cap });
      if (type !== "textarea" && raw.inputMask !== undefined) field.inputMask = r.text(raw, "inputMask", path, { min: 1, max: 100 });
      break;
    }
    case "number": {
      for (const key of ["min", "max", "step"]) {
        const value = r.number(raw, key, path);
        if (value !== undefined) field[key] = value;
      }
      if (typeof field.min === "number" && typeof field.max === "number" && field.min > field.max)
        r.fail(`${path}.max`, "must not be below min");
      if (typeof field.step === "number" && field.step <= 0) r.fail(`${path}.step`, "must be above 0");
      break;
    }
    case "password":
      field.confirmation = r.bool(raw, "confirmation", path, false);
      field.minStrength = r.int(raw, "minStrength", path, { min: 0, max: 3, fallback: 0 });
      break;
    case "select":
    case "radio":
    case "checkbox":
    case "image-choice":
    case "payment-multiple":
    case "payment-select":
    case "payment-checkbox": {
      const choices = readChoices(r, raw, path, type.startsWith("payment-"));
      field.choices = choices;
      if (type === "select" || type === "image-choice") field.multiple = r.bool(raw, "multiple", path, false);
      if (type === "checkbox" || type === "image-choice" || type === "payment-checkbox") field.choiceLimit = limit(choices.length);
      if (type === "payment-multiple" || type === "payment-select" || type === "payment-checkbox")
        field.showImages = r.bool(raw, "showImages", path, false);
      if (typeof base.default === "string" && base.default !== "" && !choices.some((choice) => String(choice.id) === base.default)) {
        r.fail(`${path}.default`, "must be the id of one of the choices");
      }
      break;
    }
    case "date": {
      for (const key of ["minDate", "maxDate"]) {
        const value = r.optionalText(raw, key, path, 10);
        if (value !== undefined && !isCalendarDate(value)) r.fail(`${path}.${key}`, "must be a date as YYYY-MM-DD");
        else if (value !== undefined) field[key] = value;
      }
      if (typeof field.minDate === "string" && typeof field.maxDate === "string" && field.minDate > field.maxDate)
        r.fail(`${path}.maxDate`, "must not be before minDate");
      if (raw.minDaysAhead !== undefined) field.minDaysAhead = r.int(raw, "minDaysAhead", path, { min: 0, max: 3650 });
      break;
    }
    case "time": {
      field.format = r.oneOf(raw, "format", path, ["12h", "24h"] as const, "12h");
      for (const key of ["minTime", "maxTime"]) {
        const value = r.optionalText(raw, key, path, 20);
        if (value !== undefined && (!/^\d{2}:\d{2}$/.test(value) || parseTime24h(value) === null))
          r.fail(`${path}.${key}`, "must be a time as HH:MM (24-hour)");
        else if (value !== undefined) field[key] = value;
      }
      if ((raw.minTime === undefined) !== (raw.maxTime === undefined))
        r.fail(`${path}.${raw.minTime === undefined ? "minTime" : "maxTime"}`, "must be given with the other bound");
      break;
    }
    case "rating":
      field.scale = r.int(raw, "scale", path, { min: 2, max: 10, fallback: 5 });
      break;
    case "likert":
      field.rows = r
        .list(raw, "rows", path, { min: 1, max: 50 })
        .map((_, index, rows) => r.text(rows as unknown as Json, String(index), `${path}.rows`, { min: 1, max: DEFINITION_LIMITS.label }));
      field.columns = r
        .list(raw, "columns", path, { min: 2, max: 10 })
        .map((_, index, columns) =>
          r.text(columns as unknown as Json, String(index), `${path}.columns`, { min: 1, max: DEFINITION_LIMITS.label }),
        );
      field.multiple = r.bool(raw, "multiple", path, false);
      break;
    case "camera":
    case "file-upload":
      field.extensions = readExtensions(r, raw, path, type === "camera" ? IMAGE_EXTENSIONS : ALLOWED_EXTENSIONS);
      field.maxFileBytes = r.int(raw, "maxFileBytes", path, { min: 1, max: UPLOAD_BOUNDS.maxFileBytes });
      if (type === "file-upload") field.maxFiles = r.int(raw, "maxFiles", path, { min: 1, max: UPLOAD_BOUNDS.maxFiles, fallback: 1 });
      break;
    case "address": {
      field.preferredCountries = readCountries(r, raw, "preferredCountries", path) ?? [];
      const without = readCountries(r, raw, "countriesWithoutStates", path);
      if (without) field.countriesWithoutStates = without;
      if (raw.defaultCountry !== undefined) {
        const code = r.text(raw, "defaultCountry", path, { max: 2 }).toUpperCase();
        if (isCountryCode(code)) field.defaultCountry = code;
        else r.fail(`${path}.defaultCountry`, "must be a country code such as US");
      }
      field.address2 = r.bool(raw, "address2", path, true);
      break;
    }
    case "payment-single":
      field.priceMinor = r.int(raw, "priceMinor", path, { min: 0, max: DEFINITION_LIMITS.priceMinor });
      break;
    case "payment-quantity":
      field.forField = r.int(raw, "forField", path, { min: 1, max: DEFINITION_LIMITS.fieldId });
      field.min = r.int(raw, "min", path, { min: 0, max: 1000, fallback: 1 });
      field.max = r.int(raw, "max", path, { min: 1, max: 1000, fallback: 10 });
      if ((field.max as number) < (field.min as number)) r.fail(`${path}.max`, "must not be below min");
      if (typeof base.default === "string" && base.default !== "") {
        const value = Number(base.default);
        if (!/^\d+$/.test(base.default) || value < (field.min as number) || value > (field.max as number))
          r.fail(`${path}.default`, "must be a quantity from min to max");
      }
      break;
    case "payment-user-amount":
      field.minimumMinor = r.int(raw, "minimumMinor", path, { min: 0, max: DEFINITION_LIMITS.priceMinor, fallback: 0 });
      break;
    case "payment-total":
      field.summary = r.bool(raw, "summary", path, true);
      break;
    case "checkbox-terms":
      field.text = r.text(raw, "text", path, { min: 1, max: DEFINITION_LIMITS.description });
      break;
    case "html":
      field.content = r.text(raw, "content", path, { max: DEFINITION_LIMITS.html, fallback: "" });
      break;
  }
  return field as unknown as FormField;
}

function readLogic(r: Reader, raw: unknown, path: string): FieldLogic {
  const logic = r.object(raw, path);
  const action = r.oneOf(logic, "action", path, ["show", "hide"] as const);
  const match = r.oneOf(logic, "match", path, ["any", "all"] as const, "all");
  const rules = r.list(logic, "rules", path, { min: 1, max: DEFINITION_LIMITS.rules }).map((item, index) => {
    const where = `${path}.rules.${index}`;
    const rule = r.object(item, where);
    const operator = r.oneOf(rule, "operator", where, LOGIC_OPERATORS);
    const out: FieldLogic["rules"][number] = { field: r.int(rule, "field", where, { min: 1, max: DEFINITION_LIMITS.fieldId }), operator };
    if (operator !== "empty" && operator !== "not_empty") {
      out.value = r.text(rule, "value", where, { max: 500 });
      if ((operator === ">" || operator === "<") && (out.value.trim() === "" || !Number.isFinite(Number(out.value))))
        r.fail(`${where}.value`, "must be a number");
    }
    return out;
  });
  return { action, match, rules };
}

function readField(r: Reader, item: unknown, path: string, pages: number): FormField {
  const raw = r.object(item, path);
  const type = r.oneOf(raw, "type", path, FIELD_TYPES);
  const labelled = !["html", "section", "captcha"].includes(type);
  const base: Json = {
    id: r.int(raw, "id", path, { min: 1, max: DEFINITION_LIMITS.fieldId }),
    type,
    page: r.int(raw, "page", path, { min: 1, max: Math.max(1, pages), fallback: 1 }),
    label: r.text(raw, "label", path, { min: labelled ? 1 : 0, max: DEFINITION_LIMITS.label, fallback: labelled ? undefined : "" }),
    required: r.bool(raw, "required", path, false),
  };
  for (const [key, max] of [
    ["description", DEFINITION_LIMITS.description],
    ["placeholder", DEFINITION_LIMITS.label],
    ["default", DEFINITION_LIMITS.description],
  ] as const) {
    const value = r.optionalText(raw, key, path, max);
    if (value !== undefined) base[key] = value;
  }
  const css = r.optionalText(raw, "cssClass", path, 200);
  if (css !== undefined && !/^[A-Za-z0-9_ -]*$/.test(css)) r.fail(`${path}.cssClass`, "may hold only letters, digits, spaces, - and _");
  else if (css) base.cssClass = css;
  if (raw.logic !== undefined && raw.logic !== null) base.logic = readLogic(r, raw.logic, `${path}.logic`);
  return readKind(r, raw, path, base);
}

/** An "is" or "is not" rule on a choice field compares the choice's id: true when it names none of the field's choices. */
function namesNoChoice(rule: LogicRule, target: FormField): boolean {
  if (rule.operator !== "is" && rule.operator !== "is_not") return false;
  if (!("choices" in target) || !Array.isArray(target.choices)) return false;
  const wanted = (rule.value ?? "").trim();
  return !target.choices.some((choice) => String(choice.id) === wanted);
}

/** What only the whole form can tell: unique ids, references, one card field, no logic loop. */
function checkReferences(r: Reader, fields: FormField[]): void {
  const byId = new Map<number, FormField>();
  fields.forEach((field, index) => {
    if (byId.has(field.id)) r.fail(`fields.${index}.id`, `is used by another field (${field.id})`);
    byId.set(field.id, field);
  });
  const forFields = new Set<number>();
  fields.forEach((field, index) => {
    field.logic?.rules.forEach((rule, ruleIndex) => {
      const target = byId.get(rule.field);
      const where = `fields.${index}.logic.rules.${ruleIndex}.field`;
      if (!target) r.fail(where, `names no field of the form (${rule.field})`);
      else if (target.id === field.id) r.fail(where, "must name another field");
      else if (DISPLAY_ONLY_TYPES.includes(target.type)) r.fail(where, "must name a field the visitor fills in");
      else if (target.page > field.page) {
        // The visitor answers a later page only after this one: the rule could never show or hide the field in time.
        r.fail(
          where,
          `names "${target.label}" of page ${target.page}, which the visitor reaches after this field's page ${field.page}: choose a field of page ${field.page} or before`,
        );
      } else if (namesNoChoice(rule, target)) {
        // A removed choice would leave a rule that never holds, so the field would never show (or always).
        r.fail(
          `fields.${index}.logic.rules.${ruleIndex}.value`,
          `names no choice of "${target.label}" (${rule.value}): choose one of its choices`,
        );
      }
    });
    if (field.type === "payment-quantity") {
      const target = byId.get(field.forField);
      if (!target || !["payment-single", "payment-multiple", "payment-select"].includes(target.type)) {
        r.fail(`fields.${index}.forField`, "must name a single-item, multiple-choice or dropdown payment field");
      } else if (forFields.has(field.forField)) r.fail(`fields.${index}.forField`, "already has a quantity field");
      forFields.add(field.forField);
    }
  });
  for (const type of ["credit-card", "captcha", "payment-total"] as const) {
    const indexes = fields.flatMap((field, index) => (field.type === type ? [index] : []));
    if (indexes.length > 1) r.fail(`fields.${indexes[1]}.type`, `a form has at most one ${type} field`);
  }
  if (r.errors.length > 0) return;
  const cycle = findLogicCycle({ id: 0, slug: "", title: "", pages: [], fields, settings: defaultFormSettings() });
  if (cycle) {
    const index = fields.findIndex((field) => field.id === cycle[0]);
    r.fail(`fields.${index}.logic`, `rules go round in a loop (fields ${cycle.join(" → ")})`);
  }
}

/** Checks a definition from the owner; the clean definition, or every error by path. */
export function checkDefinition(input: unknown): { definition: FormDefinition } | { errors: DefinitionError[] } {
  const r = new Reader();
  if (!isObject(input)) return { errors: [{ path: "", message: "must be an object" }] };
  const raw = input;
  const pages = r.list(raw, "pages", "", { min: 1, max: DEFINITION_LIMITS.pages }).map((item, index) => {
    const page = r.object(item, `pages.${index}`);
    return { title: r.text(page, "title", `pages.${index}`, { max: 200, fallback: "" }) };
  });
  const fields = r
    .list(raw, "fields", "", { min: 1, max: DEFINITION_LIMITS.fields })
    .map((item, index) => readField(r, item, `fields.${index}`, pages.length));
  const definition: FormDefinition = {
    id: r.int(raw, "id", "", { min: 0, max: DEFINITION_LIMITS.fieldId, fallback: 0 }),
    slug: r.text(raw, "slug", "", {
      min: 1,
      max: 60,
      pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      hint: "must be lower-case letters, digits and single hyphens",
    }),
    title: r.text(raw, "title", "", { min: 1, max: 200 }),
    pages,
    fields,
    settings: readSettings(r, raw.settings, fields),
  };
  if (r.errors.length === 0) checkReferences(r, fields);
  return r.errors.length > 0
    ? { errors: r.errors.map((error) => ({ path: error.path.replace(/^\./, ""), message: error.message })) }
    : { definition };
}
