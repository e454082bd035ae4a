/** One mounted form's state, and its current values as the shared rules read them. */
import {
  collectValues,
  type FormDefinition,
  type FormPagePayload,
  type FormValues,
  parseInputName,
  type SubmittedFile,
} from "@cartwright/commerce/forms";

export interface FormState {
  form: HTMLFormElement;
  payload: FormPagePayload;
  /** The public form read by the shared rules (which never look at the notifications it lacks). */
  definition: FormDefinition;
  formId: number;
  /** Which copy of its form this is on the page (1, or 2… where an embed tag is repeated): its draft and landmark names are its own. */
  copy: number;
  /** The console's preview (decision 0029): everything a visitor sees, nothing sent or stored. */
  preview: boolean;
  /** The page shown (1-based). */
  page: number;
  /** Files a kind module chose for its field (camera, upload): sent instead of the native input's. */
  files: Map<number, File[]>;
  /** Fields carrying the server's error: leaving them does not revalidate until they change. */
  serverErrors: Set<number>;
  /** forms_restricted_email answers by `{fieldId}:{email}`; "pending" while asked. */
  restricted: Map<string, boolean | "pending">;
  /** Seconds: page load, then the first interaction (spec §3.5 start_timestamp). */
  startedAt: number;
  interacted: boolean;
  submitting: boolean;
  /** Why submit is held back (uploads over the limit, a token being refreshed), or null. */
  blocked: Map<string, string>;
  /** Called after any value change: logic, totals, saved progress; the field checked a moment later, or at once when its value is a whole answer (files chosen). */
  changed(fieldId?: number | null, whole?: boolean): void;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The values of the form's enabled inputs (logic-hidden ones are disabled), files left out. */
export function currentValues(state: FormState): FormValues {
  const pairs: [string, string][] = [];
  for (const [name, value] of new FormData(state.form)) if (typeof value === "string") pairs.push([name, value]);
  return collectValues(pairs);
}

/** The native file inputs' files of fields no kind module took over, by field id. */
export function nativeFiles(state: FormState): Map<number, File[]> {
  const chosen = new Map<number, File[]>();
  for (const input of state.form.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
    const parsed = parseInputName(input.name);
    if (!parsed || input.disabled || state.files.has(parsed.fieldId) || !input.files?.length) continue;
    chosen.set(parsed.fieldId, [...(chosen.get(parsed.fieldId) ?? []), ...input.files]);
  }
  return chosen;
}

/** Every chosen file, for the rules (name and size) and the request. */
export function chosenFiles(state: FormState): { fieldId: number; file: File }[] {
  const all = [...state.files, ...nativeFiles(state)];
  return all.flatMap(([fieldId, files]) => files.map((file) => ({ fieldId, file })));
}

export function submittedFiles(state: FormState): SubmittedFile[] {
  return chosenFiles(state).map(({ fieldId, file }) => ({ fieldId, name: file.name, size: file.size }));
}

export function submitButton(state: FormState): HTMLButtonElement | null {
  return state.form.querySelector<HTMLButtonElement>(".cwf-submit-button");
}

/** Submit is enabled unless a submission is under way or something blocks it. */
export function syncSubmit(state: FormState): void {
  const button = submitButton(state);
  if (button) button.disabled = state.submitting || state.blocked.size > 0;
}
