/**
 * The e-mails of a new entry, sent after the commit in the background (as the contact messages'):
 * the owner's notice, and the visitor's copy when the form asks for it and the visitor gave an
 * address in the named (visible) e-mail field. A failure is logged; the entry is already stored.
 * The payment sweep sends them too, for an entry a crash left unannounced and it found paid.
 */
import { type FormField, type FormValues, fieldText, formatAmount, type ValidationResult } from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import { ownerAccountEmail } from "../contact-widget/index.ts";
import { type Mailer, type MailLog, sendFormEntryNotice, sendFormVisitorNotice } from "../emails/index.ts";
import { getSettings, type ShopSettings, shopCurrency } from "../settings/index.ts";
import type { StoredForm } from "./forms.repo.ts";
import { findForm } from "./forms.service.ts";
import type { FormsState } from "./runtime.ts";

interface EntryFacts {
  entryId: number;
  /** The kept values (validateSubmission's, or the stored entry's). */
  values: FormValues;
  totalMinor: number;
  files: { field_id: number; file_name: string; size: number }[];
  at: string;
}

/** Sends the owner's notice and the visitor's copy the form asks for; rejects on a failed delivery. */
async function sendEntryNotices(db: Db, mailer: Mailer, log: MailLog, settings: ShopSettings, form: StoredForm, entry: EntryFacts) {
  const { owner, visitor } = form.definition.settings.notifications;
  const { entryId, values } = entry;
  const visitorEmail = visitor.enabled && visitor.emailField !== undefined ? values[String(visitor.emailField)] : undefined;
  const label = (id: number) => form.definition.fields.find((field: FormField) => field.id === id)?.label ?? `Field ${id}`;
  const fill = (text: string) => text.replaceAll("{form_title}", form.title);
  if (owner.enabled) {
    const email = form.definition.fields.find((field) => field.type === "email" && typeof values[String(field.id)] === "string");
    const delivery = await sendFormEntryNotice(
      mailer,
      {
        entryId,
        siteTitle: settings.siteTitle,
        formTitle: form.title,
        subject: fill(owner.subject),
        fields: form.definition.fields
          .filter((field) => values[String(field.id)] !== undefined)
          .map((field) => ({ label: field.label, value: fieldText(field, values[String(field.id)]) })),
        files: entry.files.map((file) => ({ label: label(file.field_id), fileName: file.file_name, size: file.size })),
        total: entry.totalMinor > 0 ? formatAmount(entry.totalMinor, shopCurrency(settings)) : "",
        receivedAt: entry.at,
        timeZone: settings.timeZone,
        entryUrl: `${mailer.publicUrl}/admin/forms/${form.id}/entries/${entryId}`,
      },
      { shop: settings, ownerAccountEmail: await ownerAccountEmail(db), replyTo: email ? String(values[String(email.id)]) : undefined },
    );
    if (delivery) log.info({ entryId, via: delivery.via, file: delivery.file }, "form entry notice sent");
    else log.info({ entryId }, "form entry notice not sent: switched off in the email settings");
  }
  if (typeof visitorEmail === "string") {
    const delivery = await sendFormVisitorNotice(
      mailer,
      { entryId, siteTitle: settings.siteTitle, formTitle: form.title, subject: fill(visitor.subject), message: fill(visitor.message) },
      visitorEmail,
      settings,
    );
    log.info({ entryId, via: delivery.via, file: delivery.file }, "form visitor copy sent");
  }
}

export function notifyEntry(
  request: FastifyRequest,
  state: FormsState,
  form: StoredForm,
  entryId: number,
  result: ValidationResult,
  files: { field_id: number; file_name: string; size: number }[],
  at: string,
): void {
  const { mailer } = state;
  const { owner, visitor } = form.definition.settings.notifications;
  if (!mailer || (!owner.enabled && !visitor.enabled)) return;
  const log = state.log ?? request.log;
  const sending = (async () => {
    const settings = await request.ctx.shopSettings();
    await sendEntryNotices(request.ctx.db, mailer, log, settings, form, {
      entryId,
      values: result.values,
      totalMinor: result.totalMinor,
      files,
      at,
    });
  })()
    .catch((error: unknown) => log.error({ entryId, err: error }, "a form entry email could not be sent"))
    .finally(() => state.inFlight.delete(sending));
  state.inFlight.add(sending);
}

/** The e-mails of a stored entry, read back from the database (the sweep's, for an entry it found paid). */
export async function notifyStoredEntry(db: Db, mailer: Mailer, log: MailLog, entryId: number): Promise<void> {
  const entry = await db
    .selectFrom("form_entries")
    .select(["form_id", "values", "payment_total", "created_at"])
    .where("id", "=", entryId)
    .executeTakeFirst();
  const form = entry ? await findForm(db, entry.form_id) : null;
  if (!entry || !form) return;
  const files = await db.selectFrom("form_files").select(["field_id", "file_name", "size"]).where("entry_id", "=", entryId).execute();
  const values = JSON.parse(entry.values) as FormValues;
  const facts = { entryId, values, totalMinor: entry.payment_total, files, at: entry.created_at };
  await sendEntryNotices(db, mailer, log, await getSettings(db), form, facts);
}
