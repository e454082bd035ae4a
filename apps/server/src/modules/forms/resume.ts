/**
 * Resume by e-mail (a form's `settings.saveProgress.email`, decision 0030): `forms_save_progress`
 * keeps the values typed so far — never files, passwords, card numbers or signatures — under the
 * SHA-256 of a random key for 30 days, and e-mails the visitor `/forms/{slug}?resume={key}`;
 * `formResumeValues` gives the form page those values back. A sent entry deletes its draft.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  collectValues,
  DISPLAY_ONLY_TYPES,
  type FieldType,
  type FormDefinition,
  type FormInput,
  type FormValues,
  honeypotFieldId,
  isHoneypotFilled,
  isValidEmail,
  TEXT_LIMITS,
} from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import { type AjaxForm, formField } from "../../http/ajax.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { emailSubject, RATE_LIMITS } from "../../http/rate-limits.ts";
import { sendFormResumeLink } from "../emails/index.ts";
import type { StoredForm } from "./forms.repo.ts";
import { publishedForm } from "./forms.service.ts";
import { formsState } from "./runtime.ts";
import { formTokenAccepted } from "./token.ts";

/** The form page's query parameter the e-mailed link carries the key in. */
export const RESUME_PARAMETER = "resume";
/** How long a draft and its link last. */
export const RESUME_DAYS = 30;
/** The field a resumed form sends its key back in, so the sent entry deletes the draft. */
export const RESUME_FIELD = "forms[resume]";
/** The JSON a draft may come to: a long form's text, not a file smuggled in as one. */
export const DRAFT_MAX_BYTES = 64 * 1024;

export const RESUME_REPLIES = {
  disabled: "This form cannot be saved to finish later.",
  expired: "This form has expired. Please reload the page and try again.",
  email: "Please enter a valid email address to send the link to.",
  tooLarge: "This form is too long to be saved. Please send it now, or shorten your answers.",
  rateLimited: "Too many links were asked for. Please try again later.",
  sent: "We have emailed you a link to finish this form later.",
} as const;

/** Kinds whose values are never kept: files, secrets, drawings and what only displays. */
const NEVER_KEPT: readonly FieldType[] = ["file-upload", "camera", "signature", "password", "credit-card", ...DISPLAY_ONLY_TYPES];

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");
const failure = (header: string, field: Record<string, string> = {}) => ({
  success: false,
  data: { errors: { general: { header }, field } },
});
const nowOf = (ctx: Pick<RequestContext, "now">) => ctx.now?.getTime() ?? Date.now();

/** One value in a shape a form sends (text, list of texts, or group of either), each text within the paragraph limit. */
function wellShaped(input: FormInput | undefined): boolean {
  const textOk = (value: unknown) => typeof value === "string" && value.length <= TEXT_LIMITS.paragraph;
  const listOk = (value: unknown) => Array.isArray(value) && value.length <= 200 && value.every(textOk);
  if (textOk(input) || listOk(input)) return true;
  if (!input || typeof input !== "object" || Array.isArray(input)) return false;
  const subs = Object.entries(input);
  return subs.length <= 50 && subs.every(([sub, value]) => /^[A-Za-z0-9_-]{1,40}$/.test(sub) && (textOk(value) || listOk(value)));
}

/** The values a draft may keep: the definition's own kept kinds, in a form's shapes; the rest is dropped. */
export function keepableValues(definition: FormDefinition, values: FormValues): FormValues {
  const honeypot = String(honeypotFieldId(definition));
  const kept: FormValues = {};
  for (const field of definition.fields) {
    const id = String(field.id);
    const value = values[id];
    if (id === honeypot || NEVER_KEPT.includes(field.type) || value === undefined || !wellShaped(value)) continue;
    kept[id] = value;
  }
  return kept;
}

function textPairs(form: AjaxForm): [string, string][] {
  return Object.entries(form.fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

/** `forms_save_progress`: form id, token, the visitor's e-mail and the values so far (spec §7 answers). */
export async function saveProgress(request: FastifyRequest, form: AjaxForm) {
  const state = formsState(request);
  const ctx = request.ctx;
  const stored = await publishedForm(ctx.db, formField(form, "forms[id]") ?? "");
  if (!stored?.definition.settings.saveProgress.email) return failure(RESUME_REPLIES.disabled);
  const { definition } = stored;
  const at = nowOf(ctx);
  if (definition.settings.antiSpam.token && !formTokenAccepted(state.secret, stored.id, formField(form, "forms[token]") ?? "", at))
    return failure(RESUME_REPLIES.expired);
  const email = (formField(form, "email") ?? "").trim();
  if (!isValidEmail(email)) return failure(RESUME_REPLIES.email, { email: RESUME_REPLIES.email });
  const values = collectValues(textPairs(form));
  // A bot that filled the honeypot is answered as a visitor and sends no one anything.
  if (definition.settings.antiSpam.honeypot && isHoneypotFilled(definition, values))
    return { success: true, data: { message: RESUME_REPLIES.sent, resume: randomBytes(32).toString("base64url") } };
  const document = JSON.stringify(keepableValues(definition, values));
  if (Buffer.byteLength(document) > DRAFT_MAX_BYTES) return failure(RESUME_REPLIES.tooLarge);
  try {
    // Every request counts (each sends an e-mail): per network, and per recipient, hashed.
    await ctx.limits().take(RATE_LIMITS.resumeLinksPerAddress);
    await ctx.limits().take(RATE_LIMITS.resumeLinksPerEmail, emailSubject(email.toLowerCase()));
  } catch (error) {
    if (error instanceof StoreError && error.status === 429) return failure(RESUME_REPLIES.rateLimited);
    throw error;
  }

  const key = randomBytes(32).toString("base64url");
  const expiresAt = new Date(at + RESUME_DAYS * 24 * 3600 * 1000).toISOString();
  await ctx.db
    .insertInto("form_drafts")
    .values({ key_hash: hashKey(key), form_id: stored.id, values: document, created_at: new Date(at).toISOString(), expires_at: expiresAt })
    .execute();
  // Saved again from a resumed form: the new draft replaces the one it came from.
  await deleteUsedDraft(ctx.db, stored.id, formField(form, RESUME_FIELD));
  const { mailer } = state;
  if (mailer) {
    const log = state.log ?? request.log;
    const link = `${mailer.publicUrl}/forms/${encodeURIComponent(stored.slug)}?${RESUME_PARAMETER}=${key}`;
    const sending = (async () => {
      const settings = await ctx.shopSettings();
      const delivery = await sendFormResumeLink(
        mailer,
        { formId: stored.id, siteTitle: settings.siteTitle, formTitle: stored.title, link, expiresAt },
        email,
        settings,
      );
      log.info({ formId: stored.id, via: delivery.via, file: delivery.file }, "form resume link sent");
    })()
      .catch((error: unknown) => log.error({ formId: stored.id, err: error }, "a form resume link could not be sent"))
      .finally(() => state.inFlight.delete(sending));
    state.inFlight.add(sending);
  }
  // The page keeps the key in forms[resume]: its submit, or a later save, deletes this draft at once.
  return { success: true, data: { message: RESUME_REPLIES.sent, resume: key } };
}

/**
 * The values a resume link brings back for the form page (H1's loader passes them to the
 * renderer): null when the key is malformed, unknown, expired or another form's. Only what the
 * form still has and may keep is answered, as the form may have changed since.
 */
export async function formResumeValues(
  ctx: Pick<RequestContext, "db" | "now">,
  form: Pick<StoredForm, "id" | "definition">,
  key: string,
): Promise<FormValues | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await ctx.db
    .selectFrom("form_drafts")
    .select(["values", "expires_at"])
    .where("key_hash", "=", hashKey(key))
    .where("form_id", "=", form.id)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= nowOf(ctx)) return null;
  return keepableValues(form.definition, JSON.parse(row.values) as FormValues);
}

/** The form page's resume link (`?resume={key}`): the draft's values for a published form, or null. */
export async function formPageResumed(ctx: Pick<RequestContext, "db" | "now">, slug: string, key: string): Promise<FormValues | null> {
  const stored = await publishedForm(ctx.db, slug);
  return stored ? formResumeValues(ctx, stored, key) : null;
}

/** Deletes the draft a sent entry was resumed from (its key came back in `forms[resume]`). */
export async function deleteUsedDraft(db: Db, formId: number, key: string | undefined): Promise<void> {
  if (!key || !KEY_PATTERN.test(key)) return;
  await db.deleteFrom("form_drafts").where("key_hash", "=", hashKey(key)).where("form_id", "=", formId).execute();
}

/** The sweep (main.ts): drafts past their time; answers how many were deleted. */
export async function deleteExpiredDrafts(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("form_drafts").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
