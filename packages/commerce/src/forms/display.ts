/**
 * A kept value as people read it (the owner's entry view, the CSV export, the notification
 * e-mails): choice ids become their labels, sub-inputs are joined, a card shows its last 4 digits.
 */
import { countryName } from "../address/index.ts";
import { type Choice, DISPLAY_ONLY_TYPES, type FormDefinition, type FormField, type FormInput } from "./types.ts";

function choiceLabels(choices: Choice[], ids: string[]): string {
  return ids.map((id) => choices.find((choice) => String(choice.id) === id)?.label ?? id).join(", ");
}

const asList = (value: FormInput): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value : []);
const asGroup = (value: FormInput): Record<string, string | string[] | undefined> =>
  typeof value === "object" && !Array.isArray(value) ? value : {};
const part = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

/** One field's kept value as text; "" when there is none. */
export function fieldText(field: FormField, value: FormInput | undefined): string {
  if (value === undefined) return "";
  switch (field.type) {
    case "select":
    case "radio":
    case "checkbox":
    case "image-choice":
    case "payment-multiple":
    case "payment-select":
    case "payment-checkbox":
      return choiceLabels(field.choices, asList(value));
    case "name": {
      const parts = asGroup(value);
      return typeof value === "string" ? value : [part(parts.first), part(parts.last)].filter(Boolean).join(" ");
    }
    case "address": {
      const parts = asGroup(value);
      const country = part(parts.country);
      return [parts.address1, parts.address2, parts.city, parts.state, parts.postal, country ? (countryName(country) ?? country) : ""]
        .map(part)
        .filter(Boolean)
        .join(", ");
    }
    case "likert": {
      const parts = asGroup(value);
      return field.rows
        .map((row, index) => {
          const columns = asList(parts[String(index + 1)] ?? []).map((column) => field.columns[Number(column) - 1] ?? column);
          return columns.length > 0 ? `${row}: ${columns.join(", ")}` : "";
        })
        .filter(Boolean)
        .join("; ");
    }
    case "credit-card": {
      const parts = asGroup(value);
      return parts.last4 ? `${part(parts.brand) || "card"} ending ${part(parts.last4)}` : "";
    }
    case "rating":
      return typeof value === "string" && value !== "" ? `${value} / ${field.scale}` : "";
    case "signature":
      return typeof value === "string" && value.startsWith("data:") ? "(signed)" : asList(value).join(", ");
    case "checkbox-terms":
      return value === "1" ? "Accepted" : "";
    default:
      return typeof value === "string"
        ? value
        : Array.isArray(value)
          ? value.join(", ")
          : Object.values(value).map(part).filter(Boolean).join(", ");
  }
}

/** The CSV export's header row and one row per entry: the fields that hold values, in form order. */
export function entryColumns(definition: FormDefinition): FormField[] {
  return definition.fields.filter((field) => !DISPLAY_ONLY_TYPES.includes(field.type));
}
