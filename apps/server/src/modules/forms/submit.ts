/**
 * A form sent on POST /ajax (spec §3.5, §5.4, §7; decision 0025): `forms_submit` checks, in this
 * order, the form, the token and the form's minimum time to fill in (decision 0163), the honeypot,
 * the rate limit, every field rule (validateSubmission, hidden fields dropped), the files' content,
 * and the captcha; the total is the server's own. A good entry is stored with its values and files
 * in one transaction, then the owner is told.
 */

import { randomUUID } from "node:crypto";
import {
  CAPTCHA_FIELD,
  collectValues,
  type FormDefinition,
  fieldText,
  honeypotFieldId,
  isHoneypotFilled,
  parseInputName,
  SUBMISSION_FIELD,
  type SubmittedFile,
  sentTooSoon,
  type ValidationResult,
  validateSubmission,
} from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { type AjaxFile, type AjaxForm, formField } from "../../http/ajax.ts";
import { StoreError } from "../../http/errors.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { captchaFor, checkFileContent } from "../contact-widget/index.ts";
import { shopCurrency } from "../settings/index.ts";
import { findSubmittedEntry, insertEntry, type NewFormFile } from "./forms.repo.ts";
import { publishedForm } from "./forms.service.ts";
import { notifyEntry } from "./notice.ts";
import { chargeEntry, formGateway, recordCharge } from "./payment.ts";
import { deleteUsedDraft, RESUME_FIELD } from "./resume.ts";
import { formsState } from "./runtime.ts";
import { formTokenIssuedAt } from "./token.ts";

/** The general answers (spec §7 `data.errors.general`); ours, as the spec gives no texts. */
export const FORM_REPLIES = {
  notFound: "This form is not available.",
  token: "This form has expired. Please reload the page and send it again.",
  tooQuick: "This form was sent too quickly. Please wait a few seconds, then send it again.",
  rateLimited: "Too many forms were sent from your network. Please try again later.",
  fieldErrors: "Please correct the marked fields and send again.",
  captchaMissing: "Please complete the captcha, then send again.",
  captchaFailed: "The captcha check failed. Please try again.",
  captchaUnavailable: "This form cannot take entries right now. Please contact us another way.",
  paymentFailed: "The payment could not be taken. Please check the card and try again.",
  stillSending: "This form is already being sent. Please wait a moment, then reload the page to see whether it arrived.",
  tooLarge: "This form is too large to send.",
} as const;

/** Bytes all of one entry's files may come to (the /ajax body reads at most 5 files of 5 MB). */
export const FORM_UPLOAD_TOTAL_BYTES = 10 * 1024 * 1024;

type Failure = { header?: string; footer?: string; recaptcha?: string };
const failure = (general: Failure, field: Record<string, unknown> = {}) => ({ success: false, data: { errors: { general, field } } });

const now = (request: FastifyRequest) => request.ctx.now?.getTime() ?? Date.now();
const clip = (text: string | undefined, length: number) => (text ?? "").slice(0, length);

/** Every text field as name/value pairs, lists in order. */
function pairs(form: AjaxForm): [string, string][] {
  return Object.entries(form.fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

/** Files by the field id their input names; files under other names are ignored. */
function filesByField(form: AjaxForm): { fieldId: number; file: AjaxFile }[] {
  return form.files.flatMap((file) => {
    const parsed = parseInputName(file.field);
    return parsed ? [{ fieldId: parsed.fieldId, file }] : [];
  });
}

/** A timestamp in seconds as sent (spec §3.5), kept as an ISO time, or "" when it is not one. */
function timestamp(text: string | undefined): string {
  const seconds = Number(text);
  return /^\d{9,11}$/.test(text ?? "") && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : "";
}

/** The `_formsuuid` cookie when it is a version-4 UUID (the browser sets it only with consent). */
function visitorId(request: FastifyRequest): string {
  const match = /(?:^|;\s*)_formsuuid=([0-9a-f-]{36})(?:;|$)/i.exec(request.headers.cookie ?? "");
  return match && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(match[1] ?? "") ? (match[1] ?? "") : "";
}

/** The content check of every file the rules accepted; errors by field id. */
async function checkContents(files: { fieldId: number; file: AjaxFile }[], result: ValidationResult) {
  const errors: Record<string, string> = {};
  const accepted: NewFormFile[] = [];
  const kept = new Set(result.files.map((file) => file.fieldId));
  for (const { fieldId, file } of files) {
    if (!kept.has(fieldId) || errors[fieldId]) continue;
    const checked = await checkFileContent(file.filename, file.data);
    if ("error" in checked) errors[fieldId] = `${clip(file.filename, 120)}: ${checked.error}`;
    else
      accepted.push({
        field_id: fieldId,
        file_name: clip(file.filename.replace(/[\p{Cc}/\\]/gu, "_"), 255),
        content_type: checked.contentType,
        size: file.data.length,
        data: file.data,
      });
  }
  return { errors, accepted };
}

/** The send's key when it is one a page makes; any other text is no key, and the send is taken as new. */
function submissionKey(form: AjaxForm): string {
  const key = formField(form, SUBMISSION_FIELD) ?? "";
  return /^[A-Za-z0-9_-]{16,64}$/.test(key) ? key : "";
}

/** Spec §7's success answer from the form's confirmation. */
function successReply(definition: FormDefinition) {
  const confirmation = definition.settings.confirmation;
  if (confirmation.type === "redirect") return { success: true, data: { redirect_url: confirmation.url, new_tab: confirmation.newTab } };
  if (confirmation.type === "page") return { success: true, data: { redirect_url: confirmation.path, new_tab: false } };
  return { success: true, data: { confirmation: confirmation.message } };
}

export async function submitForm(request: FastifyRequest, form: AjaxForm) {
  const state = formsState(request);
  const stored = await publishedForm(request.ctx.db, formField(form, "forms[id]") ?? "");
  if (!stored) return failure({ header: FORM_REPLIES.notFound });
  const { definition } = stored;
  const at = now(request);
  const { antiSpam } = definition.settings;
  if (antiSpam.token) {
    const issuedAt = formTokenIssuedAt(state.secret, stored.id, formField(form, "forms[token]") ?? "", at);
    if (issuedAt === null) return failure({ header: FORM_REPLIES.token });
    // Timed by the server's signed issue time, never the browser's start/end timestamps, which a bot writes as it likes.
    if (sentTooSoon(issuedAt, at, antiSpam.minSeconds)) return failure({ header: FORM_REPLIES.tooQuick });
  }

  const values = collectValues(pairs(form));
  const spam = antiSpam.honeypot && isHoneypotFilled(definition, values);
  // Every attempt counts, refused or not (decision 0016), as the contact messages do.
  try {
    await request.ctx.limits().take(RATE_LIMITS.submissionsPerAddress);
  } catch (error) {
    if (error instanceof StoreError && error.status === 429) return failure({ header: FORM_REPLIES.rateLimited });
    throw error;
  }

  // A send repeated under its key (its answer lost on the way, or replayed) is answered from the entry it stored.
  const key = submissionKey(form);
  const sent = key ? await findSubmittedEntry(request.ctx.db, stored.id, key) : undefined;
  if (sent) return repeatedReply(definition, sent.payment_status);

  const settings = await request.ctx.shopSettings();
  const currency = shopCurrency(settings);
  const files = filesByField(form);
  const submitted: SubmittedFile[] = files.map(({ fieldId, file }) => ({ fieldId, name: file.filename, size: file.data.length }));
  const result = validateSubmission(definition, values, submitted, {
    now: new Date(at),
    currency,
    maxTotalUploadBytes: FORM_UPLOAD_TOTAL_BYTES,
  });
  // A bot that filled the honeypot learns nothing from field errors either: its entry keeps what passed, without files.
  const contents = result.ok && !spam ? await checkContents(files, result) : { errors: {}, accepted: [] };
  if (!spam && (!result.ok || Object.keys(contents.errors).length)) {
    const general: Failure = { header: FORM_REPLIES.fieldErrors };
    if (result.generalErrors.footer) general.footer = result.generalErrors.footer;
    return failure(general, { ...result.fieldErrors, ...contents.errors });
  }

  if (!spam) {
    const captcha = captchaFor(antiSpam.captcha, {
      db: request.ctx.db,
      secret: state.secret,
      subject: `form:${stored.id}`,
      now: () => at,
      options: state.captcha ?? {},
    });
    if (captcha === "unconfigured") {
      (state.log ?? request.log).error({ formId: stored.id }, "form captcha has no secret configured");
      return failure({ header: FORM_REPLIES.captchaUnavailable });
    }
    if (captcha) {
      const token = formField(form, CAPTCHA_FIELD)?.trim() ?? "";
      if (!token) return failure({ recaptcha: FORM_REPLIES.captchaMissing });
      if (!(await captcha.verify(token, request.ip))) return failure({ recaptcha: FORM_REPLIES.captchaFailed });
    }
  }

  const createdAt = new Date(at).toISOString();
  // Value rows read as people read them (labels, not choice ids): what search and the CSV show.
  const kept = definition.fields
    .filter((field) => result.values[String(field.id)] !== undefined)
    .map((field) => ({ field_id: field.id, value: fieldText(field, result.values[String(field.id)]) }));
  // A total above 0 waits as pending until the gateway answers; a spam entry is never charged.
  const gateway = result.totalMinor > 0 && !spam && result.card ? formGateway(settings) : null;
  const paymentKey = gateway ? `form-entry-${randomUUID()}` : "";
  const id = await insertEntry(
    request.ctx.db,
    {
      submission_key: key,
      form_id: stored.id,
      status: spam ? "spam" : "complete",
      values: JSON.stringify(result.values),
      payment_total: result.totalMinor,
      payment_status: result.totalMinor > 0 && !spam ? "pending" : "",
      currency: currency.code,
      payment_gateway: gateway?.id ?? "",
      payment_key: paymentKey,
      visitor_id: visitorId(request),
      start_timestamp: timestamp(formField(form, "start_timestamp")),
      end_timestamp: timestamp(formField(form, "end_timestamp")),
      page_url: clip(formField(form, "page_url") ?? request.headers.referer, 2000),
      ip: request.ip,
      user_agent: clip(request.headers["user-agent"], 500),
      created_at: createdAt,
    },
    kept,
    contents.accepted,
  ).catch((error: unknown) => {
    // The same send, arrived twice at once: the first is storing it (and charging), so this one stores nothing.
    if (key && isUniqueViolation(error, "form_id", "form_entries")) return null;
    throw error;
  });
  // Marked so that the page keeps the send's key: sent again, it is still this send.
  if (id === null) return { ...failure({ header: FORM_REPLIES.stillSending }), in_progress: true };
  if (gateway && result.card) {
    const email = definition.fields.find((field) => field.type === "email" && typeof result.values[String(field.id)] === "string");
    const outcome = await chargeEntry(request.ctx.db, gateway, settings, {
      entryId: id,
      key: paymentKey,
      total: result.totalMinor,
      currency: currency.code,
      email: email ? String(result.values[String(email.id)]) : "",
      card: result.card,
    });
    // A declined card keeps its entry as failed (the owner sees the attempt) and the visitor may send again.
    if ((await recordCharge(request.ctx.db, id, outcome)) === "failed") {
      const message = outcome.message ?? FORM_REPLIES.paymentFailed;
      return failure({ header: message }, { [result.card.fieldId]: { number: message } });
    }
  }
  // A bot is answered as a visitor would be, so it learns nothing; the owner is not told.
  if (spam) return successReply(definition);
  // A form resumed from a link is sent: its draft has done its work (decision 0030).
  await deleteUsedDraft(request.ctx.db, stored.id, formField(form, RESUME_FIELD));
  notifyEntry(request, state, stored, id, result, contents.accepted, createdAt);
  return successReply(definition);
}

/** What a send already stored is answered again: the entry's payment failed, or it was taken (or needs none). */
function repeatedReply(definition: FormDefinition, paymentStatus: string) {
  return paymentStatus === "failed" ? failure({ header: FORM_REPLIES.paymentFailed }) : successReply(definition);
}

/**
 * A body over the /ajax limits (too many or too large files, too many fields, a field too long),
 * answered in spec §7's shape the runtime shows, on the field named when there is one.
 */
export function refusedSubmission(error: StoreError) {
  const named = typeof error.data.field === "string" ? parseInputName(error.data.field) : null;
  return failure({ header: `${FORM_REPLIES.tooLarge} ${error.message}` }, named ? { [named.fieldId]: error.message } : {});
}

/** The honeypot's input name for a form (the browser renders it; tests fill it). */
export const honeypotName = (definition: FormDefinition) => `forms[fields][${honeypotFieldId(definition)}]`;
