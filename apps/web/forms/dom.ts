/** The runtime's DOM helpers: ids of the renderer's markup (contract17), errors shown and announced, scrolling. */

export type FieldError = string | Record<string, string>;

/** Spec §9: page changes and field errors scroll to 75 px above, the confirmation and the error block to 100 px, over 750 ms. */
export const SCROLL = { pageOffset: 75, containerOffset: 100, durationMs: 750 } as const;

export function fieldContainer(form: HTMLFormElement, fieldId: number | string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`#cwf${form.dataset.formId}-field${fieldId}`);
}

export function fieldInputs(container: Element): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [...container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input, select, textarea")];
}

/** The field id an input belongs to, from its name `forms[fields][{id}]…`. */
export function fieldIdOf(element: EventTarget | null): number | null {
  const name = (element as HTMLInputElement | null)?.name ?? "";
  const match = /^forms\[fields\]\[(\d+)\]/.exec(name);
  return match ? Number(match[1]) : null;
}

function describe(input: Element, id: string): void {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  if (!ids.includes(id)) input.setAttribute("aria-describedby", [...ids, id].join(" "));
}

/** The polite live region errors are read out from (one per form, made on first use). */
function liveRegion(form: HTMLFormElement): HTMLElement {
  let region = form.querySelector<HTMLElement>(".cwf-live");
  if (!region) {
    region = document.createElement("div");
    region.className = "cwf-live cwf-sr";
    region.setAttribute("aria-live", "polite");
    form.append(region);
  }
  return region;
}

/** The live regions' words waiting for their tick, so an announcement taken back before it is spoken stays unsaid. */
const waiting = new WeakMap<HTMLElement, number>();

/** Says a message politely; `about` names what it speaks of (a field's error), so it can be taken back with it. */
export function announce(form: HTMLFormElement, message: string, about = ""): void {
  const region = liveRegion(form);
  window.clearTimeout(waiting.get(region));
  region.textContent = "";
  region.dataset.about = about;
  // A new text node after a tick is read out even when the same message comes twice.
  waiting.set(
    region,
    window.setTimeout(() => {
      region.textContent = message;
    }, 50),
  );
}

/**
 * Empties the live region when it speaks of `about`: an announcement does not outlive what it announced, so a
 * screen reader's review of the page no longer finds "This field is required." once the field is fixed.
 */
export function unannounce(form: HTMLFormElement, about: string): void {
  const region = form.querySelector<HTMLElement>(".cwf-live");
  if (!region || region.dataset.about !== about) return;
  window.clearTimeout(waiting.get(region));
  region.textContent = "";
  region.dataset.about = "";
}

const errorSubject = (fieldId: number | string) => `field${fieldId}`;

/** Shows a field's error (a message, or messages by sub-input) or clears it; returns whether one is shown. */
export function showFieldError(form: HTMLFormElement, fieldId: number | string, error: FieldError | undefined, speak = true): boolean {
  const container = fieldContainer(form, fieldId);
  if (!container) return false;
  const prefix = `cwf${form.dataset.formId}-${fieldId}`;
  const main = container.querySelector<HTMLElement>(`#${prefix}-error`);
  for (const element of container.querySelectorAll<HTMLElement>(".cwf-error")) {
    element.textContent = "";
    element.hidden = true;
  }
  for (const input of fieldInputs(container)) input.removeAttribute("aria-invalid");
  // The field's earlier error goes, and with it what was said of it.
  unannounce(form, errorSubject(fieldId));
  container.classList.toggle("cwf-field--invalid", error !== undefined);
  if (error === undefined) return false;
  const messages: [string | null, string][] = typeof error === "string" ? [[null, error]] : Object.entries(error);
  for (const [sub, message] of messages) {
    const own = sub ? container.querySelector<HTMLElement>(`#${prefix}-${sub}-error`) : null;
    const target = own ?? main;
    if (target) {
      target.textContent = target.textContent ? `${target.textContent} ${message}` : message;
      target.hidden = false;
    }
    const inputs = sub ? [container.querySelector(`#${prefix}-${sub}`)].filter((i) => i !== null) : fieldInputs(container);
    for (const input of inputs.length ? inputs : fieldInputs(container)) {
      input.setAttribute("aria-invalid", "true");
      if (target) describe(input, target.id);
    }
  }
  if (speak) announce(form, messages.map(([, message]) => message).join(" "), errorSubject(fieldId));
  return true;
}

/** The form's top minus an offset, over `durationMs` (a plain jump when the visitor prefers less motion). */
export function scrollToElement(element: Element, offset: number, durationMs: number = SCROLL.durationMs): void {
  const start = window.scrollY;
  const target = Math.max(0, element.getBoundingClientRect().top + start - offset);
  if (durationMs <= 0 || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
    window.scrollTo(0, target);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / durationMs);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    window.scrollTo(0, start + (target - start) * eased);
    if (t < 1) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}

/** A general error block (header, footer, captcha): shown with its text, or hidden when empty. */
export function showBlock(block: HTMLElement | null, message: string | undefined): void {
  if (!block) return;
  block.textContent = message ?? "";
  block.hidden = !message;
}

/**
 * A second copy of one form on a page (two embed tags) names its landmarks apart, "Store feedback (2)", so they can
 * be told apart and found; its ids need nothing, as each embed's shadow root has its own.
 */
export function nameCopy(form: HTMLFormElement, copy: number): void {
  if (copy < 2) return;
  const root = form.getRootNode() as Document | ShadowRoot;
  for (const landmark of [form, ...form.querySelectorAll<HTMLElement>("nav[aria-label], section[aria-labelledby]")]) {
    const labelledBy = landmark.getAttribute("aria-labelledby");
    const name = labelledBy ? (root.getElementById(labelledBy)?.textContent ?? "") : (landmark.getAttribute("aria-label") ?? "");
    landmark.removeAttribute("aria-labelledby");
    landmark.setAttribute("aria-label", `${name} (${copy})`);
  }
}
