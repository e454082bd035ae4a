/** What a failed owner API call says, in one place: the shop's own message, or one for a call that never got an answer. */
import { AdminApiError } from "../api.ts";
import { consoleMessages } from "../messages.ts";

const networkError = () => consoleMessages.networkError;

/** The API's message for an `AdminApiError`; for anything else (the network), `otherwise`'s text. */
export function failureText(error: unknown, otherwise: (error: unknown) => string = networkError): string {
  return error instanceof AdminApiError ? error.message : otherwise(error);
}

export interface SaveFailure {
  /** The summary above the form. */
  message: string;
  /** The messages beside their fields, by path; undefined when the call got no answer (the fields keep theirs). */
  fields?: Record<string, string>;
}

/** A failed save: the API's message and its field messages (re-keyed by `fieldsOf` where the form's paths differ), or the network message. */
export function saveFailure(
  error: unknown,
  fieldsOf: (fields: Record<string, string>) => Record<string, string> = (fields) => fields,
): SaveFailure {
  return error instanceof AdminApiError ? { message: error.message, fields: fieldsOf(error.fields) } : { message: networkError() };
}

/** The browser's own checks failed before any call: their messages beside the fields, the first as the summary. */
export function checkFailure(fields: Record<string, string>): SaveFailure {
  return { message: Object.values(fields)[0] ?? "", fields };
}
