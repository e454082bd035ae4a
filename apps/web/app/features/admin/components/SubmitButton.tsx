/** The console's submit button, in a module of its own: pages that only save (the order page) need no editor code. */
import { consoleMessages } from "../messages.ts";

/**
 * The submit button, which says "Saving…" (or `busyLabel`) while its save runs; an editor's head and a long form's
 * footer share it. aria-disabled, not disabled: a disabled button drops the keyboard's focus to the top of the page.
 */
export function SubmitButton({ busy, label, busyLabel = consoleMessages.saving }: { busy: boolean; label: string; busyLabel?: string }) {
  return (
    <button type="submit" className="button" aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
