/** An entry's values as text, for the value rows (search, CSV) and the owner's notice. */
import type { FormValues } from "@cartwright/commerce/forms";

/** Lists joined by ", ", groups as "key: value" lines. */
export function valueText(value: FormValues[string]): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.join(", ");
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([key, v]) => `${key}: ${Array.isArray(v) ? v.join(", ") : v}`)
    .join("\n");
}
