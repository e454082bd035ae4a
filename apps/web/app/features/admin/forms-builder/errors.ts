/**
 * The server names a field's errors by its place in the array ("fields.3.label"). Once the owner
 * moves, adds or removes fields, those places change: the errors follow their field by id.
 */
import type { FormField } from "@cartwright/commerce/forms";

/** Re-keys "fields.{i}…" errors from the order they were made for (`savedOrder`, field ids) to `current`. */
export function followFields(
  errors: Record<string, string>,
  savedOrder: readonly number[],
  current: readonly FormField[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^fields\.(\d+)(.*)$/.exec(path);
    if (!match) {
      out[path] = message;
      continue;
    }
    const id = savedOrder[Number(match[1])];
    const index = current.findIndex((field) => field.id === id);
    // A removed field's errors go with it.
    if (index >= 0) out[`fields.${index}${match[2]}`] = message;
  }
  return out;
}

/** The field indexes that hold an error, for the marks in the field list. */
export function fieldsWithErrors(errors: Record<string, string>): Set<number> {
  return new Set(
    Object.keys(errors)
      .map((path) => /^fields\.(\d+)/.exec(path)?.[1])
      .filter((index): index is string => index !== undefined)
      .map(Number),
  );
}

/**
 * The messages of money texts that are not amounts, at their field's place now ("fields.4.choices.1.priceMinor");
 * a removed field's, or a removed choice's, are dropped.
 */
export function unreadableAmountErrors(
  unreadable: Iterable<{ fieldId: number; rest: string; message: string }>,
  current: readonly FormField[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { fieldId, rest, message } of unreadable) {
    const index = current.findIndex((field) => field.id === fieldId);
    const field = current[index];
    if (!field) continue;
    const choice = /^\.choices\.(\d+)\./.exec(rest)?.[1];
    if (choice !== undefined && !("choices" in field && Number(choice) < field.choices.length)) continue;
    out[`fields.${index}${rest}`] = message;
  }
  return out;
}
