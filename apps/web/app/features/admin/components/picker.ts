/**
 * What the console's pickers by name decide (decision 0047): which options match what the owner
 * typed, and where the arrow keys move. Pure.
 */

/** One thing to pick: the value the API takes (an id, a code) and the name the owner knows it by. */
export interface PickerOption {
  value: string;
  label: string;
  /** A second line that tells alike names apart (a SKU, a country). */
  hint?: string;
}

/** Case and accents ignored, so "cote" finds "Côte d'Ivoire". */
export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/**
 * The options not yet chosen whose name, hint or value holds every word typed, names starting
 * with the text first, at most `limit`; every option not chosen when nothing is typed.
 */
export function matchOptions(options: readonly PickerOption[], text: string, chosen: ReadonlySet<string>, limit = 50): PickerOption[] {
  const typed = fold(text);
  const words = typed.split(/\s+/).filter(Boolean);
  const open = options.filter((option) => !chosen.has(option.value));
  if (!words.length) return open.slice(0, limit);
  const found = open.filter((option) => {
    const haystack = fold(`${option.label} ${option.hint ?? ""} ${option.value}`);
    return words.every((word) => haystack.includes(word));
  });
  const starts = found.filter((option) => fold(option.label).startsWith(typed));
  const rest = found.filter((option) => !fold(option.label).startsWith(typed));
  return [...starts, ...rest].slice(0, limit);
}

export type PickerKey = "ArrowDown" | "ArrowUp" | "Home" | "End";

/** The active option after a key, wrapping at the ends; -1 (none) when the list is empty. */
export function moveActive(active: number, key: PickerKey, count: number): number {
  if (count === 0) return -1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  if (key === "ArrowDown") return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/** A list of ids or codes typed as text ("3, 4") and back: the drafts keep text, the pickers lists. */
export const splitList = (text: string) => text.split(/[\s,]+/).filter(Boolean);
export const joinList = (values: readonly string[]) => values.join(", ");
