/**
 * Card kind (decision 0028): the number written in its brand's groups as it is typed (caret kept
 * after the same digit), the brand named beside it, the Luhn and length check of the server's own
 * library (card-validator) said on leaving the number, expiry typed as MM / YY, the security code
 * cut to the brand's length, and the autocomplete names browsers fill cards by.
 */
import type { FormField } from "@cartwright/commerce/forms";
import { FORM_MESSAGES } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { cardState, formatExpiry } from "./parts/card-format.ts";
import { adoptKindsCss, fieldInput, kindId, politeStatus } from "./parts/dom.ts";

/** Where the caret goes in `formatted` to stand after its `digits`-th digit. */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index] as string)) seen++;
    if (seen === digits) return index + 1;
  }
  return formatted.length;
}

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const number = fieldInput(container, field, "number");
  const expiry = fieldInput(container, field, "expiry");
  const cvc = fieldInput(container, field, "cvc");
  if (field.type !== "credit-card" || !number || container.querySelector(".cwfk-brand")) return;
  adoptKindsCss(container);
  const name = fieldInput(container, field, "name");
  const set = (input: HTMLInputElement | null, autocomplete: string, numeric: boolean) => {
    if (!input) return;
    input.setAttribute("autocomplete", autocomplete);
    input.spellcheck = false;
    if (numeric) input.inputMode = "numeric";
  };
  set(number, "cc-number", true);
  set(expiry, "cc-exp", true);
  set(cvc, "cc-csc", true);
  set(name, "cc-name", false);
  if (expiry && !expiry.placeholder) expiry.placeholder = "MM / YY";

  const brand = politeStatus("cwfk-brand");
  brand.element.id = kindId(ctx.formId, field, "brand");
  number.after(brand.element);
  number.setAttribute("aria-describedby", `${number.getAttribute("aria-describedby") ?? ""} ${brand.element.id}`.trim());

  const describe = (leaving: boolean) => {
    const state = cardState(number.value);
    const digits = number.value.replace(/\D/g, "").length;
    const wrong = digits > 0 && (!state.potentiallyValid || (leaving && !state.valid));
    brand.say([state.brand, wrong ? FORM_MESSAGES.creditCard : ""].filter(Boolean).join(": "));
    if (cvc) {
      cvc.maxLength = state.code.size;
      cvc.placeholder = state.code.name;
      if (cvc.value.length > state.code.size) cvc.value = cvc.value.slice(0, state.code.size);
    }
    return state;
  };

  number.addEventListener("input", () => {
    const caret = number.selectionStart ?? number.value.length;
    const digitsBefore = number.value.slice(0, caret).replace(/\D/g, "").length;
    const state = describe(false);
    if (number.value !== state.formatted) {
      number.value = state.formatted;
      const at = caretAfterDigits(state.formatted, digitsBefore);
      number.setSelectionRange(at, at);
    }
  });
  number.addEventListener("blur", () => describe(true));
  expiry?.addEventListener("input", (event) => {
    const inserting = (event as InputEvent).inputType?.startsWith("insert") ?? true;
    const formatted = formatExpiry(expiry.value, inserting);
    if (formatted !== expiry.value) expiry.value = formatted;
  });
  cvc?.addEventListener("input", () => {
    const digits = cvc.value.replace(/\D/g, "").slice(0, cvc.maxLength > 0 ? cvc.maxLength : 4);
    if (digits !== cvc.value) cvc.value = digits;
  });
  if (number.value) number.value = cardState(number.value).formatted;
  describe(false);
}
