/**
 * What pages hand the forms runtime (decision 0027): the one-tag embed pushes its shadow roots onto
 * `window.cartwrightForms`; the console's builder pushes `{ root, preview: true }` so its preview
 * runs as visitors see it without reaching the server (decision 0029). Before the runtime loads the
 * queue is an array; the runtime drains it and then takes pushes itself.
 */

/** The global the queue lives on. */
export const FORMS_QUEUE = "cartwrightForms";

/** A root to mount the scripted forms of, bare (a visitor's form) or with the preview flag. */
export type FormsQueueEntry = Document | ShadowRoot | { root: Document | ShadowRoot; preview?: boolean };

export interface FormsQueue {
  push(entry: FormsQueueEntry): void;
}

declare global {
  interface Window {
    cartwrightForms?: FormsQueue | FormsQueueEntry[];
  }
}

/** The root an entry names and whether its forms run as a preview. */
export function readEntry(entry: FormsQueueEntry): { root: Document | ShadowRoot; preview: boolean } {
  return "root" in entry ? { root: entry.root, preview: entry.preview === true } : { root: entry, preview: false };
}
