/**
 * Mask kind (decision 0028): a text or tel input with an owner's mask ("9" a digit, "a" a letter,
 * "*" either) is kept in the mask's shape as it is typed or pasted, the caret staying after the
 * same character; the shape is shown as a hint. The server's check is `isMaskComplete`.
 */
import type { FormField } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, fieldInput, h, kindId } from "./parts/dom.ts";
import { applyMask, caretAfterData, dataBefore, maskPlaceholder } from "./parts/mask-format.ts";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const input = fieldInput(container, field);
  const mask = field.type === "text" || field.type === "tel" ? field.inputMask : undefined;
  if (!input || !mask || input.dataset.masked !== undefined) return;
  adoptKindsCss(container);
  input.dataset.masked = "";
  const shape = maskPlaceholder(mask);
  if (!input.placeholder) input.placeholder = shape;
  const hint = h("span", { class: "cwfk-hint", id: kindId(ctx.formId, field, "mask") }, `Format: ${shape}`);
  input.after(hint);
  input.setAttribute("aria-describedby", `${input.getAttribute("aria-describedby") ?? ""} ${hint.id}`.trim());
  input.maxLength = mask.length;

  const reshape = () => {
    const caret = input.selectionStart ?? input.value.length;
    const count = dataBefore(input.value, caret);
    const masked = applyMask(mask, input.value);
    if (masked === input.value) return;
    input.value = masked;
    const at = caretAfterData(mask, masked, count);
    input.setSelectionRange(at, at);
  };
  input.addEventListener("input", reshape);
  if (input.value) input.value = applyMask(mask, input.value);
}
