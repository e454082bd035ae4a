/**
 * The e-mails of a new entry, sent after the commit in the background (as the contact messages'):
 * the owner's notice, and the visitor's copy when the form asks for it and the visitor gave an
 * address in the named (visible) e-mail field. A failure is logged; the entry is already stored.
 */
import { type FormField, fieldText, formatAmount, type ValidationResult } from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { ownerAccountEmail } from "../contact-widget/index.ts";
import { sendFormEntryNotice, sendFormVisitorNotice } from "../emails/index.ts";
import { shopCurrency } from "../settings/index.ts";
import type { NewFormFile, StoredForm } from "./forms.repo.ts";
import type { FormsState } from "./runtime.ts";

export function notifyEntry(
  request: FastifyRequest,
  state: FormsState,
  form: StoredForm,
  entryId: number,
  result: ValidationResult,
  files: NewFormFile[],
  at: string,
): void {
  const { mailer } = state;
  const { owner, visitor } = form.definition.settings.notifications;
  const visitorEmail = visitor.enabled && visitor.emailField !== undefined ? result.values[String(visitor.emailField)] : undefined;
  if (!mailer || (!owner.enabled && typeof visitorEmail !== "string")) return;
  const log = state.log ?? request.log;
  const db = request.ctx.db;
  const label = (id: number) => form.definition.fields.find((field: FormField) => field.id === id)?.label ?? `Field ${id}`;
  const fill = (text: string) => text.replaceAll("{form_title}", form.title);
  const sending = (async () => {
    const settings = await request.ctx.shopSettings();
    if (owner.enabled) {
      const email = form.definition.fields.find((field) => field.type === "email" && typeof result.values[String(field.id)] === "string");
      const delivery = await sendFormEntryNotice(
        mailer,
        {
          entryId,
          siteTitle: settings.siteTitle,
          formTitle: form.title,
          subject: fill(owner.subject),
          fields: form.definition.fields
            .filter((field) => result.values[String(field.id)] !== undefined)
            .map((field) => ({ label: field.label, value: fieldText(field, result.values[String(field.id)]) })),
          files: files.map((file) => ({ label: label(file.field_id), fileName: file.file_name, size: file.size })),
          total: result.totalMinor > 0 ? formatAmount(result.totalMinor, shopCurrency(settings)) : "",
          receivedAt: at,
        },
        { ownerAccountEmail: await ownerAccountEmail(db), replyTo: email ? String(result.values[String(email.id)]) : undefined },
      );
      log.info({ entryId, via: delivery.via, file: delivery.file }, "form entry notice sent");
    }
    if (typeof visitorEmail === "string") {
      const delivery = await sendFormVisitorNotice(
        mailer,
        { entryId, siteTitle: settings.siteTitle, formTitle: form.title, subject: fill(visitor.subject), message: fill(visitor.message) },
        visitorEmail,
      );
      log.info({ entryId, via: delivery.via, file: delivery.file }, "form visitor copy sent");
    }
  })()
    .catch((error: unknown) => log.error({ entryId, err: error }, "a form entry e-mail could not be sent"))
    .finally(() => state.inFlight.delete(sending));
  state.inFlight.add(sending);
}
