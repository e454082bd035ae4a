/**
 * Multi-page forms (spec §2.2): Next validates the page's named inputs, pages logic empties are
 * skipped, the indicator follows, the captcha and submit areas show on the last page only, and a
 * page change scrolls to the form's top and focuses the new page's title.
 */
import { nextPage, previousPage } from "@cartwright/commerce/forms";
import { settled, validateFields } from "./checks.ts";
import { SCROLL, scrollToElement } from "./dom.ts";
import { currentValues, type FormState } from "./state.ts";

function sections(state: FormState): HTMLElement[] {
  return [...state.form.querySelectorAll<HTMLElement>(".cwf-page[data-page]")];
}

/** The fields of a page that are shown (logic-hidden ones are not checked). */
export function pageFieldIds(state: FormState, page: number): number[] {
  const section = state.form.querySelector(`.cwf-page[data-page="${page}"]`);
  if (!section) return [];
  return [...section.querySelectorAll<HTMLElement>(".cwf-field[data-field-id]")]
    .filter((container) => !container.hidden)
    .map((container) => Number(container.dataset.fieldId));
}

export function isLastPage(state: FormState): boolean {
  return sections(state).length <= 1 || nextPage(state.definition, currentValues(state), state.page) === null;
}

/** Shows the page `state.page`: sections, Prev/Next, captcha and submit areas, the indicator. */
export function renderPage(state: FormState): void {
  const all = sections(state);
  if (all.length <= 1) return;
  const values = currentValues(state);
  const last = isLastPage(state);
  for (const section of all) {
    section.hidden = Number(section.dataset.page) !== state.page;
    const prev = section.querySelector<HTMLElement>(".cwf-prev");
    const next = section.querySelector<HTMLElement>(".cwf-next");
    if (prev) prev.hidden = previousPage(state.definition, values, state.page) === null;
    if (next) next.hidden = last;
  }
  // The form's own captcha and submit areas (a captcha field stays on its page).
  for (const area of state.form.querySelectorAll<HTMLElement>(":scope > .cwf-captcha, :scope > .cwf-submit")) area.hidden = !last;
  updateIndicator(state, all.length);
}

function updateIndicator(state: FormState, total: number): void {
  const indicator = state.form.querySelector<HTMLElement>(".cwf-indicator");
  if (!indicator) return;
  for (const step of indicator.querySelectorAll<HTMLElement>(".cwf-step[data-page]")) {
    const page = Number(step.dataset.page);
    step.classList.toggle("cwf-step--active", page === state.page);
    step.classList.toggle("cwf-step--done", page < state.page);
    if (page === state.page) step.setAttribute("aria-current", "step");
    else step.removeAttribute("aria-current");
  }
  const bar = indicator.querySelector<HTMLProgressElement>("progress.cwf-progress");
  if (bar) {
    bar.max = total;
    bar.value = state.page;
  }
  const current = indicator.querySelector<HTMLElement>(".cwf-indicator-current");
  if (current) current.textContent = String(state.page);
  const title = indicator.querySelector<HTMLElement>(".cwf-indicator-title");
  if (title) title.textContent = state.definition.pages[state.page - 1]?.title || `Page ${state.page}`;
}

/** The event a page change sends from the form (`detail.page`): the builder's preview follows it. */
export const PAGE_EVENT = "cwf:page";

function announcePage(state: FormState): void {
  state.form.dispatchEvent(new CustomEvent(PAGE_EVENT, { bubbles: true, detail: { page: state.page } }));
}

/** Shows a page as it is, without checks, scrolling or focus (the builder's preview shows the page being edited). */
export function showPage(state: FormState, page: number): void {
  const last = sections(state).length;
  const target = Math.min(Math.max(1, page), Math.max(1, last));
  if (target === state.page) return;
  state.page = target;
  renderPage(state);
  announcePage(state);
}

/** Moves to a page: shows it, scrolls to the form's top (unless the form says not to) and focuses its title. */
export function goToPage(state: FormState, page: number, focus = true): void {
  if (page === state.page) return;
  state.page = page;
  renderPage(state);
  announcePage(state);
  if (state.definition.settings.scrollToTop !== false) scrollToElement(state.form, SCROLL.pageOffset);
  if (!focus) return;
  const title = state.form.querySelector<HTMLElement>(`.cwf-page[data-page="${page}"] .cwf-page-title`);
  if (title) {
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }
}

/**
 * Next: the page's fields, as they were when Next was pressed, must pass (pending restricted-email answers are
 * waited for) before moving on. A page changed while the answers were awaited stays: moving on would carry values
 * never judged, and a visitor correcting a refused address is not taken away mid-word; their next press decides.
 */
export async function next(state: FormState): Promise<boolean> {
  const from = state.page;
  const ids = pageFieldIds(state, from);
  const pressed = JSON.stringify(currentValues(state));
  // Another page shown meanwhile (the browser's Back) is a move of its own: this press no longer applies.
  const changed = () => state.page !== from || JSON.stringify(currentValues(state)) !== pressed;
  await settled(state, ids);
  // The live checks speak for what was typed since; an error of the pressed values would stand over a corrected field.
  if (changed()) return false;
  const errors = await validateFields(state, ids);
  const first = Object.keys(errors)[0];
  if (first !== undefined) {
    focusField(state, Number(first));
    return false;
  }
  if (changed()) return false;
  const target = nextPage(state.definition, currentValues(state), state.page);
  if (target !== null) goToPage(state, target);
  return true;
}

export function previous(state: FormState): void {
  const target = previousPage(state.definition, currentValues(state), state.page);
  if (target !== null) goToPage(state, target);
}

/** Focuses a field's first input that can take focus (the one marked invalid when there is one). */
export function focusField(state: FormState, fieldId: number): void {
  const container = state.form.querySelector(`#cwf${state.formId}-field${fieldId}`);
  const input =
    container?.querySelector<HTMLElement>("[aria-invalid='true']:not([disabled])") ??
    container?.querySelector<HTMLElement>("input:not([type='hidden']):not([disabled]), select, textarea, button");
  input?.focus();
}

/** The page holding a field (1 when it is unknown). */
export function pageOf(state: FormState, fieldId: number): number {
  return state.definition.fields.find((field) => field.id === fieldId)?.page ?? 1;
}
