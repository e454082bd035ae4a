/**
 * The public form as HTML (issue 17, decision 0026): one pure renderer, no DOM, for the form's own
 * page (with or without JavaScript), the one-tag embed and the console's preview. Every text is
 * escaped; the owner's markup is allowlisted. The runtime (apps/web/forms/main.ts) enhances what
 * this writes; without JavaScript the same HTML posts to the form's own page.
 */
import {
  CAPTCHA_FIELD,
  type FormField,
  type FormInput,
  type FormPagePayload,
  type FormValues,
  sanitizeHtml,
  visibleFields,
} from "@cartwright/commerce/forms";
import { descBlock, type FieldCtx, type FieldError } from "./context.ts";
import { choiceKind } from "./fields-choice.ts";
import { asDefinition, paymentKind } from "./fields-payment.ts";
import { type FieldBody, textKind } from "./fields-text.ts";
import { el, esc } from "./html.ts";

export { FORM_CSS, FORM_NOSCRIPT_CSS } from "./css.ts";

export interface RenderState {
  /** Kept values (a post without JavaScript that failed). */
  values?: FormValues;
  errors?: {
    field: Record<string, string | Record<string, string>>;
    general: { header?: string; footer?: string; recaptcha?: string };
  };
  /** Render the confirmation instead of the form. */
  confirmation?: string;
  /** False: the page without JavaScript (every page stacked, every field shown). */
  scripted: boolean;
  /** A resume link's outcome (decision 0030): the notice, and the key when its draft was found. */
  resume?: { key?: string; notice: string };
  /** The form's colour left to `accentCss` in the stylesheet instead of a style attribute (the embed: a host's CSP may refuse those). */
  accentInSheet?: boolean;
}

/** The field a resumed form sends its key back in (the server's RESUME_FIELD), and the link's query parameter. */
export const RESUME_FIELD_NAME = "forms[resume]";
export const RESUME_PARAMETER = "resume";
export const RESUME_NOTICES = {
  restored:
    "Your saved answers were restored. Files, signatures, passwords and card details are never kept: please add them again before sending.",
  expired: "This link has expired or was already used. Please fill in the form again.",
} as const;

/** A resume link's notice at the top of the form. */
function resumeNotice(resume: RenderState["resume"]): string {
  if (!resume) return "";
  const modifier = resume.key ? "restored" : "expired";
  return el("div", { class: `cwf-resume-notice cwf-resume-notice--${modifier}`, role: "status" }, el("p", {}, esc(resume.notice)));
}

/** What the page says when the form's captcha cannot work without JavaScript. */
export const CAPTCHA_NEEDS_SCRIPT =
  "This form's spam check needs JavaScript. Please turn JavaScript on in your browser to send this form, or contact us another way.";

/** The values a form starts with: defaults, pre-selected choices, the default country and quantity. */
export function startingValues(fields: FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    let value: FormInput | undefined;
    if ("choices" in field) {
      const chosen = field.choices.filter((choice) => choice.selected || String(choice.id) === field.default).map((c) => String(c.id));
      const list = field.type === "checkbox" || field.type === "payment-checkbox" || ("multiple" in field && field.multiple);
      if (chosen.length > 0) value = list ? chosen : chosen[0];
    } else if (field.type === "address") {
      if (field.defaultCountry) value = { country: field.defaultCountry };
    } else if (field.type === "payment-quantity") value = field.default ?? String(field.min);
    else if (field.default !== undefined && field.default !== "") value = field.default;
    if (value !== undefined) values[String(field.id)] = value;
  }
  return values;
}

function fieldBody(ctx: FieldCtx): FieldBody {
  const field = ctx.field;
  switch (field.type) {
    case "html":
      return { html: el("div", { class: "cwf-html" }, sanitizeHtml(field.content)) };
    case "section":
      return { html: el("h3", { class: "cwf-section-title" }, esc(field.label)) + descBlock(ctx) };
    case "captcha":
      return { html: captchaArea(ctx.payload, ctx.scripted, undefined) };
    case "select":
    case "radio":
    case "checkbox":
    case "image-choice":
    case "rating":
    case "likert":
    case "checkbox-terms":
    case "address":
      return choiceKind(ctx);
    case "payment-single":
    case "payment-multiple":
    case "payment-select":
    case "payment-checkbox":
    case "payment-quantity":
    case "payment-user-amount":
    case "payment-total":
      return paymentKind(ctx);
    default:
      return textKind(ctx);
  }
}

function renderField(ctx: FieldCtx, hidden: boolean): string {
  const field = ctx.field;
  const body = fieldBody(ctx);
  const classes = ["cwf-field", `cwf-field--${field.type}`, field.cssClass, ctx.error !== undefined && "cwf-field--error"];
  return el(
    "div",
    {
      class: classes.filter(Boolean).join(" "),
      id: `cwf${ctx.formId}-field${field.id}`,
      "data-field-id": field.id,
      "data-type": field.type,
      "data-required": field.required,
      "data-lazy": body.lazy,
      hidden,
    },
    body.html,
  );
}

/** The captcha's place: the provider's mount point, or, without JavaScript, why the form cannot be sent. */
function captchaArea(payload: FormPagePayload, scripted: boolean, error: string | undefined, hidden = false): string {
  const captcha = payload.captcha;
  if (!captcha) return "";
  const F = payload.form.id;
  const note = el("p", { class: "cwf-captcha-note" }, esc(CAPTCHA_NEEDS_SCRIPT));
  // A scripted page seen with JavaScript off still says why the form cannot be sent.
  const inner = scripted
    ? `<noscript>${note}</noscript>${el("div", { class: "cwf-captcha-widget" }, "")}${el("input", { type: "hidden", name: CAPTCHA_FIELD, value: "" })}`
    : note;
  const errorBlock = el("p", { class: "cwf-error", id: `cwf${F}-captcha-error`, hidden: error === undefined }, esc(error ?? ""));
  return el(
    "div",
    { class: "cwf-captcha", "data-provider": captcha.provider, "data-site-key": captcha.siteKey || undefined, hidden },
    inner + errorBlock,
  );
}

function generalBlock(formId: number, where: "header" | "footer", message: string | undefined): string {
  return el(
    "div",
    { class: `cwf-general cwf-general--${where}`, id: `cwf${formId}-general-${where}`, role: "alert", hidden: message === undefined },
    message === undefined ? "" : el("p", {}, esc(message)),
  );
}

const pageTitle = (payload: FormPagePayload, page: number) => payload.form.pages[page - 1]?.title || `Page ${page}`;

/** Spec §2.2: connector, circles or a progress bar, with the titles and "Step n of N". */
function indicator(payload: FormPagePayload, current: number): string {
  const { style, showTitles } = payload.form.settings.pageIndicator;
  const count = payload.form.pages.length;
  if (style === "none" || count < 2) return "";
  const step = el(
    "p",
    { class: "cwf-indicator-step" },
    `Step <span class="cwf-indicator-current">${current}</span> of ${count}${showTitles ? `: <span class="cwf-indicator-title">${esc(pageTitle(payload, current))}</span>` : ""}`,
  );
  const body =
    style === "progress"
      ? el("progress", { class: "cwf-progress", max: count, value: current, "aria-hidden": "true" }, "")
      : el(
          "ol",
          { class: "cwf-steps" },
          payload.form.pages
            .map((_, index) =>
              el(
                "li",
                { class: "cwf-step", "data-page": index + 1, "aria-current": index + 1 === current ? "step" : undefined },
                el("span", { class: "cwf-step-number" }, String(index + 1)) +
                  (showTitles ? el("span", { class: "cwf-step-title" }, esc(pageTitle(payload, index + 1))) : ""),
              ),
            )
            .join(""),
        );
  return el("nav", { class: `cwf-indicator cwf-indicator--${style}`, "aria-label": "Form progress" }, step + body);
}

const ACCENT = /^#[0-9a-fA-F]{3,8}$/;

/** The form's colour as a rule of its stylesheet (the form rendered with `accentInSheet`), or nothing for the default. */
export function accentCss(payload: FormPagePayload): string {
  const color = payload.form.settings.pageIndicator.color;
  return ACCENT.test(color) ? `#cwf${payload.form.id}{--cwf-accent:${color}}` : "";
}

export function renderForm(payload: FormPagePayload, state: RenderState): string {
  const form = payload.form;
  const F = form.id;
  if (state.confirmation !== undefined)
    return el(
      "div",
      { class: "cwf-confirmation", id: `cwf${F}-confirmation`, role: "status", tabindex: "-1" },
      sanitizeHtml(state.confirmation),
    );

  const scripted = state.scripted;
  const posted = state.values !== undefined;
  const values = state.values ?? startingValues(form.fields);
  const shown = new Set(visibleFields(asDefinition({ payload }), values));
  const fieldErrors = state.errors?.field ?? {};
  const general = state.errors?.general ?? {};
  const count = Math.max(1, form.pages.length);
  const captchaField = form.fields.some((field) => field.type === "captcha");
  const onLastOnly = scripted && count > 1;
  // A scripted form that comes back with errors opens on the first page holding one.
  const errorPage = form.fields.find((field) => fieldErrors[String(field.id)] !== undefined && shown.has(field.id))?.page;
  const current = errorPage !== undefined && errorPage >= 1 && errorPage <= count ? errorPage : 1;

  const pages = Array.from({ length: count }, (_, index) => {
    const page = index + 1;
    const fields = form.fields
      .filter((field) => field.page === page || (page === 1 && (field.page < 1 || field.page > count)))
      .map((field) => {
        const ctx: FieldCtx = {
          formId: F,
          field,
          input: values[String(field.id)],
          error: fieldErrors[String(field.id)] as FieldError,
          payload,
          values,
          posted,
          scripted,
        };
        return renderField(ctx, scripted && !shown.has(field.id));
      })
      .join("");
    const title = count > 1 ? el("h2", { class: "cwf-page-title", id: `cwf${F}-page${page}-title` }, esc(pageTitle(payload, page))) : "";
    const nav =
      scripted && count > 1
        ? el(
            "div",
            { class: "cwf-page-nav" },
            (page > 1 ? el("button", { type: "button", class: "cwf-prev" }, "Previous") : "") +
              (page < count ? el("button", { type: "button", class: "cwf-next" }, "Next") : ""),
          )
        : "";
    return el(
      "section",
      {
        class: "cwf-page",
        "data-page": page,
        "data-last": page === count,
        "aria-labelledby": count > 1 ? `cwf${F}-page${page}-title` : undefined,
        hidden: scripted && page !== current,
      },
      title + fields + nav,
    );
  }).join("");

  const hidden = [
    ["forms[id]", String(F)],
    ["forms[token]", payload.token],
    ["start_timestamp", payload.tokenIssuedAt > 0 ? String(Math.floor(payload.tokenIssuedAt / 1000)) : ""],
    ["end_timestamp", ""],
    ["page_url", payload.pageUrl],
    ...(state.resume?.key ? [[RESUME_FIELD_NAME, state.resume.key]] : []),
  ]
    .map(([name, value]) => el("input", { type: "hidden", name, value }))
    .join("");

  const honeypot = payload.honeypot
    ? el(
        "div",
        { class: "cwf-honeypot", "aria-hidden": "true" },
        el("label", { for: `cwf${F}-hp` }, esc(payload.honeypot.label)) +
          el("input", { type: "text", id: `cwf${F}-hp`, name: payload.honeypot.name, tabindex: "-1", autocomplete: "off", value: "" }),
      )
    : "";
  const captcha = captchaField ? "" : captchaArea(payload, scripted, general.recaptcha, onLastOnly && current !== count);
  // A captcha error with nowhere else to go is shown with the footer's.
  const footer = [general.footer, !captcha ? general.recaptcha : undefined].filter(Boolean).join(" ") || undefined;
  const submit = el(
    "div",
    { class: "cwf-submit", hidden: onLastOnly && current !== count },
    el(
      "button",
      { type: "submit", class: "cwf-submit-button", "data-processing": form.settings.processingText },
      esc(form.settings.submitText),
    ),
  );
  const color = form.settings.pageIndicator.color;
  return el(
    "form",
    {
      class: "cwf",
      id: `cwf${F}`,
      "data-form-id": F,
      // Spec §3: the form element carries its id, its token and the token's time (seconds), as the hidden inputs do.
      "data-token": payload.token || undefined,
      "data-token-time": payload.token && payload.tokenIssuedAt > 0 ? Math.floor(payload.tokenIssuedAt / 1000) : undefined,
      "data-slug": form.slug,
      method: "post",
      // A resumed page posted without JavaScript comes back, if refused, with its key still in place.
      action: state.resume?.key ? `${payload.pageUrl}?${RESUME_PARAMETER}=${encodeURIComponent(state.resume.key)}` : payload.pageUrl,
      enctype: "multipart/form-data",
      "data-scripted": scripted,
      novalidate: scripted,
      "aria-label": form.title,
      style: !state.accentInSheet && ACCENT.test(color) ? `--cwf-accent:${color}` : undefined,
    },
    hidden +
      resumeNotice(state.resume) +
      generalBlock(F, "header", general.header) +
      (scripted ? indicator(payload, current) : "") +
      pages +
      honeypot +
      captcha +
      generalBlock(F, "footer", footer) +
      submit,
  );
}
