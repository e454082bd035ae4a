/**
 * Validation in the browser (spec §5.4 "Input behaviour"): the shared validator run on the current
 * values, its errors shown for the fields asked about; the restricted-email answer asked from the
 * server once per form and address; pending answers waited for before a page is left.
 */
import { type FormValues, isValidEmail } from "@cartwright/commerce/forms";
import { type FieldError, showFieldError } from "./dom.ts";
import { post } from "./request.ts";
import { currentValues, type FormState, submittedFiles } from "./state.ts";

type Rules = typeof import("./rules.ts");
let loading: Promise<Rules> | null = null;

/** The validator's chunk, fetched once (a first focus starts it, so it is there by the first blur). */
export function loadRules(): Promise<Rules> {
  loading ??= import("./rules.ts");
  return loading;
}

/** Spec §9: a pending validation is looked at again every 800 ms. */
const PENDING_RECHECK_MS = 800;

const restrictedKey = (fieldId: number, email: string) => `${fieldId}:${email.trim().toLowerCase()}`;

/** Asks the server whether the address is accepted (once per form and address); revalidates the field with the answer. A preview takes it as accepted. */
export function checkRestrictedEmail(state: FormState, fieldId: number, email: string): void {
  if (state.preview || !isValidEmail(email.trim())) return;
  const key = restrictedKey(fieldId, email);
  if (state.restricted.has(key)) return;
  state.restricted.set(key, "pending");
  const body = { action: "forms_restricted_email", form_id: String(state.formId), field_id: String(fieldId), email: email.trim() };
  post(state.payload.ajaxUrl, body)
    .then((answer) => state.restricted.set(key, !(answer.success === true && answer.data === false)))
    // Unanswered: the server checks again on submit.
    .catch(() => state.restricted.set(key, true))
    .finally(() => void validateFields(state, [fieldId]));
}

function hasPending(state: FormState, fieldIds: number[]): boolean {
  return [...state.restricted].some(([key, answer]) => answer === "pending" && fieldIds.includes(Number(key.split(":")[0])));
}

/** Resolves once no restricted-email answer for these fields is outstanding (looked at every 800 ms). */
export async function settled(state: FormState, fieldIds: number[]): Promise<void> {
  while (hasPending(state, fieldIds)) await new Promise((resolve) => window.setTimeout(resolve, PENDING_RECHECK_MS));
}

/** Runs the rules on the current values and shows (or clears) the errors of the given fields; returns the errors found. */
export async function validateFields(
  state: FormState,
  fieldIds: number[],
  values: FormValues = currentValues(state),
  speak = true,
): Promise<Record<string, FieldError>> {
  const { validateSubmission } = await loadRules();
  const result = validateSubmission(state.definition, values, submittedFiles(state), {
    now: new Date(),
    currency: state.payload.currency,
    restrictedEmail: (fieldId, email) => state.restricted.get(restrictedKey(fieldId, email)) !== false,
  });
  const found: Record<string, FieldError> = {};
  for (const fieldId of fieldIds) {
    const error = result.fieldErrors[String(fieldId)];
    if (error !== undefined) found[String(fieldId)] = error;
    state.serverErrors.delete(fieldId);
    showFieldError(state.form, fieldId, error, speak);
  }
  return found;
}
