/**
 * Paragraph counters follow their text. The counter is the textarea's description, not a live region:
 * screen readers read the current count when the visitor comes to the field, and a count spoken on
 * every key would drown the typing. Reaching the limit is said once, politely, because the browser
 * then stops taking keys without a word.
 */
import { announce, unannounce } from "./dom.ts";
import { charactersIn, counterText } from "./render/counter.ts";

export function updateCounters(form: HTMLFormElement): void {
  for (const counter of form.querySelectorAll<HTMLElement>(".cwf-counter[data-max]")) {
    const area = counter.parentElement?.querySelector("textarea");
    const max = Number(counter.dataset.max);
    if (!area || !max) continue;
    const count = charactersIn(area.value);
    const before = Number.parseInt(counter.textContent ?? "", 10);
    if (count === before) continue;
    counter.textContent = counterText(count, max);
    // Only the visitor typing into this field hears it (not a restore or a Start over).
    const focused = (area.getRootNode() as Document | ShadowRoot).activeElement === area;
    if (count >= max && before < max && focused) announce(form, counter.textContent, counter.id);
    // Below the limit again: "the limit is reached" is no longer true.
    else if (count < max) unannounce(form, counter.id);
  }
}
