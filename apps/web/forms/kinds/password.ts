/**
 * Password kind (decision 0028): a strength meter reading the server's own rule
 * (`passwordClassLevel`: Weak, Medium, Strong), announced politely when its word changes, and a
 * show/hide toggle for the password and its confirmation.
 */
import type { FormField } from "@cartwright/commerce/forms";
import { passwordClassLevel } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, h, kindId, politeStatus } from "./parts/dom.ts";

export const STRENGTH_WORDS = ["Too weak", "Weak", "Medium", "Strong"] as const;

/** What the meter says for a password: empty for none; the needed level when the field asks for one. */
export function strengthText(password: string, minStrength: number): string {
  if (password === "") return "";
  const level = passwordClassLevel(password);
  const needed = minStrength > 0 && level < minStrength ? ` (${STRENGTH_WORDS[minStrength]} needed)` : "";
  return `Password strength: ${STRENGTH_WORDS[level]}${needed}`;
}

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const inputs = [...container.querySelectorAll<HTMLInputElement>('input[type="password"]')];
  const primary = inputs[0];
  if (field.type !== "password" || !primary || container.querySelector(".cwfk-meter")) return;
  adoptKindsCss(container);
  const minStrength = field.minStrength;
  const bar = h("span", { class: "cwfk-meter", "aria-hidden": "true", "data-level": "0" }, h("span"));
  const status = politeStatus("cwfk-hint");
  status.element.id = kindId(ctx.formId, field, "strength");
  const toggle = h("button", { type: "button", class: "cwfk-button" }, "Show password");
  primary.after(bar, status.element, h("span", { class: "cwfk-row" }, toggle));
  primary.setAttribute("aria-describedby", `${primary.getAttribute("aria-describedby") ?? ""} ${status.element.id}`.trim());

  const update = () => {
    bar.dataset.level = String(primary.value === "" ? 0 : passwordClassLevel(primary.value));
    status.say(strengthText(primary.value, minStrength));
  };
  primary.addEventListener("input", update);
  toggle.addEventListener("click", () => {
    const show = primary.type === "password";
    for (const input of inputs) input.type = show ? "text" : "password";
    toggle.textContent = show ? "Hide password" : "Show password";
  });
  update();
}
