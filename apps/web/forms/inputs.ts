/**
 * Input behaviour (spec §5.4): number inputs take "-", digits and "."; visitor amounts take digits,
 * "." and "," and are reformatted on leaving; a web address gets "https://" on change; an address
 * whose country has no states clears, disables and un-requires its state; e-mail typos are offered
 * as a button that applies the suggestion.
 */
import { type FormField, formatInputAmount, parseAmount, withScheme } from "@cartwright/commerce/forms";
import { loadRules } from "./checks.ts";
import { fieldContainer } from "./dom.ts";
import type { FormState } from "./state.ts";

const NUMBER_KEYS = /^[-0-9.]$/;
const AMOUNT_KEYS = /^[0-9.,]$/;

export function fieldOf(state: FormState, fieldId: number | null): FormField | undefined {
  return fieldId === null ? undefined : state.definition.fields.find((field) => field.id === fieldId);
}

/** Keys a field's text input refuses (number and amount inputs); true when the key was refused. */
export function refuseKey(field: FormField | undefined, event: KeyboardEvent): boolean {
  if (!field || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
  const allowed = field.type === "number" ? NUMBER_KEYS : field.type === "payment-user-amount" ? AMOUNT_KEYS : null;
  if (!allowed || allowed.test(event.key)) return false;
  event.preventDefault();
  return true;
}

/** What typing or pasting left is cleaned the same way (only text inputs can be cleaned: a number input hides its text). */
export function cleanInput(field: FormField | undefined, input: HTMLInputElement): void {
  if (!field || input.type === "number") return;
  const refused = field.type === "number" ? /[^-0-9.]/g : field.type === "payment-user-amount" ? /[^0-9.,]/g : null;
  const cleaned = refused ? input.value.replace(refused, "") : input.value;
  if (cleaned !== input.value) input.value = cleaned;
}

/** Leaving a visitor amount writes it in the shop's currency format. */
export function formatAmountInput(state: FormState, field: FormField | undefined, input: HTMLInputElement): void {
  if (field?.type !== "payment-user-amount" || input.value.trim() === "") return;
  const minor = parseAmount(input.value, state.payload.currency);
  if (minor !== null) input.value = formatInputAmount(minor, state.payload.currency);
}

export function addScheme(field: FormField | undefined, input: HTMLInputElement): void {
  if (field?.type === "url" && input.value.trim() !== "") input.value = withScheme(input.value.trim());
}

/** The state input follows the country: none for countries without states, a list for those with states, else free text. */
export function syncAddressState(state: FormState, field: FormField | undefined): void {
  if (field?.type !== "address") return;
  const prefix = `cwf${state.formId}-${field.id}`;
  const container = fieldContainer(state.form, field.id);
  const country = container?.querySelector<HTMLSelectElement | HTMLInputElement>(`#${prefix}-country`);
  let region = container?.querySelector<HTMLSelectElement | HTMLInputElement>(`#${prefix}-state`);
  if (!container || !country || !region) return;
  const code = country.value;
  const listed = container.querySelector("[data-countries-without-states]")?.getAttribute("data-countries-without-states");
  const without = listed?.split(/\s+/) ?? field.countriesWithoutStates ?? [];
  const states = state.payload.countries.find((entry) => entry.code === code)?.states ?? [];
  const stateless = without.includes(code);
  const wantsList = !stateless && states.length > 0;
  if (wantsList !== region instanceof HTMLSelectElement) region = swapStateInput(region, wantsList);
  if (region instanceof HTMLSelectElement) fillStates(region, states);
  if (stateless) region.value = "";
  // A field logic hides keeps its inputs disabled (live.ts marks them).
  region.disabled = stateless || region.dataset.cwfLogicDisabled !== undefined;
  const required = !stateless && field.required;
  region.required = false;
  if (required) region.setAttribute("aria-required", "true");
  else region.removeAttribute("aria-required");
}

/** A select of states for countries that have them, a text input for the others (same id, name and descriptions). */
function swapStateInput(old: HTMLSelectElement | HTMLInputElement, list: boolean): HTMLSelectElement | HTMLInputElement {
  const made = list ? document.createElement("select") : document.createElement("input");
  for (const name of ["id", "name", "aria-describedby", "autocomplete"]) {
    const value = old.getAttribute(name);
    if (value !== null) made.setAttribute(name, value);
  }
  if (made instanceof HTMLInputElement) made.type = "text";
  old.replaceWith(made);
  return made;
}

function fillStates(select: HTMLSelectElement, states: { code: string; name: string }[]): void {
  const codes = [...select.options].map((option) => option.value).filter(Boolean);
  if (codes.length === states.length && states.every((s, i) => s.code === codes[i])) return;
  const kept = select.value;
  select.replaceChildren(new Option("Choose a state", ""), ...states.map((s) => new Option(s.name, s.code, false, s.code === kept)));
}

/** Spec §5.4: on leaving an e-mail input, a likely typo is offered; clicking the offer applies it. */
export async function offerEmailSuggestion(state: FormState, field: FormField | undefined, input: HTMLInputElement): Promise<void> {
  if (field?.type !== "email" || !field.suggestTypos || input.id.endsWith("-secondary")) return;
  const container = fieldContainer(state.form, field.id);
  if (!container) return;
  container.querySelector(".cwf-suggestion")?.remove();
  const { suggestEmail } = await loadRules();
  const suggestion = suggestEmail(input.value, field.suggestionDomains);
  if (!suggestion || suggestion === input.value.trim()) return;
  const offer = document.createElement("p");
  offer.className = "cwf-suggestion";
  offer.id = `${input.id}-suggestion`;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cwf-suggestion-apply";
  button.textContent = suggestion;
  offer.append("Did you mean ", button, "?");
  button.addEventListener("click", () => {
    input.value = suggestion;
    offer.remove();
    input.focus();
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  input.insertAdjacentElement("afterend", offer);
}
