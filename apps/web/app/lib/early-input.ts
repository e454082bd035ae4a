/**
 * What a visitor typed, ticked or chose before React hydrated the page (or what the browser filled in) is handed to
 * React once it has. Hydration keeps such a value on screen but not in React's state, so the next render of a
 * controlled field put the server's value back: an e-mail typed into the checkout while its scripts loaded was lost.
 * Each changed control's change is played again, as React's own listeners expect to see it.
 */

/**
 * The value a text control would have without the visitor: what the server rendered, as the browser cleans it up (a
 * colour in lower case, an e-mail trimmed), so that a field the visitor never touched is not taken for a changed one.
 */
function serverValue(control: HTMLInputElement | HTMLTextAreaElement): string {
  if (control instanceof HTMLTextAreaElement) return control.defaultValue;
  const untouched = control.ownerDocument.createElement("input");
  untouched.type = control.type;
  untouched.value = control.defaultValue;
  return untouched.value;
}

/** The option a single-choice list shows without the visitor: the one the server marked, else the first. */
function serverOption(select: HTMLSelectElement): HTMLOptionElement | undefined {
  const options = Array.from(select.options);
  return options.find((option) => option.defaultSelected) ?? options[0];
}

/** Controls a visitor sets; a hidden field or a chosen file is not played again. */
const NOT_TYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/** Controls under `root` whose value is not the server's, and how to play each one's change again. */
export function earlyChanges(root: ParentNode): (() => void)[] {
  const replays: (() => void)[] = [];
  for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (control.disabled) continue;
    if (control instanceof HTMLSelectElement) {
      if (control.multiple || control.selectedOptions[0] === serverOption(control)) continue;
      const chosen = control.value;
      replays.push(() => {
        // A render since may have put the server's choice back on screen.
        control.value = chosen;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      });
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.checked === control.defaultChecked || (!control.checked && control.type === "radio")) continue;
      const chosen = control.checked;
      replays.push(() => {
        // Through React's own property, so that it records the server's state; the click then changes it as a visitor's does.
        control.checked = !chosen;
        control.click();
      });
    } else if (
      !(control instanceof HTMLInputElement && NOT_TYPED.has(control.type)) &&
      control.value !== control.defaultValue &&
      control.value !== serverValue(control)
    ) {
      const typed = control.value;
      const server = control.defaultValue;
      replays.push(() => {
        control.value = server;
        // The element's own setter, past the property React watches: React then sees the input change the value.
        const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, typed);
        control.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
  }
  return replays;
}

/**
 * Reads, as soon as React has hydrated `root`, every change made to its controls before, and plays the changes again in
 * a task of their own: outside React's commit each one renders before the next, so no handler reads another's stale state.
 */
export function keepEarlyInput(root: ParentNode): void {
  const replays = earlyChanges(root);
  if (replays.length === 0) return;
  setTimeout(() => {
    for (const replay of replays) replay();
  });
}
