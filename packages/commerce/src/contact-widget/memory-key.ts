/**
 * Where a widget's report memory is kept and for how long (memory.ts), apart from the memory's rules: the
 * widget's loader reads the first click from it (apps/web/widget/mount.ts) and must not carry the rest.
 */

export const DAY_MS = 86_400_000;
export const MEMORY_KEEP_DAYS = 7;

/** The localStorage key of a widget's memory. */
export function memoryStorageKey(widgetId: number | string): string {
  return `contactWidget_${widgetId}`;
}
