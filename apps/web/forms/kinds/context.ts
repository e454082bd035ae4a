/**
 * What the forms runtime gives a lazily loaded field kind (issue 17 contract): each module in this
 * folder exports `enhance(container, field, ctx)` and talks to the form only through this context.
 */
import type { FormField, FormPagePayload } from "@cartwright/commerce/forms";

export interface KindContext {
  formId: number;
  payload: FormPagePayload;
  changed(): void; // the value changed: revalidate (debounced), totals, save progress
  setSubmitBlocked(reason: string | null): void; // e.g. uploads over the total size: submit disabled with an error block
  uploadTotalBytes(): number; // the other upload fields' chosen bytes
  filesFor(fieldId: number): File[]; // (H3 upload module sets them with ctx.setFiles)
  setFiles(fieldId: number, files: File[]): void; // the files the submit sends for that field (camera, upload)
}

