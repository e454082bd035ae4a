/**
 * What a page needs to show one public form (issue 17, decision 0026): the published form as
 * visitors may see it (the owner's markup allowlisted), a fresh token, the shop's currency, the
 * countries its address fields offer, the honeypot and the captcha. The form's own page, a page
 * holding a form and the one-tag embed all start from it. Takes the request (its context, and the
 * forms' signing secret that registerForms gave the app).
 */
import { allCountries, statesOf } from "@cartwright/commerce";
import {
  type AddressField,
  type Choice,
  type FormCountry,
  type FormDefinition,
  type FormField,
  type FormPagePayload,
  honeypotLabel,
  type PublicForm,
  publicForm,
  sanitizeHtml,
} from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { type ShopSettings, shopCurrency } from "../settings/index.ts";
import { publishedForm } from "./forms.service.ts";
import { formsState } from "./runtime.ts";
import { FORM_UPLOAD_TOTAL_BYTES, honeypotName } from "./submit.ts";
import { createFormToken } from "./token.ts";

/** Spec §4.4 token_cache_lifetime: a day, well inside the token's 2-day window. */
export const FORM_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface FormPageOptions {
  /** The shop's origin (https://shop.example.com) when the form shows on another site's page: addresses become absolute. */
  origin?: string;
}

/** The form's own page. */
export const formPagePath = (slug: string) => `/forms/${encodeURIComponent(slug)}`;

/** The owner's markup, allowlisted on its way to visitors: html fields and the confirmation message. */
function withSafeMarkup(definition: FormDefinition): FormDefinition {
  const fields = definition.fields.map(
    (field): FormField => (field.type === "html" ? { ...field, content: sanitizeHtml(field.content) } : field),
  );
  const confirmation = definition.settings.confirmation;
  return {
    ...definition,
    fields,
    settings: {
      ...definition.settings,
      confirmation: confirmation.type === "message" ? { ...confirmation, message: sanitizeHtml(confirmation.message) } : confirmation,
    },
  };
}

/** The shop's countries (those it sells to, or all), each address field's preferred and default ones included, preferred first. */
function formCountries(settings: ShopSettings, fields: AddressField[]): FormCountry[] {
  const preferred = [...new Set(fields.flatMap((field) => field.preferredCountries.map((code) => code.toUpperCase())))];
  const wanted = new Set(settings.sellToCountries.map((code) => code.toUpperCase()));
  for (const field of fields) {
    for (const code of field.preferredCountries) wanted.add(code.toUpperCase());
    if (field.defaultCountry) wanted.add(field.defaultCountry.toUpperCase());
  }
  const all = allCountries().filter((country) => settings.sellToCountries.length === 0 || wanted.has(country.code));
  const ordered = [
    ...preferred.flatMap((code) => all.filter((country) => country.code === code)),
    ...all.filter((country) => !preferred.includes(country.code)),
  ];
  return ordered.map((country) => ({
    code: country.code,
    name: country.name,
    states: (statesOf(country.code) ?? []).map((state) => ({ code: state.code, name: state.name })),
  }));
}

/** Choice pictures named by a path on the shop, given the shop's address: on another site's page a path is that site's. */
function withAbsoluteImages(form: PublicForm, base: string): PublicForm {
  const absolute = (choice: Choice): Choice =>
    choice.imageUrl?.startsWith("/") && !choice.imageUrl.startsWith("//") ? { ...choice, imageUrl: `${base}${choice.imageUrl}` } : choice;
  const fields = form.fields.map((field): FormField => ("choices" in field ? { ...field, choices: field.choices.map(absolute) } : field));
  return { ...form, fields };
}

/** The payload of a published form by slug or id; null for an unknown or unpublished one. */
export async function formPage(request: FastifyRequest, slugOrId: string, options: FormPageOptions = {}): Promise<FormPagePayload | null> {
  const stored = await publishedForm(request.ctx.db, slugOrId);
  if (!stored) return null;
  const definition = withSafeMarkup(stored.definition);
  const settings = await request.ctx.shopSettings();
  const now = request.ctx.now?.getTime() ?? Date.now();
  const issuedAt = Math.floor(now / 1000) * 1000;
  const base = (options.origin ?? "").replace(/\/+$/, "");
  const addresses = definition.fields.filter((field): field is AddressField => field.type === "address");
  const { antiSpam } = definition.settings;
  return {
    form: base ? withAbsoluteImages(publicForm(definition), base) : publicForm(definition),
    token: antiSpam.token ? createFormToken(formsState(request).secret, stored.id, now) : "",
    tokenIssuedAt: issuedAt,
    tokenLifetimeSeconds: FORM_TOKEN_LIFETIME_SECONDS,
    currency: shopCurrency(settings),
    ajaxUrl: `${base}/ajax`,
    pageUrl: `${base}${formPagePath(definition.slug)}`,
    assetsBase: `${base}/forms/static/`,
    honeypot: antiSpam.honeypot ? { name: honeypotName(definition), label: honeypotLabel(definition, Math.random) } : null,
    // Third-party site keys are not configured per form yet: only the shop's own altcha needs none.
    captcha: antiSpam.captcha === "none" ? null : { provider: antiSpam.captcha, siteKey: "" },
    countries: addresses.length > 0 ? formCountries(settings, addresses) : [],
    maxUploadTotalBytes: FORM_UPLOAD_TOTAL_BYTES,
  };
}
