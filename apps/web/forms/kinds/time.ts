/**
 * Time kind (decision 0028): the text input becomes a combobox with a listbox of times every 15
 * minutes inside the field's min/max (wrapping past midnight as the rule does), written in the
 * field's 12h or 24h format. Typing stays free; Down opens the list, Up/Down move, Enter picks,
 * Escape closes (the APG combobox with a list).
 */
import type { FormField, TimeField } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { adoptKindsCss, fieldInput, h, kindId } from "./parts/dom.ts";
import { matchingSlot, slotLabels } from "./parts/time-slots.ts";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const input = fieldInput(container, field);
  if (field.type !== "time" || !input || container.querySelector(".cwfk-listbox")) return;
  adoptKindsCss(container);
  const rules: TimeField = field;
  const labels = slotLabels(rules);
  const listId = kindId(ctx.formId, field, "times");
  const list = h("ul", { class: "cwfk-listbox", id: listId, role: "listbox", "aria-label": `${field.label}: times`, hidden: true });
  labels.forEach((text, index) => {
    list.append(h("li", { class: "cwfk-option", id: `${listId}-${index}`, role: "option", "aria-selected": "false" }, text));
  });
  const opener = h(
    "button",
    { type: "button", class: "cwfk-button", tabindex: -1, "aria-label": "Show times", "aria-controls": listId, "aria-expanded": "false" },
    "▾",
  );
  container.classList.add("cwfk-anchor");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", listId);
  input.setAttribute("aria-expanded", "false");
  input.autocomplete = "off";
  input.after(opener, list);

  let active = -1;
  const options = () => [...list.children] as HTMLElement[];
  const highlight = (index: number) => {
    for (const [at, option] of options().entries()) option.setAttribute("aria-selected", at === index ? "true" : "false");
    active = index;
    const option = options()[index];
    if (option) {
      input.setAttribute("aria-activedescendant", option.id);
      option.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const open = () => {
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
    opener.setAttribute("aria-expanded", "true");
    highlight(Math.max(0, matchingSlot(labels, input.value, rules.format)));
  };
  const shut = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    opener.setAttribute("aria-expanded", "false");
    highlight(-1);
  };
  const pick = (index: number) => {
    const text = labels[index];
    if (text === undefined) return;
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    ctx.changed();
    shut();
  };

  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (list.hidden) return open();
      const step = event.key === "ArrowDown" ? 1 : -1;
      highlight((active + step + labels.length) % labels.length);
    } else if (event.key === "Enter" && !list.hidden && active >= 0) {
      // Picking is all Enter does here: the runtime's Enter (next page, or submit) must not follow.
      event.preventDefault();
      event.stopPropagation();
      pick(active);
    } else if (event.key === "Escape" && !list.hidden) {
      event.preventDefault();
      event.stopPropagation();
      shut();
    }
  });
  input.addEventListener("input", () => {
    if (!list.hidden) highlight(matchingSlot(labels, input.value, rules.format));
  });
  input.addEventListener("blur", () => shut());
  // Pressing an option or the button must not take focus from the input (the combobox keeps it).
  list.addEventListener("pointerdown", (event) => event.preventDefault());
  opener.addEventListener("pointerdown", (event) => event.preventDefault());
  list.addEventListener("click", (event) => {
    const option = (event.target as HTMLElement).closest<HTMLElement>("[role=option]");
    if (option) pick(options().indexOf(option));
  });
  opener.addEventListener("click", () => {
    if (list.hidden) open();
    else shut();
    input.focus();
  });
}
