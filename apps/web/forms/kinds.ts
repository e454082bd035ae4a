/**
 * The heavy field kinds (contract17, decision 0028): each `[data-lazy]` field loads its module
 * (apps/web/forms/kinds/{name}.ts) and the module enhances the native fallback the renderer wrote.
 * The build lists the modules that exist (virtual:cwf-kinds); a field whose module is missing keeps
 * its fallback, which works.
 */

import { KIND_MODULES } from "virtual:cwf-kinds";
import { FORM_MESSAGES, fill, megabytes } from "@cartwright/commerce/forms";
import { fieldOf } from "./inputs.ts";
import type { KindContext } from "./kinds/context.ts";
import { chosenFiles, type FormState, syncSubmit } from "./state.ts";

const UPLOADS_BLOCK = "uploads";

/** Shows or clears the upload-size error block and holds submit back while it shows. */
export function setUploadBlock(state: FormState, reason: string | null): void {
  let block = state.form.querySelector<HTMLElement>(".cwf-upload-error");
  if (!block && reason) {
    block = document.createElement("div");
    block.className = "cwf-general cwf-upload-error";
    block.setAttribute("role", "alert");
    state.form.querySelector(".cwf-submit")?.insertAdjacentElement("beforebegin", block);
  }
  if (block) {
    block.textContent = reason ?? "";
    block.hidden = !reason;
  }
  if (reason) state.blocked.set(UPLOADS_BLOCK, reason);
  else state.blocked.delete(UPLOADS_BLOCK);
  syncSubmit(state);
}

/** Spec §4.4: the chosen files together above post_max_size disable submit with an error; under it, submit comes back. */
export function checkUploadTotal(state: FormState): void {
  const total = chosenFiles(state).reduce((sum, { file }) => sum + file.size, 0);
  const max = state.payload.maxUploadTotalBytes;
  setUploadBlock(
    state,
    max > 0 && total > max ? fill(FORM_MESSAGES.totalSize, { totalSize: megabytes(total), maxSize: megabytes(max) }) : null,
  );
}

function contextFor(state: FormState, ownField: number): KindContext {
  return {
    formId: state.formId,
    payload: state.payload,
    changed: () => state.changed(ownField),
    setSubmitBlocked: (reason) => setUploadBlock(state, reason),
    uploadTotalBytes: () =>
      chosenFiles(state)
        .filter(({ fieldId }) => fieldId !== ownField)
        .reduce((sum, { file }) => sum + file.size, 0),
    filesFor: (fieldId) => state.files.get(fieldId) ?? [],
    setFiles: (fieldId, files) => {
      state.files.set(fieldId, files);
      // Files chosen are a whole answer, as a choice is: checked at once, so a "required" error goes as they are listed.
      state.changed(fieldId, true);
    },
  };
}

/** Loads each lazy field's module (once per module) and lets it enhance its field. */
export function enhanceKinds(state: FormState): void {
  for (const container of state.form.querySelectorAll<HTMLElement>(".cwf-field[data-lazy]")) {
    const load = KIND_MODULES[container.dataset.lazy ?? ""];
    const field = fieldOf(state, Number(container.dataset.fieldId));
    if (!load || !field) continue;
    load()
      .then(({ enhance }) => enhance(container, field, contextFor(state, field.id)))
      .catch((error: unknown) => console.error(`Cartwright Forms: the ${container.dataset.lazy} field kept its plain input`, error));
  }
}
