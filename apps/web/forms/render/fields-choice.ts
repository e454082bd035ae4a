/** Kinds chosen from: dropdown, radio, checkboxes, rating, likert, image choice, terms, and the address. */
import { type Choice, COUNTRIES_WITHOUT_STATES, type FormCountry } from "@cartwright/commerce/forms";
import { descBlock, describedBy, errorBlock, type FieldCtx, group, invalid, label, listOf, subOf, textOf } from "./context.ts";
import type { FieldBody } from "./fields-text.ts";
import { el, esc } from "./html.ts";

export interface ChoiceOptions {
  type: "radio" | "checkbox";
  /** Text after the label (a price). */
  extra?: (choice: Choice) => string;
  images?: boolean;
  /** Data attributes per input (a price in minor units). */
  data?: (choice: Choice) => Record<string, string | number>;
}

/** Radio buttons or checkboxes, one labelled input per choice. */
export function choiceInputs(ctx: FieldCtx, choices: Choice[], options: ChoiceOptions): string {
  const chosen = listOf(ctx.input);
  const name = options.type === "checkbox" ? `forms[fields][${ctx.field.id}][]` : `forms[fields][${ctx.field.id}]`;
  return choices
    .map((choice) => {
      const id = `cwf${ctx.formId}-${ctx.field.id}-${choice.id}`;
      const image =
        options.images && choice.imageUrl ? el("img", { class: "cwf-choice-image", src: choice.imageUrl, alt: "", loading: "lazy" }) : "";
      // The dash and its spaces are text, not a stylesheet's: the name read out is "Premium – $28.00", as in a select.
      const text =
        esc(choice.label) + (options.extra ? ` ${el("span", { class: "cwf-choice-extra" }, esc(`– ${options.extra(choice)}`))}` : "");
      const input = el("input", {
        type: options.type,
        id,
        name,
        value: choice.id,
        checked: chosen.includes(String(choice.id)),
        "aria-describedby": describedBy(ctx),
        "aria-invalid": options.type === "checkbox" ? invalid(ctx) : undefined,
        ...(options.data?.(choice) ?? {}),
      });
      return el(
        "div",
        { class: `cwf-choice${image ? " cwf-choice--image" : ""}` },
        input + el("label", { for: id }, image + el("span", {}, text)),
      );
    })
    .join("");
}

/** A fieldset of choices; radio groups carry radiogroup and aria-required / aria-invalid. */
export function choiceGroup(ctx: FieldCtx, inner: string, type: "radio" | "checkbox", limit = 0): string {
  const extra =
    type === "radio"
      ? { role: "radiogroup", "aria-required": ctx.field.required ? "true" : undefined, "aria-invalid": invalid(ctx) }
      : { "data-choice-limit": limit > 0 ? limit : undefined };
  const note = limit > 0 ? el("p", { class: "cwf-hint" }, esc(`Choose up to ${limit}.`)) : "";
  return group(ctx, el("div", { class: "cwf-choices" }, inner) + note + descBlock(ctx) + errorBlock(ctx), extra);
}

/** A select of choices; a single one starts with an empty "Choose" option. */
export function choiceSelect(ctx: FieldCtx, choices: Choice[], multiple: boolean, extra?: (choice: Choice) => string): string {
  const chosen = listOf(ctx.input);
  const id = `cwf${ctx.formId}-${ctx.field.id}`;
  const first = multiple ? "" : el("option", { value: "" }, esc(ctx.field.placeholder || "Choose an option"));
  const options = choices
    .map((choice) =>
      el(
        "option",
        { value: choice.id, selected: chosen.includes(String(choice.id)) },
        esc(choice.label + (extra ? ` – ${extra(choice)}` : "")),
      ),
    )
    .join("");
  const select = el(
    "select",
    {
      id,
      name: multiple ? `forms[fields][${ctx.field.id}][]` : `forms[fields][${ctx.field.id}]`,
      multiple,
      "aria-describedby": describedBy(ctx),
      "aria-invalid": invalid(ctx),
      "aria-required": ctx.field.required ? "true" : undefined,
    },
    first + options,
  );
  return label(id, ctx.field.label, ctx.field.required) + select + descBlock(ctx) + errorBlock(ctx);
}

function rating(ctx: FieldCtx, scale: number): string {
  const chosen = textOf(ctx.input);
  const stars = Array.from({ length: scale }, (_, index) => {
    const value = String(index + 1);
    const id = `cwf${ctx.formId}-${ctx.field.id}-${value}`;
    const input = el("input", {
      type: "radio",
      id,
      name: `forms[fields][${ctx.field.id}]`,
      value,
      checked: chosen === value,
      "aria-describedby": describedBy(ctx),
      class: "cwf-star-input",
    });
    const words = `${value} ${value === "1" ? "star" : "stars"}`;
    return (
      input + el("label", { for: id, class: "cwf-star" }, `<span aria-hidden="true">★</span>${el("span", { class: "cwf-sr" }, esc(words))}`)
    );
  }).join("");
  return choiceGroup(ctx, el("div", { class: "cwf-stars" }, stars), "radio");
}

function likert(ctx: FieldCtx, rows: string[], columns: string[], multiple: boolean): string {
  const base = `cwf${ctx.formId}-${ctx.field.id}`;
  const head = el(
    "tr",
    {},
    el("td", {}, "") + columns.map((column, c) => el("th", { scope: "col", id: `${base}-col${c + 1}` }, esc(column))).join(""),
  );
  const body = rows
    .map((row, r) => {
      const sub = String(r + 1);
      const chosen = (() => {
        const input = ctx.input;
        if (!input || typeof input !== "object" || Array.isArray(input)) return [];
        return listOf(input[sub]);
      })();
      const cells = columns
        .map((_, c) => {
          const value = String(c + 1);
          return el(
            "td",
            {},
            el("input", {
              type: multiple ? "checkbox" : "radio",
              id: `${base}-${sub}-${value}`,
              name: `forms[fields][${ctx.field.id}][${sub}]${multiple ? "[]" : ""}`,
              value,
              checked: chosen.includes(value),
              "aria-labelledby": `${base}-row${sub} ${base}-col${value}`,
              "aria-describedby": describedBy(ctx, sub),
              "aria-invalid": multiple ? invalid(ctx, sub) : undefined,
            }),
          );
        })
        .join("");
      const header = el("th", { scope: "row" }, el("span", { id: `${base}-row${sub}` }, esc(row)) + errorBlock(ctx, sub));
      return el("tr", {}, header + cells);
    })
    .join("");
  const table = el("table", { class: "cwf-likert" }, el("thead", {}, head) + el("tbody", {}, body));
  return group(ctx, el("div", { class: "cwf-likert-scroll" }, table) + descBlock(ctx) + errorBlock(ctx));
}

/** Countries in the select: the field's preferred ones first, then the rest as given. */
function orderedCountries(countries: FormCountry[], preferred: string[]): FormCountry[] {
  const first = preferred.flatMap((code) => countries.filter((country) => country.code === code.toUpperCase()));
  return [...first, ...countries.filter((country) => !first.includes(country))];
}

function address(ctx: FieldCtx): string {
  const field = ctx.field;
  if (field.type !== "address") return "";
  const base = `cwf${ctx.formId}-${field.id}`;
  const required = field.required ? "true" : undefined;
  const country = (subOf(ctx.input, "country") || field.defaultCountry || "").toUpperCase();
  const stateless = (field.countriesWithoutStates ?? COUNTRIES_WITHOUT_STATES).includes(country);
  const states = ctx.payload.countries.find((item) => item.code === country)?.states ?? [];
  const sub = (name: string, text: string, input: string) =>
    el("div", { class: `cwf-sub cwf-sub--${name}` }, label(`${base}-${name}`, text, false) + input + errorBlock(ctx, name));
  const common = (name: string) => ({
    id: `${base}-${name}`,
    name: `forms[fields][${field.id}][${name}]`,
    "aria-describedby": describedBy(ctx, name),
    "aria-invalid": invalid(ctx, name),
  });
  const text = (name: string, autocomplete: string, isRequired: boolean) =>
    el("input", {
      type: "text",
      ...common(name),
      value: subOf(ctx.input, name),
      autocomplete,
      "aria-required": isRequired && field.required ? "true" : undefined,
    });
  const countrySelect = el(
    "select",
    { ...common("country"), autocomplete: "country", "aria-required": required },
    el("option", { value: "" }, "Choose a country") +
      orderedCountries(ctx.payload.countries, field.preferredCountries)
        .map((item) => el("option", { value: item.code, selected: item.code === country }, esc(item.name)))
        .join(""),
  );
  // Without JavaScript the list cannot follow a changed country: a text input takes any state.
  let stateInput: string;
  if (ctx.scripted && stateless)
    stateInput = el("input", { type: "text", ...common("state"), value: "", disabled: true, autocomplete: "address-level1" });
  else if (ctx.scripted && states.length > 0) {
    const chosen = subOf(ctx.input, "state");
    stateInput = el(
      "select",
      { ...common("state"), autocomplete: "address-level1", "aria-required": required },
      el("option", { value: "" }, "Choose a state") +
        states.map((state) => el("option", { value: state.code, selected: state.code === chosen }, esc(state.name))).join(""),
    );
  } else stateInput = text("state", "address-level1", false);
  // The country comes first: the state input follows it.
  const inner =
    sub("country", "Country", countrySelect) +
    sub("address1", "Address line 1", text("address1", "address-line1", true)) +
    (field.address2 ? sub("address2", "Address line 2", text("address2", "address-line2", false)) : "") +
    sub("city", "City", text("city", "address-level2", true)) +
    sub("state", "State / County", stateInput) +
    sub("postal", "Postcode", text("postal", "postal-code", true));
  return group(ctx, inner + descBlock(ctx) + errorBlock(ctx), {
    "data-countries-without-states": (field.countriesWithoutStates ?? COUNTRIES_WITHOUT_STATES).join(" "),
  });
}

export function choiceKind(ctx: FieldCtx): FieldBody {
  const field = ctx.field;
  switch (field.type) {
    case "select":
      return { html: choiceSelect(ctx, field.choices, field.multiple) };
    case "radio":
      return { html: choiceGroup(ctx, choiceInputs(ctx, field.choices, { type: "radio" }), "radio") };
    case "checkbox":
      return { html: choiceGroup(ctx, choiceInputs(ctx, field.choices, { type: "checkbox" }), "checkbox", field.choiceLimit) };
    case "image-choice": {
      const type = field.multiple ? "checkbox" : "radio";
      return {
        html: choiceGroup(ctx, choiceInputs(ctx, field.choices, { type, images: true }), type, field.multiple ? field.choiceLimit : 0),
      };
    }
    case "rating":
      return { html: rating(ctx, field.scale) };
    case "likert":
      return { html: likert(ctx, field.rows, field.columns, field.multiple) };
    case "checkbox-terms": {
      const id = `cwf${ctx.formId}-${field.id}`;
      const box = el("input", {
        type: "checkbox",
        id,
        name: `forms[fields][${field.id}]`,
        value: "1",
        checked: textOf(ctx.input) !== "",
        "aria-describedby": describedBy(ctx),
        "aria-invalid": invalid(ctx),
        "aria-required": field.required ? "true" : undefined,
      });
      return {
        html: group(
          ctx,
          el("div", { class: "cwf-choice" }, box + el("label", { for: id }, esc(field.text))) + descBlock(ctx) + errorBlock(ctx),
        ),
      };
    }
    case "address":
      return { html: address(ctx) };
    default:
      return { html: "" };
  }
}
