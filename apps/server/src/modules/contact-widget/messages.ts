/**
 * Contact-us messages on POST /ajax (spec §3.3, §4.3, §5.3, §7, §8; decision 0023):
 * `contact_front_form_save_data` checks the channel's fields as the widget does (checkContactForm),
 * then the files by content, then the captcha; only a message that passes everything is stored,
 * with its files, in one transaction, and the owner is e-mailed after the commit. Field errors
 * answer 200 with `errors` (the widget marks the fields and keeps what was typed); a failed
 * captcha answers a general message. `contact_captcha_challenge` hands out altcha challenges.
 */
import {
  type Channel,
  type ContactField,
  type ContactFormSettings,
  type ContactWidget,
  checkContactForm,
} from "@cartwright/commerce/contact-widget";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AjaxActions, type AjaxFile, type AjaxForm, formField } from "../../http/ajax.ts";
import { RATE_LIMITS } from "../../http/rate-limits.ts";
import { type Mailer, type MailLog, sendContactMessageNotice } from "../emails/index.ts";
import { createAltchaChallenge } from "./captcha/altcha.ts";
import { type CaptchaOptions, captchaFor, captchaTokenField } from "./captcha/captcha.ts";
import { insertMessage, type NewMessageFile, ownerAccountEmail, type StoredCustomField } from "./messages.repo.ts";
import { allowWidgetOrigin, checkWidgetNonce, widgetErrors, widgetOfCall } from "./reports.ts";
import { checkFileContent, MESSAGE_FILE_LIMITS, UPLOAD_MESSAGES } from "./uploads.ts";

/** What the messages need from the app: the signing secret, the mailer, the captcha providers' secrets. */
export interface ContactMessageDeps {
  secret: string;
  mailer?: Mailer;
  captcha?: CaptchaOptions;
  log?: MailLog;
}

interface ContactMessagesState extends ContactMessageDeps {
  inFlight: Set<Promise<unknown>>;
}

declare module "fastify" {
  interface FastifyInstance {
    contactMessages?: ContactMessagesState;
  }
}

/** Gives the actions their dependencies (buildApp, before /ajax); closing waits for notices being sent. */
export function registerContactMessages(app: FastifyInstance, deps: ContactMessageDeps): void {
  const state: ContactMessagesState = { ...deps, inFlight: new Set() };
  app.decorate("contactMessages", state);
  app.addHook("onClose", async () => {
    await Promise.allSettled([...state.inFlight]);
  });
}

/** The general answers of the form (spec §8 "status=0: message shown as a general error"). */
export const MESSAGE_REPLIES = {
  fieldErrors: "Please correct the marked fields and send again.",
  captchaMissing: "Please complete the captcha, then send again.",
  captchaFailed: "The captcha check failed. Please try again.",
  captchaUnavailable: "This form cannot take messages right now. Please contact us another way.",
  sent: "Thank you! Your message has been sent.",
} as const;

const STANDARD_FIELDS = ["name", "email", "phone", "message"] as const;
type StandardField = (typeof STANDARD_FIELDS)[number];
const isStandard = (field: ContactField): field is ContactField & { field: StandardField } =>
  !field.is_custom && (STANDARD_FIELDS as readonly string[]).includes(field.field);

const clip = (text: string | undefined, length: number) => (text ?? "").slice(0, length);

/** The active widget the form names, once its origin and nonce are checked (the reports' own rules). */
async function checkedWidget(request: FastifyRequest, reply: FastifyReply, form: AjaxForm): Promise<ContactWidget> {
  const widget = await widgetOfCall(request.ctx.db, form);
  if (!widget.active) throw widgetErrors.notFound();
  // Another site posts only when the owner allowed it for this widget (and then may read the answer).
  allowWidgetOrigin(request, reply, widget);
  checkWidgetNonce(request.ctx.db, widget, form, now(request));
  return widget;
}

const now = (request: FastifyRequest) => request.ctx.now?.getTime() ?? Date.now();

function stateOf(request: FastifyRequest): ContactMessagesState {
  const state = request.server.contactMessages;
  if (!state) throw new Error("registerContactMessages was not called for this app");
  return state;
}

interface CustomPart {
  slug: string;
  values: Record<string, string>;
  /** The form field names its files may come in. */
  index: number;
}

/** `custom_fields[i][key]` entries by index (spec §7): the slug and the values keyed by type. */
function customParts(form: AjaxForm): CustomPart[] {
  const parts = new Map<number, CustomPart>();
  for (const [key, value] of Object.entries(form.fields)) {
    const match = /^custom_fields\[(\d{1,3})\]\[([a-z_]{1,40})\]$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const part = parts.get(index) ?? { slug: "", values: {}, index };
    const text = Array.isArray(value) ? (value[0] ?? "") : value;
    if (match[2] === "slug") part.slug = text;
    else part.values[match[2] ?? ""] = text;
    parts.set(index, part);
  }
  return [...parts.values()];
}

/** The custom field index a file part belongs to (`custom_fields[i][file]`, with `[]` or `[n]` after). */
const fileIndex = (file: AjaxFile) => {
  const match = /^custom_fields\[(\d{1,3})\]\[file\](\[\d*\])?$/.exec(file.field);
  return match ? Number(match[1]) : null;
};

interface ReadForm {
  values: Record<string, string>;
  files: { field: string; file: AjaxFile }[];
}

/** The values of the channel's own fields only (anything else is ignored), and the files by field. */
function readForm(fields: ContactField[], form: AjaxForm): ReadForm {
  const values: Record<string, string> = {};
  const files: ReadForm["files"] = [];
  const parts = customParts(form);
  for (const field of fields) {
    if (isStandard(field)) {
      values[field.field] = formField(form, field.field) ?? "";
      continue;
    }
    if (!field.is_custom || field.type === "textblock") continue;
    const part = parts.find((p) => p.slug === field.field);
    if (!part) continue;
    if (field.type === "file") {
      for (const file of form.files) if (fileIndex(file) === part.index) files.push({ field: field.field, file });
    } else values[field.field] = part.values[field.type] ?? "";
  }
  return { values, files };
}

type FieldError = { field: string; message: string };

/** The files' own checks (count, content), for files whose extension the form's rules accepted. */
async function fileErrors(
  files: ReadForm["files"],
  refusedFields: Set<string>,
): Promise<{ errors: FieldError[]; accepted: NewMessageFile[] }> {
  const errors: FieldError[] = [];
  const accepted: NewMessageFile[] = [];
  if (files.length > MESSAGE_FILE_LIMITS.perMessage) {
    const over = files[MESSAGE_FILE_LIMITS.perMessage]?.field ?? "";
    return { errors: [{ field: over, message: UPLOAD_MESSAGES.tooMany }], accepted };
  }
  for (const { field, file } of files) {
    if (refusedFields.has(field)) continue;
    const checked = await checkFileContent(file.filename, file.data);
    if ("error" in checked) errors.push({ field, message: `${clip(file.filename, 120)}: ${checked.error}` });
    else
      accepted.push({
        field,
        file_name: clip(file.filename.replace(/[\p{Cc}/\\]/gu, "_"), 255),
        content_type: checked.contentType,
        size: file.data.length,
        data: file.data,
      });
  }
  return { errors, accepted };
}

/** One error per field, the first found, in the form's order. */
function firstPerField(fields: ContactField[], errors: FieldError[]): FieldError[] {
  const order = fields.map((f) => f.field);
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.field) && seen.add(e.field)).sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

const yesNo = (flag: boolean) => (flag ? "yes" : "no");

/** Spec §3.3's success answer, from the channel's form settings. */
function sentReply(settings: Partial<ContactFormSettings> | undefined) {
  return {
    status: 1,
    message: settings?.success_message?.trim() || MESSAGE_REPLIES.sent,
    redirect_action: yesNo(Boolean(settings?.redirect_action && settings.redirect_link)),
    link_in_new_tab: yesNo(Boolean(settings?.link_in_new_tab)),
    redirect_link: settings?.redirect_link ?? "",
    close_form_after: yesNo(Boolean(settings?.close_form_after)),
    close_form_after_seconds: settings?.close_form_after_seconds ?? 0,
  };
}

const labelOf = (field: ContactField) => field.title?.trim() || field.field_label?.trim() || field.field;

/** The notice goes out after the reply, in the background; a failure is logged, the message is already stored. */
function notifyOwner(
  request: FastifyRequest,
  state: ContactMessagesState,
  channel: Channel,
  id: number,
  read: ReadForm,
  stored: NewMessageFile[],
  at: string,
  page: { url: string; title: string },
) {
  const { mailer } = state;
  if (!mailer) return;
  const log = state.log ?? request.log;
  const db = request.ctx.db;
  const sending = (async () => {
    const [settings, ownerEmail] = await Promise.all([request.ctx.shopSettings(), ownerAccountEmail(db)]);
    const fields = channel.contact_fields.filter((f) => f.type !== "file" && (read.values[f.field] ?? "").trim());
    const delivery = await sendContactMessageNotice(
      mailer,
      {
        messageId: id,
        siteTitle: settings.siteTitle,
        visitorName: read.values.name?.trim() ?? "",
        fields: fields.map((f) => ({ label: labelOf(f), value: (read.values[f.field] ?? "").trim() })),
        files: stored.map((file) => ({
          label: labelOf(channel.contact_fields.find((f) => f.field === file.field) ?? ({ field: file.field } as ContactField)),
          fileName: file.file_name,
          size: file.size,
        })),
        pageUrl: page.url,
        pageTitle: page.title,
        receivedAt: at,
        timeZone: settings.timeZone,
        inboxUrl: `${mailer.publicUrl}/admin/messages/${id}`,
      },
      { shop: settings, ownerAccountEmail: ownerEmail, replyTo: read.values.email?.trim() },
    );
    if (delivery) log.info({ messageId: id, via: delivery.via, file: delivery.file }, "contact message notice sent");
    else log.info({ messageId: id }, "contact message notice not sent: switched off in the email settings");
  })()
    .catch((error: unknown) => log.error({ messageId: id, err: error }, "contact message notice could not be sent"))
    .finally(() => state.inFlight.delete(sending));
  state.inFlight.add(sending);
}

async function saveMessage(request: FastifyRequest, reply: FastifyReply, form: AjaxForm) {
  const state = stateOf(request);
  const widget = await checkedWidget(request, reply, form);
  const index = Number(formField(form, "channel"));
  const channel = Number.isInteger(index) ? widget.channels[index] : undefined;
  if (channel?.channel_type !== "Contact_Us") throw widgetErrors.channelNotFound();
  // Every attempt counts, refused or not (decision 0016): a flood is stopped before any work.
  await request.ctx.limits().take(RATE_LIMITS.submissionsPerAddress);

  const fields = channel.contact_fields ?? [];
  const read = readForm(fields, form);
  const ruleErrors = checkContactForm(
    fields,
    read.values,
    read.files.map(({ field, file }) => ({ field, name: file.filename })),
  );
  const files = await fileErrors(read.files, new Set(ruleErrors.map((e) => e.field)));
  const errors = firstPerField(fields, [...ruleErrors, ...files.errors]);
  if (errors.length) return { status: 0, error: 1, errors, message: MESSAGE_REPLIES.fieldErrors };

  const captcha = captchaFor(channel.captcha_provider, {
    db: request.ctx.db,
    secret: state.secret,
    subject: `widget:${widget.id}`,
    now: () => now(request),
    options: state.captcha ?? {},
  });
  if (captcha === "unconfigured") {
    (state.log ?? request.log).error(
      { widgetId: widget.id, provider: channel.captcha_provider },
      "contact form captcha has no secret configured",
    );
    return { status: 0, message: MESSAGE_REPLIES.captchaUnavailable };
  }
  if (captcha) {
    const token = formField(form, captchaTokenField(captcha.name))?.trim() ?? "";
    if (!token) return { status: 0, message: MESSAGE_REPLIES.captchaMissing };
    if (!(await captcha.verify(token, request.ip))) return { status: 0, message: MESSAGE_REPLIES.captchaFailed };
  }

  const at = new Date(now(request)).toISOString();
  const value = (field: ContactField) => (read.values[field.field] ?? "").trim();
  const standard = (name: StandardField) => {
    const field = fields.find((f) => isStandard(f) && f.field === name);
    return field ? value(field) : "";
  };
  const customFields: StoredCustomField[] = fields
    .filter((f) => !isStandard(f) && f.is_custom && f.type !== "textblock")
    .map((f) => ({ slug: f.field, label: labelOf(f), type: f.type, value: f.type === "file" ? "" : value(f) }));
  const page = { url: clip(formField(form, "ref_url"), 2000), title: clip(formField(form, "page_title"), 500) };
  const id = await insertMessage(
    request.ctx.db,
    {
      widget_id: widget.id,
      channel_index: index,
      name: standard("name"),
      email: standard("email"),
      phone: standard("phone"),
      message: standard("message"),
      custom_fields: "[]",
      ref_url: page.url,
      page_id: clip(formField(form, "page_id"), 100),
      page_title: page.title,
      ip: request.ip,
      user_agent: clip(request.headers["user-agent"], 500),
      created_at: at,
    },
    customFields,
    files.accepted,
  );
  notifyOwner(request, state, channel, id, read, files.accepted, at, page);
  return sentReply(channel.contact_form_settings);
}

/** The contact-us form's /ajax actions (http/ajax.ts); no cart session, the widget's nonce instead. */
export const messageAjaxActions: AjaxActions = {
  contact_front_form_save_data: {
    session: false,
    handle: (request, reply, form) => saveMessage(request, reply, form),
  },
  contact_captcha_challenge: {
    session: false,
    async handle(request, reply, form) {
      const state = stateOf(request);
      const widget = await checkedWidget(request, reply, form);
      return createAltchaChallenge(state.secret, `widget:${widget.id}`, now(request));
    },
  },
};
