/**
 * Date kind (decision 0028): a "Choose date" button opens a dialog with a month grid (the APG date
 * picker dialog: arrows move by day and week, PageUp/PageDown by month, Shift by year, Home/End to
 * the week's ends, Enter or Space picks, Escape closes and gives focus back). Days outside the
 * field's rules are marked and cannot be picked; the text input keeps YYYY-MM-DD typing.
 */
import type { DateField, FormField } from "@cartwright/commerce/forms";
import { isCalendarDate } from "@cartwright/commerce/forms";
import type { KindContext } from "./context.ts";
import { dateBounds, isAllowed, localToday, longDate, monthGrid, monthTitle, moveByKey, startDate, WEEKDAYS } from "./parts/calendar.ts";
import { adoptKindsCss, fieldInput, h, kindId } from "./parts/dom.ts";

export function enhance(container: HTMLElement, field: FormField, ctx: KindContext): void {
  const input = fieldInput(container, field);
  if (field.type !== "date" || !input || container.querySelector(".cwfk-dialog")) return;
  adoptKindsCss(container);
  const rules: DateField = field;
  const titleId = kindId(ctx.formId, field, "month");
  const opener = h("button", { type: "button", class: "cwfk-button", "aria-haspopup": "dialog", "aria-expanded": "false" }, "Choose date");
  const previous = h("button", { type: "button", class: "cwfk-button", "aria-label": "Previous month" }, "‹");
  const next = h("button", { type: "button", class: "cwfk-button", "aria-label": "Next month" }, "›");
  const title = h("span", { class: "cwfk-month", id: titleId, "aria-live": "polite" });
  const body = h("tbody");
  const head = h("tr", null, ...WEEKDAYS.map(([short, long]) => h("th", { scope: "col", abbr: long }, short)));
  const grid = h("table", { class: "cwfk-grid", role: "grid", "aria-labelledby": titleId }, h("thead", null, head), body);
  const close = h("button", { type: "button", class: "cwfk-button" }, "Close");
  const dialog = h(
    "div",
    { class: "cwfk-dialog", role: "dialog", "aria-modal": "true", "aria-label": `${field.label}: choose a date`, hidden: true },
    h("div", { class: "cwfk-dialog-head" }, previous, title, next),
    grid,
    h("div", { class: "cwfk-row" }, close),
  );
  container.classList.add("cwfk-anchor");
  input.after(h("span", { class: "cwfk-row" }, opener), dialog);

  let focused = localToday();
  let bounds = dateBounds(rules, focused);

  const label = () => {
    const value = input.value.trim();
    opener.setAttribute("aria-label", isCalendarDate(value) ? `Choose date, ${longDate(value)} chosen` : "Choose date");
  };

  const draw = () => {
    title.textContent = monthTitle(focused);
    const chosen = input.value.trim();
    const today = localToday();
    body.replaceChildren(
      ...monthGrid(focused).map((week) =>
        h(
          "tr",
          null,
          ...week.map((day) => {
            if (!day) return h("td");
            const cell = h(
              "td",
              {
                class: "cwfk-day",
                "data-date": day,
                tabindex: day === focused ? 0 : -1,
                "aria-selected": day === chosen ? "true" : "false",
                "aria-disabled": isAllowed(day, bounds) ? undefined : "true",
                "aria-label": longDate(day),
                "data-today": day === today,
              },
              String(Number(day.slice(8))),
            );
            return cell;
          }),
        ),
      ),
    );
  };

  const focusDay = () => body.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  const moveTo = (day: string) => {
    const redraw = day.slice(0, 7) !== focused.slice(0, 7);
    const old = body.querySelector<HTMLElement>(`[data-date="${focused}"]`);
    focused = day;
    if (redraw) draw();
    else {
      old?.setAttribute("tabindex", "-1");
      body.querySelector(`[data-date="${day}"]`)?.setAttribute("tabindex", "0");
    }
    focusDay();
  };

  const open = () => {
    const today = localToday();
    bounds = dateBounds(rules, today);
    focused = startDate(input.value.trim(), today, bounds);
    draw();
    dialog.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    focusDay();
    document.addEventListener("pointerdown", outside, true);
  };
  const shut = (returnFocus: boolean) => {
    dialog.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
    if (returnFocus) opener.focus();
  };
  const outside = (event: Event) => {
    if (!event.composedPath().some((target) => target === dialog || target === opener)) shut(false);
  };
  const pick = (day: string) => {
    if (!isAllowed(day, bounds)) return;
    input.value = day;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
    label();
    ctx.changed();
    shut(true);
  };

  opener.addEventListener("click", () => (dialog.hidden ? open() : shut(true)));
  previous.addEventListener("click", () => {
    focused = moveByKey(focused, "PageUp", false) ?? focused;
    draw();
  });
  next.addEventListener("click", () => {
    focused = moveByKey(focused, "PageDown", false) ?? focused;
    draw();
  });
  close.addEventListener("click", () => shut(true));
  body.addEventListener("click", (event) => {
    const day = (event.target as HTMLElement).closest<HTMLElement>("[data-date]")?.dataset.date;
    if (day) pick(day);
  });
  body.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(focused);
      return;
    }
    const day = moveByKey(focused, event.key, event.shiftKey);
    if (!day) return;
    event.preventDefault();
    moveTo(day);
  });
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      shut(true);
      return;
    }
    if (event.key !== "Tab") return;
    // Focus stays in the dialog while it is open (aria-modal): previous, next, the day, close.
    const stops = [previous, next, body.querySelector<HTMLElement>(`[data-date="${focused}"]`), close].filter(
      (stop): stop is HTMLElement => stop !== null,
    );
    const at = stops.indexOf(activeIn(dialog));
    const target = stops[(at + (event.shiftKey ? stops.length - 1 : 1)) % stops.length];
    event.preventDefault();
    target?.focus();
  });
  input.addEventListener("input", label);
  label();
}

/** The focused element inside `root`, looking through a shadow root when the form is embedded. */
function activeIn(root: HTMLElement): HTMLElement {
  const shadow = root.getRootNode();
  const active = (shadow instanceof ShadowRoot ? shadow.activeElement : document.activeElement) as HTMLElement | null;
  return active ?? root;
}
