/**
 * What the builder's preview renders: the draft as visitors would get it (`publicForm`), with no token,
 * nowhere to send, and the shop's currency. Countries are the ones the address fields name (the
 * real page lists the shop's; the preview needs only to look right).
 */
import type { Currency } from "@cartwright/commerce";
import { type FormDefinition, type FormField, type FormPagePayload, publicForm } from "@cartwright/commerce/forms";
import { KIND_LABELS } from "./kinds.ts";

const UNLABELLED = ["html", "section", "captcha"];

/** A label being typed may be empty for a moment (the server refuses it): the preview names the input by its kind meanwhile. */
const labelled = (field: FormField): FormField =>
  field.label.trim() || UNLABELLED.includes(field.type) ? field : ({ ...field, label: KIND_LABELS[field.type] } as FormField);

export function previewPayload(definition: FormDefinition, currency: Currency): FormPagePayload {
  const codes = new Set<string>();
  for (const field of definition.fields) {
    if (field.type !== "address") continue;
    for (const code of field.preferredCountries) codes.add(code);
    if (field.defaultCountry) codes.add(field.defaultCountry);
  }
  const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
  const captcha = definition.settings.antiSpam.captcha;
  return {
    form: publicForm({ ...definition, fields: definition.fields.map(labelled) }),
    token: "",
    tokenIssuedAt: 0,
    tokenLifetimeSeconds: 0,
    currency,
    ajaxUrl: "",
    pageUrl: "#preview",
    assetsBase: "",
    honeypot: null,
    captcha: captcha === "none" ? null : { provider: captcha, siteKey: "" },
    countries: [...codes].map((code) => ({ code, name: names?.of(code) ?? code, states: [] })),
    maxUploadTotalBytes: 0,
  };
}
