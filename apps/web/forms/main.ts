/**
 * The forms' runtime entry (decision 0027), the one script a page loads: it finds every scripted
 * form (in the page and in the shadow roots the one-tag embed makes), reads its payload and mounts
 * it. Kept small: the form's behaviour (mount.ts) is imported when a form is found.
 */
import type { FormPagePayload } from "@cartwright/commerce/forms";
import { FORMS_QUEUE, type FormsQueueEntry, readEntry } from "./queue.ts";

/** Spec §2.2: this query parameter leaves the address bar on load. */
const FORM_ID_PARAMETER = "forms_form_id";

function payloadOf(form: HTMLFormElement): FormPagePayload | null {
  const root = form.getRootNode() as Document | ShadowRoot;
  const script = root.getElementById(`cwf${form.dataset.formId}-payload`);
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as FormPagePayload) : null;
  } catch {
    return null;
  }
}

/** One import for every form: its callbacks run in the order forms were found, so copies of a form are numbered in page order. */
let behaviour: Promise<typeof import("./mount.ts")> | undefined;

function mountAll(root: Document | ShadowRoot, preview = false): void {
  for (const form of root.querySelectorAll<HTMLFormElement>("form.cwf[data-scripted]")) {
    if (form.dataset.mounted !== undefined) continue;
    const payload = payloadOf(form);
    if (!payload) continue;
    form.dataset.mounted = "";
    behaviour ??= import("./mount.ts");
    // A form in the document itself is on the shop's own page; the embed and the builder's preview draw into shadow roots.
    void behaviour.then(({ mountForm }) => mountForm(form, payload, { preview, history: !preview && root === document }));
  }
}

function forgetFormIdParameter(win: Window): void {
  const url = new URL(win.location.href);
  if (!url.searchParams.has(FORM_ID_PARAMETER)) return;
  url.searchParams.delete(FORM_ID_PARAMETER);
  win.history.replaceState(win.history.state, "", url.href);
}

function boot(win: Window): void {
  forgetFormIdParameter(win);
  const queued = win[FORMS_QUEUE];
  // The embed pushes its shadow roots; the console's builder pushes `{ root, preview: true }` (queue.ts).
  const take = (entry: FormsQueueEntry) => {
    const { root, preview } = readEntry(entry);
    mountAll(root, preview);
  };
  win[FORMS_QUEUE] = { push: take };
  if (Array.isArray(queued)) for (const entry of queued) take(entry);
  if (win.document.readyState === "loading")
    win.document.addEventListener("DOMContentLoaded", () => mountAll(win.document), { once: true });
  else mountAll(win.document);
}

boot(window);
