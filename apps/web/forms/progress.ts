/**
 * Save and resume in the browser (settings.saveProgress.browser): the typed values, never files,
 * passwords or card numbers, kept in localStorage per form; restored on return with a notice and a
 * "Start over" button; cleared after a successful submit.
 */
import { type FormField, parseInputName } from "@cartwright/commerce/forms";
import type { FormState } from "./state.ts";

const SECRET_TYPES: readonly FormField["type"][] = ["password", "credit-card"];
/** The first copy of a form on a page keeps the draft it always had; a second copy keeps its own. */
const key = (state: FormState) => `cartwright-form-${state.formId}${state.copy > 1 ? `-${state.copy}` : ""}`;

/** A preview never touches the visitor's storage. */
function enabled(state: FormState): boolean {
  return !state.preview && state.definition.settings.saveProgress?.browser === true;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function keeps(state: FormState, name: string): boolean {
  const parsed = parseInputName(name);
  const field = parsed && state.definition.fields.find((f) => f.id === parsed.fieldId);
  return field !== undefined && field !== null && !SECRET_TYPES.includes(field.type);
}

/** Forms sent in this page: a save still waiting for its timer must not bring their answers back. */
const sent = new WeakSet<FormState>();

export function saveProgress(state: FormState): void {
  if (!enabled(state) || sent.has(state)) return;
  const pairs: [string, string][] = [];
  for (const element of state.form.elements) {
    const input = element as HTMLInputElement;
    if (!input.name || input.disabled || input.type === "file" || input.type === "password" || !keeps(state, input.name)) continue;
    if ((input.type === "checkbox" || input.type === "radio") && !input.checked) continue;
    if (input instanceof HTMLSelectElement) for (const option of input.selectedOptions) pairs.push([input.name, option.value]);
    else pairs.push([input.name, input.value]);
  }
  storage()?.setItem(key(state), JSON.stringify(pairs));
}

export function clearProgress(state: FormState, afterSending = false): void {
  if (afterSending) sent.add(state);
  storage()?.removeItem(key(state));
}

function restore(state: FormState, pairs: [string, string][]): void {
  const byName = new Map<string, string[]>();
  for (const [name, value] of pairs) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const element of state.form.elements) {
    const input = element as HTMLInputElement;
    const values = byName.get(input.name);
    if (!values || input.type === "file" || input.type === "password") continue;
    if (input.type === "checkbox" || input.type === "radio") input.checked = values.includes(input.value);
    else if (input instanceof HTMLSelectElement) for (const option of input.options) option.selected = values.includes(option.value);
    else input.value = values[0] ?? "";
  }
}

/** Puts back what was kept; returns whether anything was (then a notice offers to start over). */
export function resumeProgress(state: FormState, startOver: () => void): boolean {
  // A resume link's answers (decision 0030) win over this browser's copy.
  if (!enabled(state) || state.form.querySelector(".cwf-resume-notice--restored")) return false;
  let pairs: [string, string][] = [];
  try {
    pairs = JSON.parse(storage()?.getItem(key(state)) ?? "[]") as [string, string][];
  } catch {
    return false;
  }
  if (!Array.isArray(pairs) || pairs.every(([, value]) => value === "")) return false;
  restore(state, pairs);
  const notice = document.createElement("div");
  notice.className = "cwf-resume";
  notice.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = "Your earlier answers were restored from this browser.";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cwf-resume-reset";
  button.textContent = "Start over";
  button.addEventListener("click", () => {
    clearProgress(state);
    state.form.reset();
    notice.remove();
    startOver();
  });
  notice.append(text, button);
  state.form.prepend(notice);
  return true;
}
