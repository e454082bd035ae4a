/** The owner's notice of a new entry, sent after the commit in the background (as the contact messages'). */
import { type FormField, fieldText, formatAmount, type ValidationResult } from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { ownerAccountEmail } from "../contact-widget/index.ts";
import { sendFormEntryNotice } from "../emails/index.ts";
import { shopCurrency } from "../settings/index.ts";
import type { NewFormFile, StoredForm } from "./forms.repo.ts";
import type { FormsState } from "./runtime.ts";

export function notifyOwner(
  request: FastifyRequest,
  state: FormsState,
  form: StoredForm,
  entryId: number,
  result: ValidationResult,
  files: NewFormFile[],
  at: string,
): void {
  const { mailer } = state;
  const owner = form.definition.settings.notifications.owner;
  if (!mailer || !owner.enabled) return;
  const log = state.log ?? request.log;
  const db = request.ctx.db;
  const label = (id: number) => form.definition.fields.find((field: FormField) => field.id === id)?.label ?? `Field ${id}`;
  const sending = (async () => {
    const [settings, ownerEmail] = await Promise.all([request.ctx.shopSettings(), ownerAccountEmail(db)]);
    const email = form.definition.fields.find((field) => field.type === "email" && typeof result.values[String(field.id)] === "string");
    const delivery = await sendFormEntryNotice(
      mailer,
      {
        entryId,
        siteTitle: settings.siteTitle,
        formTitle: form.title,
        subject: owner.subject.replaceAll("{form_title}", form.title),
        fields: form.definition.fields
          .filter((field) => result.values[String(field.id)] !== undefined)
          .map((field) => ({ label: field.label, value: fieldText(field, result.values[String(field.id)]) })),
        files: files.map((file) => ({ label: label(file.field_id), fileName: file.file_name, size: file.size })),
        total: result.totalMinor > 0 ? formatAmount(result.totalMinor, shopCurrency(settings)) : "",
        receivedAt: at,
      },
      { ownerAccountEmail: ownerEmail, replyTo: email ? String(result.values[String(email.id)]) : undefined },
    );
    log.info({ entryId, via: delivery.via, file: delivery.file }, "form entry notice sent");
  })()
    .catch((error: unknown) => log.error({ entryId, err: error }, "form entry notice could not be sent"))
    .finally(() => state.inFlight.delete(sending));
  state.inFlight.add(sending);
}
