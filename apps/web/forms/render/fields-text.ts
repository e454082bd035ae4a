/** Kinds typed into: name, e-mail, text, paragraph, web address, number, phone, password, date, time, signature, card; and the file kinds. */
import { megabytes } from "@cartwright/commerce/forms";
import { descBlock, errorBlock, type FieldCtx, group, inputAttrs, label, legendText, subOf, textOf } from "./context.ts";
import { charactersIn, counterText } from "./counter.ts";
import { type AttrValue, el, esc } from "./html.ts";

/** What a kind renders inside its `.cwf-field`, and the module that enhances it (data-lazy). */
export interface FieldBody {
  html: string;
  lazy?: string;
}

const required = (ctx: FieldCtx): AttrValue => (ctx.field.required ? "true" : undefined);

/** One labelled input, its description and error. */
function single(ctx: FieldCtx, input: string): string {
  return label(inputAttrs(ctx).id as string, ctx.field.label, ctx.field.required) + input + descBlock(ctx) + errorBlock(ctx);
}

/** A sub-input of a group: its label, input and own error. */
function sub(ctx: FieldCtx, name: string, text: string, input: string): string {
  return el(
    "div",
    { class: `cwf-sub cwf-sub--${name}` },
    label(`cwf${ctx.formId}-${ctx.field.id}-${name}`, text, false) + input + errorBlock(ctx, name),
  );
}

function textInput(ctx: FieldCtx, type: string, extra: Record<string, AttrValue>, subName?: string): string {
  const value = subName === undefined ? textOf(ctx.input) : subOf(ctx.input, subName);
  return el("input", {
    type,
    ...inputAttrs(ctx, subName),
    value: type === "password" ? "" : value,
    placeholder: ctx.field.placeholder,
    "aria-required": subName === undefined ? required(ctx) : undefined,
    ...extra,
  });
}

/** Groups of sub-inputs (name parts, e-mail or password with confirmation, card). */
function parts(ctx: FieldCtx, items: [string, string, string][], inputFor: (name: string) => string): string {
  const inner = items.map(([name, text]) => sub(ctx, name, text, inputFor(name))).join("");
  return group(ctx, inner + descBlock(ctx) + errorBlock(ctx));
}

export function textKind(ctx: FieldCtx): FieldBody {
  const field = ctx.field;
  switch (field.type) {
    case "name":
      if (field.format === "simple") return { html: single(ctx, textInput(ctx, "text", { autocomplete: "name" })) };
      return {
        html: parts(
          ctx,
          [
            ["first", "First name", "given-name"],
            ["last", "Last name", "family-name"],
          ],
          (name) =>
            textInput(ctx, "text", { autocomplete: name === "first" ? "given-name" : "family-name", "aria-required": required(ctx) }, name),
        ),
      };
    case "email":
    case "password": {
      const type = field.type;
      const autocomplete = type === "email" ? "email" : "new-password";
      const lazy = type === "password" ? "password" : undefined;
      const body = (html: string): FieldBody => (lazy ? { html, lazy } : { html });
      if (!field.confirmation) return body(single(ctx, textInput(ctx, type, { autocomplete })));
      const names: [string, string, string][] =
        type === "email"
          ? [
              ["primary", "Email", autocomplete],
              ["secondary", "Confirm email", autocomplete],
            ]
          : [
              ["primary", "Password", autocomplete],
              ["secondary", "Confirm password", autocomplete],
            ];
      return body(parts(ctx, names, (name) => textInput(ctx, type, { autocomplete, "aria-required": required(ctx) }, name)));
    }
    case "text": {
      const extra = { maxlength: field.maxLength, "data-mask": field.inputMask };
      const html = single(ctx, textInput(ctx, "text", extra));
      return field.inputMask ? { html, lazy: "mask" } : { html };
    }
    case "tel": {
      const html = single(ctx, textInput(ctx, "tel", { autocomplete: "tel", "data-mask": field.inputMask }));
      return field.inputMask ? { html, lazy: "mask" } : { html };
    }
    case "textarea": {
      const id = `cwf${ctx.formId}-${field.id}`;
      const value = textOf(ctx.input);
      const counter =
        field.maxLength === undefined
          ? ""
          : el(
              "p",
              { class: "cwf-counter", id: `${id}-counter`, "data-max": field.maxLength },
              esc(counterText(charactersIn(value), field.maxLength)),
            );
      const attrs = inputAttrs(ctx);
      if (counter) attrs["aria-describedby"] = `${attrs["aria-describedby"]} ${id}-counter`;
      const area = el(
        "textarea",
        { ...attrs, rows: 5, maxlength: field.maxLength, placeholder: field.placeholder, "aria-required": required(ctx) },
        esc(value),
      );
      return { html: label(id, field.label, field.required) + area + counter + descBlock(ctx) + errorBlock(ctx) };
    }
    case "url":
      return { html: single(ctx, textInput(ctx, "text", { inputmode: "url", autocomplete: "url" })) };
    case "number":
      return {
        html: single(ctx, textInput(ctx, "number", { min: field.min, max: field.max, step: field.step ?? "any", inputmode: "decimal" })),
      };
    case "date":
      return {
        html: single(
          ctx,
          textInput(ctx, "text", {
            inputmode: "numeric",
            placeholder: "YYYY-MM-DD",
            autocomplete: "off",
            "data-min": field.minDate,
            "data-max": field.maxDate,
            "data-min-days-ahead": field.minDaysAhead,
          }),
        ),
        lazy: "date",
      };
    case "time":
      return {
        html: single(
          ctx,
          textInput(ctx, "text", {
            placeholder: field.format === "12h" ? "9:30 AM" : "17:30",
            autocomplete: "off",
            "data-format": field.format,
            "data-min": field.minTime,
            "data-max": field.maxTime,
          }),
        ),
        lazy: "time",
      };
    case "signature": {
      const id = `cwf${ctx.formId}-${field.id}`;
      const typed = textOf(ctx.input).startsWith("data:") ? "" : textOf(ctx.input);
      const hint = el("p", { class: "cwf-hint", id: `${id}-hint` }, "Type your full name to sign.");
      const attrs = inputAttrs(ctx);
      const input = el("input", {
        type: "text",
        ...attrs,
        "aria-describedby": `${id}-hint ${attrs["aria-describedby"]}`,
        value: typed,
        autocomplete: "name",
        "aria-required": required(ctx),
      });
      return { html: label(id, field.label, field.required) + hint + input + descBlock(ctx) + errorBlock(ctx), lazy: "signature" };
    }
    case "credit-card": {
      const items: [string, string, string][] = [
        ["number", "Card number", "cc-number"],
        ["expiry", "Expiry (MM/YY)", "cc-exp"],
        ["cvc", "Security code", "cc-csc"],
        ["name", "Name on card", "cc-name"],
      ];
      // The number and security code are never written back into a page.
      const html = parts(ctx, items, (name) => {
        const autocomplete = items.find((item) => item[0] === name)?.[2];
        const secret = name === "number" || name === "cvc";
        return el("input", {
          type: "text",
          ...inputAttrs(ctx, name),
          value: secret ? "" : subOf(ctx.input, name),
          autocomplete,
          inputmode: name === "name" ? undefined : "numeric",
          placeholder: name === "expiry" ? "MM/YY" : undefined,
          "aria-required": name === "name" ? undefined : required(ctx),
        });
      });
      return { html, lazy: "card" };
    }
    case "camera":
    case "file-upload":
      return fileKind(ctx);
    default:
      return { html: "" };
  }
}

function fileKind(ctx: FieldCtx): FieldBody {
  const field = ctx.field;
  if (field.type !== "camera" && field.type !== "file-upload") return { html: "" };
  const id = `cwf${ctx.formId}-${field.id}`;
  const maxFiles = field.type === "file-upload" ? field.maxFiles : 1;
  const rules = `${field.extensions.join(", ")}; up to ${megabytes(field.maxFileBytes)} MB each${maxFiles > 1 ? `, at most ${maxFiles} files` : ""}.`;
  const note = el("p", { class: "cwf-hint", id: `${id}-hint` }, esc(`Accepted: ${rules}`));
  const again = ctx.posted
    ? el("p", { class: "cwf-again", id: `${id}-again` }, "Files are not kept after a failed send: please choose your files again.")
    : "";
  const attrs = inputAttrs(ctx);
  const input = el("input", {
    type: "file",
    ...attrs,
    "aria-describedby": [`${id}-hint`, ctx.posted && `${id}-again`, attrs["aria-describedby"]].filter(Boolean).join(" "),
    accept: field.type === "camera" ? "image/*" : field.extensions.map((ext) => `.${ext}`).join(","),
    capture: field.type === "camera" ? "user" : undefined,
    multiple: maxFiles > 1,
    "data-max-file-bytes": field.maxFileBytes,
    "data-max-files": maxFiles,
  });
  return {
    html:
      el("label", { for: id, class: "cwf-label" }, legendText(field.label, field.required)) +
      note +
      again +
      input +
      descBlock(ctx) +
      errorBlock(ctx),
    lazy: field.type === "camera" ? "camera" : "upload",
  };
}
