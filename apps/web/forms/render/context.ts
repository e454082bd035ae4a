/** What one field's renderer reads, and the pieces every field shares (label, description, error, wrapper). */
import type { FormField, FormInput, FormPagePayload, FormValues } from "@cartwright/commerce/forms";
import { type AttrValue, el, esc, ids } from "./html.ts";

export type FieldError = string | Record<string, string> | undefined;

export interface FieldCtx {
  formId: number;
  field: FormField;
  /** The kept value (a failed post) or the field's starting value. */
  input: FormInput | undefined;
  error: FieldError;
  payload: FormPagePayload;
  /** Every field's current values (totals read them). */
  values: FormValues;
  /** True when the values come back from a post (files must then be chosen again). */
  posted: boolean;
  scripted: boolean;
}

/** `cwf{F}-{id}` or `cwf{F}-{id}-{sub}`. */
export const idOf = (ctx: FieldCtx, sub?: string | number): string =>
  sub === undefined ? `cwf${ctx.formId}-${ctx.field.id}` : `cwf${ctx.formId}-${ctx.field.id}-${sub}`;

/** The field's own message (a text error), or a sub-input's (an error by sub-input). */
export function errorOf(ctx: FieldCtx, sub?: string): string | undefined {
  if (sub === undefined) return typeof ctx.error === "string" ? ctx.error : undefined;
  return typeof ctx.error === "object" ? ctx.error[sub] : undefined;
}

/** The error paragraph, present even when empty so the runtime can fill it. */
export function errorBlock(ctx: FieldCtx, sub?: string): string {
  const message = errorOf(ctx, sub);
  const id = sub === undefined ? `${idOf(ctx)}-error` : `${idOf(ctx, sub)}-error`;
  return el("p", { class: "cwf-error", id, hidden: message === undefined }, message === undefined ? "" : esc(message));
}

export const descId = (ctx: FieldCtx) => `${idOf(ctx)}-desc`;

export function descBlock(ctx: FieldCtx): string {
  return ctx.field.description ? el("p", { class: "cwf-description", id: descId(ctx) }, esc(ctx.field.description)) : "";
}

/** aria-describedby of an input: the description, the field's error, the sub-input's error. */
export function describedBy(ctx: FieldCtx, sub?: string): string {
  return ids(ctx.field.description ? descId(ctx) : undefined, `${idOf(ctx)}-error`, sub !== undefined && `${idOf(ctx, sub)}-error`);
}

/** aria-invalid for an input with a message of its own or of its field. */
export const invalid = (ctx: FieldCtx, sub?: string): AttrValue =>
  errorOf(ctx) !== undefined || (sub !== undefined && errorOf(ctx, sub) !== undefined) ? "true" : undefined;

const STAR = '<span class="cwf-required" aria-hidden="true">*</span>';

/** A label's text with the required star (the input itself says aria-required). */
export function labelText(text: string, required: boolean): string {
  return required ? `${esc(text)} ${STAR}` : esc(text);
}

/** A legend's text: the star, and "required" in words for screen readers (groups have no aria-required). */
export function legendText(text: string, required: boolean): string {
  return required ? `${esc(text)} ${STAR}<span class="cwf-sr"> (required)</span>` : esc(text);
}

export function label(forId: string, text: string, required: boolean): string {
  return el("label", { for: forId, class: "cwf-label" }, labelText(text, required));
}

/** The common attributes of a text-like input. */
export function inputAttrs(ctx: FieldCtx, sub?: string): Record<string, AttrValue> {
  return {
    id: idOf(ctx, sub),
    name: sub === undefined ? `forms[fields][${ctx.field.id}]` : `forms[fields][${ctx.field.id}][${sub}]`,
    "aria-describedby": describedBy(ctx, sub),
    "aria-invalid": invalid(ctx, sub),
  };
}

/** The input's text value. */
export function textOf(input: FormInput | undefined): string {
  if (typeof input === "string") return input;
  if (Array.isArray(input)) return input[0] ?? "";
  return "";
}

/** A sub-input's text value. */
export function subOf(input: FormInput | undefined, sub: string): string {
  if (!input || typeof input !== "object" || Array.isArray(input)) return "";
  return textOf(input[sub]);
}

/** The chosen values of a list input. */
export function listOf(input: FormInput | undefined): string[] {
  if (typeof input === "string") return input === "" ? [] : [input];
  return Array.isArray(input) ? input : [];
}

/** A fieldset with its legend (groups: name parts, choices, address, likert, rating, email with confirmation). */
export function group(ctx: FieldCtx, inner: string, extra: Record<string, AttrValue> = {}): string {
  const legend = el("legend", { class: "cwf-legend" }, legendText(ctx.field.label, ctx.field.required));
  return el(
    "fieldset",
    { class: "cwf-group", "aria-describedby": ctx.field.description ? descId(ctx) : undefined, ...extra },
    legend + inner,
  );
}
