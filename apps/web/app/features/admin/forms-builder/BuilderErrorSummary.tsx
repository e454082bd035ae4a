/** A failed save's summary: each server error named in the owner's words, a link that opens its page and field, then focuses it. */
import type { FormField } from "@cartwright/commerce/forms";
import { ErrorSummary } from "../components/feedback.tsx";
import { fieldName } from "./kinds.ts";
import { baseLabels, SETTINGS_LABELS } from "./messages.ts";

/** "fields.2.choices.0.label" → "Topic: choices 1, label". */
export function labelForPath(path: string, fields: FormField[]): string {
  const parts = path.split(".");
  if (parts[0] === "fields") {
    const field = fields[Number(parts[1])];
    const name = field ? fieldName(field) : `Field ${Number(parts[1]) + 1}`;
    const rest = parts
      .slice(2)
      .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : ((baseLabels as Record<string, string>)[part] ?? part)));
    return rest.length ? `${name}: ${rest.join(" ")}` : name;
  }
  if (parts[0] === "pages") return `Page ${Number(parts[1]) + 1} ${parts.slice(2).join(" ")}`.trim();
  if (parts[0] === "title") return "Title";
  if (parts[0] === "slug") return "Address name (slug)";
  const setting = (SETTINGS_LABELS as Record<string, string | undefined>)[path];
  if (setting) return setting;
  return parts.filter((part) => part !== "settings").join(" ") || "Form";
}

interface Props {
  message: string;
  errors: Record<string, string>;
  fields: FormField[];
  /** The refused save's errors as it gave them: `errors` follow each edit, and must not take the focus back as the owner types. */
  refusal: object;
  onReveal(path: string): void;
}

/** The console's error summary, with the builder's labels and its page and panel opened before a field is focused. */
export function BuilderErrorSummary({ message, errors, fields, refusal, onReveal }: Props) {
  return (
    <ErrorSummary message={message} fields={errors} labelFor={(path) => labelForPath(path, fields)} onReveal={onReveal} refusal={refusal} />
  );
}
