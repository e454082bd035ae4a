/** The payment kinds: items with prices in the shop's currency, quantity, visitor's amount, and the total with its summary. */
import { type FormDefinition, formatAmount, orderSummary, paymentTotal } from "@cartwright/commerce/forms";
import { descBlock, describedBy, errorBlock, type FieldCtx, inputAttrs, invalid, label, textOf } from "./context.ts";
import { choiceGroup, choiceInputs, choiceSelect } from "./fields-choice.ts";
import type { FieldBody } from "./fields-text.ts";
import { el, esc } from "./html.ts";

/** The payload's form read as a definition: the pure totals only read its fields. */
export const asDefinition = (ctx: Pick<FieldCtx, "payload">): FormDefinition => ctx.payload.form as unknown as FormDefinition;

const price = (ctx: FieldCtx, minor: number | undefined) => formatAmount(minor ?? 0, ctx.payload.currency);

/** The order summary table and the total, as the server computes them for the current values. */
function total(ctx: FieldCtx, summary: boolean): string {
  const base = `cwf${ctx.formId}`;
  const rows = orderSummary(asDefinition(ctx), ctx.values, ctx.payload.currency);
  const table = summary
    ? el(
        "table",
        { class: "cwf-summary-table" },
        el("caption", { class: "cwf-sr" }, esc(ctx.field.label)) +
          el("thead", {}, el("tr", {}, ["Item", "Quantity", "Price"].map((text) => el("th", { scope: "col" }, text)).join(""))) +
          el(
            "tbody",
            {},
            rows.length === 0
              ? el("tr", {}, el("td", { colspan: 3 }, "Nothing chosen yet."))
              : rows
                  .map((row) =>
                    el(
                      "tr",
                      {},
                      el("td", {}, esc(row.label)) + el("td", {}, esc(row.quantity)) + el("td", {}, esc(price(ctx, row.amountMinor))),
                    ),
                  )
                  .join(""),
          ),
      )
    : "";
  const amount = paymentTotal(asDefinition(ctx), ctx.values, ctx.payload.currency);
  const output = el(
    "p",
    { class: "cwf-total-line" },
    `Total: ${el("output", { class: "cwf-total", id: `${base}-total`, "aria-live": "polite" }, esc(price(ctx, amount)))}`,
  );
  return (
    el("h3", { class: "cwf-label", id: `${base}-${ctx.field.id}-label` }, esc(ctx.field.label)) +
    el("div", { class: "cwf-summary" }, table) +
    output +
    descBlock(ctx) +
    errorBlock(ctx)
  );
}

export function paymentKind(ctx: FieldCtx): FieldBody {
  const field = ctx.field;
  const priced = (choice: { priceMinor?: number }) => price(ctx, choice.priceMinor);
  const data = (choice: { priceMinor?: number }) => ({ "data-price": choice.priceMinor ?? 0 });
  switch (field.type) {
    case "payment-single":
      return {
        html:
          el("p", { class: "cwf-label" }, esc(field.label)) +
          el("p", { class: "cwf-price", "data-price": field.priceMinor }, esc(`Price: ${price(ctx, field.priceMinor)}`)) +
          descBlock(ctx) +
          errorBlock(ctx),
      };
    case "payment-multiple":
      return {
        html: choiceGroup(ctx, choiceInputs(ctx, field.choices, { type: "radio", extra: priced, images: field.showImages, data }), "radio"),
      };
    case "payment-checkbox":
      return {
        html: choiceGroup(
          ctx,
          choiceInputs(ctx, field.choices, { type: "checkbox", extra: priced, images: field.showImages, data }),
          "checkbox",
          field.choiceLimit,
        ),
      };
    case "payment-select":
      return { html: choiceSelect(ctx, field.choices, false, priced) };
    case "payment-quantity": {
      const id = `cwf${ctx.formId}-${field.id}`;
      const chosen = textOf(ctx.input) || field.default || String(field.min);
      const options = Array.from({ length: Math.max(0, field.max - field.min + 1) }, (_, index) => String(field.min + index))
        .map((value) => el("option", { value, selected: value === chosen }, value))
        .join("");
      const select = el(
        "select",
        {
          id,
          name: `forms[fields][${field.id}]`,
          "aria-describedby": describedBy(ctx),
          "aria-invalid": invalid(ctx),
          "data-for-field": field.forField,
        },
        options,
      );
      return { html: label(id, field.label, field.required) + select + descBlock(ctx) + errorBlock(ctx) };
    }
    case "payment-user-amount": {
      const currency = ctx.payload.currency;
      const attrs = inputAttrs(ctx);
      const input = el("input", {
        type: "text",
        ...attrs,
        value: textOf(ctx.input),
        inputmode: "decimal",
        autocomplete: "off",
        placeholder: field.placeholder,
        "aria-required": field.required ? "true" : undefined,
        "data-minimum": field.minimumMinor,
      });
      const affix = (text: string, side: string) =>
        text.trim() ? el("span", { class: `cwf-affix cwf-affix--${side}`, "aria-hidden": "true" }, esc(text.trim())) : "";
      const labelled = label(attrs.id as string, `${field.label} (${currency.code})`, field.required);
      return {
        html:
          labelled +
          el("div", { class: "cwf-amount" }, affix(currency.prefix, "prefix") + input + affix(currency.suffix, "suffix")) +
          descBlock(ctx) +
          errorBlock(ctx),
      };
    }
    case "payment-total":
      return { html: total(ctx, field.summary) };
    default:
      return { html: "" };
  }
}
