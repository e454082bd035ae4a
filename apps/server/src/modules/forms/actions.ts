/**
 * The forms' /ajax actions (spec §7): `forms_submit`, `forms_get_token`, `forms_restricted_email`,
 * and `forms_captcha_challenge` for the shop's own proof of work. No cart session: forms also
 * load on other sites, and the signed form token guards the submission instead.
 */
import { type EmailField, isRestrictedDomain, isValidEmail } from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { type AjaxActions, formField } from "../../http/ajax.ts";
import { createAltchaChallenge } from "../contact-widget/index.ts";
import { publishedForm } from "./forms.service.ts";
import { originChecked } from "./origin.ts";
import { formsState } from "./runtime.ts";
import { FORM_REPLIES, submitForm } from "./submit.ts";
import { createFormToken } from "./token.ts";

const now = (request: FastifyRequest) => request.ctx.now?.getTime() ?? Date.now();
const notFound = () => ({ success: false, data: { errors: { general: { header: FORM_REPLIES.notFound }, field: {} } } });

const actions: AjaxActions = {
  forms_submit: { session: false, handle: (request, _reply, form) => submitForm(request, form) },
  forms_get_token: {
    session: false,
    async handle(request, _reply, form) {
      const stored = await publishedForm(request.ctx.db, formField(form, "formId") ?? "");
      if (!stored) return notFound();
      return { success: true, data: { token: createFormToken(formsState(request).secret, stored.id, now(request)) } };
    },
  },
  forms_restricted_email: {
    session: false,
    async handle(request, _reply, form) {
      const stored = await publishedForm(request.ctx.db, formField(form, "form_id") ?? "");
      const fieldId = Number(formField(form, "field_id"));
      const field = stored?.definition.fields.find((f): f is EmailField => f.id === fieldId && f.type === "email");
      if (!field) return notFound();
      const email = (formField(form, "email") ?? "").trim();
      // data: whether the address is accepted (a malformed one is the format rule's business, not this one's).
      return { success: true, data: !isValidEmail(email) || !isRestrictedDomain(email, field.restrictedDomains) };
    },
  },
  forms_captcha_challenge: {
    session: false,
    async handle(request, _reply, form) {
      const stored = await publishedForm(request.ctx.db, formField(form, "formId") ?? "");
      if (!stored) return notFound();
      return { success: true, data: await createAltchaChallenge(formsState(request).secret, `form:${stored.id}`, now(request)) };
    },
  },
};

/** Every forms action answers other sites by the form's embed origins (origin.ts). */
export const formsAjaxActions: AjaxActions = Object.fromEntries(
  Object.entries(actions).map(([name, action]) => [name, originChecked(action)]),
);
