/** A failed save's summary: each server error named in the owner's words, a link that opens its page and field, then focuses it. */
import type { FormField } from "@cartwright/commerce/forms";
import { useEffect, useRef } from "react";
import { focusField } from "../components/feedback.tsx";
import { fieldId } from "../components/fields.tsx";
import { consoleMessages } from "../messages.ts";
import { fieldName } from "./kinds.ts";
import { baseLabels } from "./messages.ts";

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
  return parts.filter((part) => part !== "settings").join(" ") || "Form";
}

interface Props {
  message: string;
  errors: Record<string, string>;
  fields: FormField[];
  onReveal(path: string): void;
}

export function BuilderErrorSummary({ message, errors, fields, onReveal }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  const entries = Object.entries(errors);
  return (
    <div ref={ref} className="admin-error-summary" role="alert" tabIndex={-1}>
      <p>
        <strong>{consoleMessages.saveFailed}</strong> {entries.length ? consoleMessages.fixErrors(entries.length) : message}
      </p>
      {entries.length > 0 && (
        <ul>
          {entries.map(([path, text]) => (
            <li key={path}>
              <a
                href={`#${fieldId(path)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onReveal(path);
                  // The field's panel is drawn on the next frame.
                  requestAnimationFrame(() => requestAnimationFrame(() => focusField(path)));
                }}
              >
                {labelForPath(path, fields)}: {text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
