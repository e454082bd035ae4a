/**
 * Resume by e-mail, the visitor's half (settings.saveProgress.email, decision 0030): a "Save and
 * continue later" button beside the submit area, on every page, opening a small panel that asks
 * for an e-mail address and posts `forms_save_progress` with the values so far (the server keeps
 * no files, passwords or cards). The key the server answers goes into `forms[resume]`, so sending
 * the form, or saving it again, deletes that draft. Without JavaScript there is no button.
 */
import { type FormField, inputName } from "@cartwright/commerce/forms";
import type { FormState } from "./state.ts";

/** The field the key travels in (the renderer's RESUME_FIELD_NAME; the renderer stays out of the runtime's bundle). */
const RESUME_FIELD_NAME = "forms[resume]";

export const SAVE_LATER_TEXTS = {
  open: "Save and continue later",
  intro: "We will email you a link to this form with your answers so far. Files, passwords and card details are not kept.",
  label: "Your email address",
  send: "Send me a link",
  sending: "Sending…",
  cancel: "Cancel",
  sent: (email: string) => `We sent a link to ${email}. It works for 30 days.`,
  failed: "The link could not be sent. Please check your connection and try again.",
  email: "Please enter a valid email address to send the link to.",
  preview: "Preview: no link is sent.",
} as const;

interface SaveAnswer {
  success?: boolean;
  data?: { message?: string; resume?: string; errors?: { general?: { header?: string }; field?: Record<string, string> } };
}

function create<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string>, text = ""): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) element.setAttribute(name, value);
  if (text) element.textContent = text;
  return element;
}

/** The value of the form's first e-mail field, to prefill the panel. */
function firstEmail(state: FormState): string {
  const field = state.definition.fields.find((candidate: FormField) => candidate.type === "email");
  if (!field) return "";
  const input = state.form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(inputName(field.id))}"]`);
  return input?.value.trim() ?? "";
}

/** The form's text values (files left out), the action and the address, as /ajax reads them. */
function saveBody(state: FormState, email: string): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(state.form)) if (typeof value === "string") body.append(name, value);
  body.set("action", "forms_save_progress");
  body.set("email", email);
  return body;
}

/** Keeps the draft's key in the form, so its submit or a later save deletes the draft. */
function keepKey(state: FormState, key: string): void {
  let input = state.form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(RESUME_FIELD_NAME)}"]`);
  if (!input) {
    input = create("input", { type: "hidden", name: RESUME_FIELD_NAME });
    state.form.prepend(input);
  }
  input.value = key;
}

export function offerSaveLater(state: FormState): void {
  if (state.definition.settings.saveProgress?.email !== true || !state.payload.ajaxUrl) return;
  const F = state.formId;
  const ids = {
    panel: `cwf${F}-save-later`,
    intro: `cwf${F}-save-later-intro`,
    email: `cwf${F}-save-email`,
    error: `cwf${F}-save-email-error`,
  };
  const area = create("div", { class: "cwf-save-later" });
  const open = create(
    "button",
    { type: "button", class: "cwf-save-later-open", "aria-expanded": "false", "aria-controls": ids.panel },
    SAVE_LATER_TEXTS.open,
  );
  const panel = create("div", { class: "cwf-save-later-panel", id: ids.panel, role: "group", "aria-labelledby": ids.intro });
  panel.hidden = true;
  const intro = create("p", { id: ids.intro }, SAVE_LATER_TEXTS.intro);
  const label = create("label", { for: ids.email }, SAVE_LATER_TEXTS.label);
  // No name: the address is not one of the form's values and never goes out with its submit.
  const email = create("input", { type: "email", id: ids.email, autocomplete: "email", "aria-describedby": ids.error });
  const error = create("p", { class: "cwf-error", id: ids.error });
  error.hidden = true;
  const actions = create("div", { class: "cwf-save-later-actions" });
  const send = create("button", { type: "button", class: "cwf-save-later-send" }, SAVE_LATER_TEXTS.send);
  const cancel = create("button", { type: "button", class: "cwf-save-later-cancel" }, SAVE_LATER_TEXTS.cancel);
  const problem = create("p", { class: "cwf-error cwf-save-later-problem", role: "alert" });
  const status = create("p", { class: "cwf-save-later-status", role: "status" });
  actions.append(send, cancel);
  panel.append(intro, label, email, error, actions, problem);
  area.append(open, panel, status);
  const submitArea = state.form.querySelector(".cwf-submit");
  if (submitArea) submitArea.after(area);
  else state.form.append(area);

  // The server's refusals that are not the address's fault (limits, an old page) are said below the buttons.
  const showProblem = (message: string) => {
    problem.textContent = message;
  };
  const showError = (message: string | undefined) => {
    error.textContent = message ?? "";
    error.hidden = message === undefined;
    if (message === undefined) email.removeAttribute("aria-invalid");
    else email.setAttribute("aria-invalid", "true");
  };
  const toggle = (show: boolean) => {
    panel.hidden = !show;
    open.setAttribute("aria-expanded", String(show));
    if (show) {
      status.textContent = "";
      showError(undefined);
      showProblem("");
      if (!email.value) email.value = firstEmail(state);
      email.focus();
    } else open.focus();
  };

  let busy = false;
  const request = async () => {
    if (busy) return;
    const address = email.value.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      showError(SAVE_LATER_TEXTS.email);
      email.focus();
      return;
    }
    // The console's preview shows the panel as visitors see it, but never asks the server to e-mail anyone.
    if (state.preview) {
      toggle(false);
      status.textContent = SAVE_LATER_TEXTS.preview;
      return;
    }
    busy = true;
    send.disabled = true;
    send.textContent = SAVE_LATER_TEXTS.sending;
    showError(undefined);
    showProblem("");
    try {
      const response = await fetch(state.payload.ajaxUrl, { method: "POST", body: saveBody(state, address), credentials: "same-origin" });
      const answer = (await response.json()) as SaveAnswer;
      if (answer.success) {
        if (answer.data?.resume) keepKey(state, answer.data.resume);
        toggle(false);
        status.textContent = SAVE_LATER_TEXTS.sent(address);
      } else {
        const errors = answer.data?.errors;
        const fieldError = errors?.field?.email;
        if (fieldError) {
          showError(fieldError);
          email.focus();
        } else showProblem(errors?.general?.header ?? SAVE_LATER_TEXTS.failed);
      }
    } catch {
      showProblem(SAVE_LATER_TEXTS.failed);
    } finally {
      busy = false;
      send.disabled = false;
      send.textContent = SAVE_LATER_TEXTS.send;
    }
  };

  open.addEventListener("click", () => toggle(panel.hidden === true));
  cancel.addEventListener("click", () => toggle(false));
  send.addEventListener("click", () => void request());
  // The form's own keys (Enter is Next or Send, the field checks) are not the panel's.
  email.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      void request();
    } else if (event.key === "Escape") toggle(false);
  });
  for (const type of ["input", "change"]) panel.addEventListener(type, (event) => event.stopPropagation());
}
