import type { FormPagePayload } from "@cartwright/commerce/forms";

export interface KindContext {
  // defined by H2 in apps/web/forms/kinds/context.ts (H3 uses it as is)
  formId: number;
  payload: FormPagePayload;
  changed(): void; // the value changed: revalidate (debounced), totals, save progress
  setSubmitBlocked(reason: string | null): void; // e.g. uploads over the total size: submit disabled with an error block
  uploadTotalBytes(): number; // the other upload fields' chosen bytes
  filesFor(fieldId: number): File[]; // (H3 upload module sets them with ctx.setFiles)
  setFiles(fieldId: number, files: File[]): void; // the files the submit sends for that field (camera, upload)
}
