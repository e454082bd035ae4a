/**
 * What a page needs to show one public form (issue 17): the form as visitors may see it, its token,
 * the shop's currency and where to send it. The server builds it (modules/forms `formPage`) for the
 * form's own page, a storefront page that holds a form, and the one-tag embed; the renderer and the
 * browser's runtime read it. Types and one pure function only.
 */
import type { Currency } from "../money.ts";
import type { CaptchaProvider, EmailField, FormDefinition, FormField, FormSettings } from "./types.ts";

/** The definition minus what only the server and the owner read (notifications, restricted domains). */
export interface PublicForm extends Omit<FormDefinition, "settings" | "fields"> {
  fields: FormField[];
  settings: Omit<FormSettings, "notifications">;
}

export interface FormCountry {
  code: string;
  name: string;
  /** Empty for countries without states (their state input is cleared, disabled and not required). */
  states: { code: string; name: string }[];
}

export interface FormPagePayload {
  form: PublicForm;
  /** The signed form token and when it was made (ms since the epoch); empty when the form has no token rule. */
  token: string;
  tokenIssuedAt: number;
  /** Spec §4.4 token_cache_lifetime: a focused form whose token is older than this fetches a new one. */
  tokenLifetimeSeconds: number;
  currency: Currency;
  /** Absolute on other sites' pages; "/ajax" on the shop's own. */
  ajaxUrl: string;
  /** The form's own page: where a post without JavaScript goes. */
  pageUrl: string;
  /** Where the runtime's lazily loaded files live (absolute on other sites' pages). */
  assetsBase: string;
  /** The decoy input (spec §5.4): its name and its label of 3 words from the form's own labels. */
  honeypot: { name: string; label: string } | null;
  /** The captcha the last page shows; altcha needs no key (its challenge comes from forms_captcha_challenge). */
  captcha: { provider: Exclude<CaptchaProvider, "none">; siteKey: string } | null;
  /** Countries for address fields (only when the form has one), the form's preferred ones first. */
  countries: FormCountry[];
  /** Spec §5.4 post_max_size: the combined size of one entry's files. */
  maxUploadTotalBytes: number;
}

/** A definition as visitors may see it: the owner's notification texts and the refused domains stay on the server. */
export function publicForm(definition: FormDefinition): PublicForm {
  const { notifications: _notifications, ...settings } = definition.settings;
  const fields = definition.fields.map(
    (field): FormField => (field.type === "email" ? ({ ...field, restrictedDomains: [] } satisfies EmailField) : field),
  );
  return { ...definition, fields, settings };
}
