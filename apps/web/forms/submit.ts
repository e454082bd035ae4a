/**
 * Sending a form (spec §4.4, §7, §8): the whole form checked, the button disabled with its
 * processing text, the captcha solved, then a multipart POST to ajaxUrl (XMLHttpRequest, so upload
 * progress shows); success replaces the form or redirects, failure shows the server's errors.
 */
import { CAPTCHA_FIELD, inputName, SUBMISSION_FIELD } from "@cartwright/commerce/forms";
import { settled, validateFields } from "./checks.ts";
import { SCROLL, scrollToElement, showBlock, showFieldError } from "./dom.ts";
import { focusField, goToPage, pageOf } from "./pages.ts";
import { clearPreviewNotice, showPreviewNotice } from "./preview.ts";
import { clearProgress } from "./progress.ts";
import { post } from "./request.ts";
import { chosenFiles, type FormState, nowSeconds, submitButton, syncSubmit } from "./state.ts";

/** Spec §8: a request that failed is only told to the console, with the form builder's name. */
export const SUBMIT_ERROR_LOG = "Cartwright Forms AJAX submit error";

/**
 * Gives the form a new key for its next send (decision 0184): at mount and after each answer. A send repeated
 * without an answer (the network dropped it) keeps its key, so the server answers from the entry it may have stored
 * rather than storing, and charging, a second one.
 */
export function renewSubmissionKey(form: HTMLFormElement): void {
  let input = form.querySelector<HTMLInputElement>(`input[name="${SUBMISSION_FIELD}"]`);
  if (!input) {
    input = document.createElement("input");
    input.type = "hidden";
    input.name = SUBMISSION_FIELD;
    form.append(input);
  }
  input.value = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

interface SubmitAnswer {
  success?: boolean;
  /** The same send is being stored by another request (decision 0184). */
  in_progress?: boolean;
  data?: {
    action_required?: boolean;
    redirect_url?: string;
    new_tab?: boolean;
    confirmation?: string;
    errors?: { general?: Record<string, string | undefined>; field?: Record<string, string | Record<string, string>> };
  };
}

function visibleFieldIds(state: FormState): number[] {
  return [...state.form.querySelectorAll<HTMLElement>(".cwf-field[data-field-id]")]
    .filter((container) => !container.hidden)
    .map((container) => Number(container.dataset.fieldId));
}

/** The first page with an error, its field focused. */
function jumpToError(state: FormState, fieldIds: number[]): void {
  if (fieldIds.length === 0) return;
  const first = fieldIds.reduce((best, id) => (pageOf(state, id) < pageOf(state, best) ? id : best));
  goToPage(state, pageOf(state, first), false);
  focusField(state, first);
}

async function solveCaptcha(state: FormState): Promise<boolean> {
  const area = state.form.querySelector<HTMLElement>(".cwf-captcha");
  const input = state.form.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_FIELD}"]`);
  if (!area || !input || state.payload.captcha?.provider !== "altcha") return true;
  if (input.value) return true;
  let status = area.querySelector<HTMLElement>(".cwf-captcha-status");
  if (!status) {
    status = document.createElement("p");
    status.className = "cwf-captcha-status";
    status.setAttribute("role", "status");
    area.prepend(status);
  }
  status.textContent = "Checking that you are not a robot…";
  const answer = await post(state.payload.ajaxUrl, { action: "forms_captcha_challenge", formId: String(state.formId) });
  const { altchaToken, isAltchaChallenge, solveAltcha } = await import("../widget/popups/altcha.ts");
  const number = isAltchaChallenge(answer.data) ? await solveAltcha(answer.data) : null;
  status.textContent = number === null ? "" : "Verified: you are not a robot.";
  if (number === null || !isAltchaChallenge(answer.data)) return false;
  input.value = altchaToken(answer.data, number);
  return true;
}

function resetCaptcha(state: FormState): void {
  const input = state.form.querySelector<HTMLInputElement>(`input[name="${CAPTCHA_FIELD}"]`);
  if (input) input.value = "";
  const status = state.form.querySelector<HTMLElement>(".cwf-captcha-status");
  if (status) status.textContent = "";
}

/** The request's body: the form's enabled inputs, kind modules' files in place of the native ones, the action and timestamps. */
function requestBody(state: FormState): FormData {
  const body = new FormData(state.form);
  for (const fieldId of state.files.keys()) {
    body.delete(inputName(fieldId));
    body.delete(`${inputName(fieldId)}[]`);
  }
  for (const { fieldId, file } of chosenFiles(state)) if (state.files.has(fieldId)) body.append(`${inputName(fieldId)}[]`, file, file.name);
  body.set("action", "forms_submit");
  body.set("start_timestamp", String(state.startedAt));
  body.set("end_timestamp", String(nowSeconds()));
  return body;
}

function send(state: FormState, body: FormData): Promise<SubmitAnswer> {
  const progress = state.form.querySelector<HTMLProgressElement>(".cwf-upload-progress") ?? document.createElement("progress");
  progress.className = "cwf-upload-progress";
  progress.max = 100;
  progress.hidden = true;
  progress.setAttribute("aria-label", "Sending");
  submitButton(state)?.insertAdjacentElement("afterend", progress);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Watching the upload makes the browser ask first (a preflight) on other sites: the query names the form for it.
    const url = new URL(state.payload.ajaxUrl, window.location.href);
    url.searchParams.set("action", "forms_submit");
    url.searchParams.set("formId", String(state.formId));
    xhr.open("POST", url.href);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (!event.lengthComputable || chosenFiles(state).length === 0) return;
      progress.hidden = false;
      progress.value = Math.round((event.loaded / event.total) * 100);
    });
    xhr.addEventListener("load", () => {
      progress.hidden = true;
      const answer = xhr.response as SubmitAnswer | null;
      if (answer && typeof answer === "object" && "success" in answer) resolve(answer);
      else reject(new Error(`HTTP ${xhr.status}`));
    });
    xhr.addEventListener("error", () => reject(new Error("network error")));
    xhr.send(body);
  });
}

function showConfirmation(state: FormState, html: string): void {
  const confirmation = document.createElement("div");
  confirmation.className = "cwf-confirmation";
  confirmation.setAttribute("role", "status");
  confirmation.tabIndex = -1;
  // Owner HTML the server sanitised (the renderer's allowlist) before it was stored in the answer.
  confirmation.innerHTML = html;
  state.form.replaceWith(confirmation);
  confirmation.focus({ preventScroll: true });
  scrollToElement(confirmation, SCROLL.containerOffset);
}

/** The form's general error blocks, where an answer's errors not tied to a field are shown. */
function generalBlocks(state: FormState) {
  return {
    header: state.form.querySelector<HTMLElement>(".cwf-general--header"),
    footer: state.form.querySelector<HTMLElement>(".cwf-general--footer"),
    captcha: state.form.querySelector<HTMLElement>(".cwf-captcha .cwf-error, .cwf-captcha-error"),
  };
}

/**
 * A new send takes the last answer's general errors away (its field errors went with the checks that let it leave):
 * an unanswered send (spec §8, told to the console only) must not leave "Your card was declined…" standing as if
 * it were this send's answer.
 */
function clearLastAnswer(state: FormState): void {
  for (const block of Object.values(generalBlocks(state))) showBlock(block, undefined);
}

function showFailure(state: FormState, answer: SubmitAnswer): void {
  resetCaptcha(state);
  // A send the shop is still storing keeps its key: sent again, it is the same send.
  if (!answer.in_progress) renewSubmissionKey(state.form);
  const general = answer.data?.errors?.general ?? {};
  const { header, footer, captcha } = generalBlocks(state);
  showBlock(header, general.header ?? general.header_styled);
  showBlock(footer, general.footer ?? general.footer_styled);
  showBlock(captcha, general.recaptcha);
  const fields = answer.data?.errors?.field ?? {};
  const ids = Object.keys(fields).map(Number);
  for (const [fieldId, error] of Object.entries(fields)) {
    showFieldError(state.form, fieldId, error, false);
    state.serverErrors.add(Number(fieldId));
  }
  if (ids.length) jumpToError(state, ids);
  const shown = [header, captcha, footer].find((block) => block && !block.hidden);
  if (shown) scrollToElement(shown, SCROLL.containerOffset);
}

/** The submit event: checks, captcha, the request, and what its answer says. */
export async function submit(state: FormState): Promise<void> {
  if (state.submitting) return;
  if (state.preview) clearPreviewNotice(state);
  const ids = visibleFieldIds(state);
  await settled(state, ids);
  const errors = await validateFields(state, ids);
  if (Object.keys(errors).length) {
    jumpToError(state, Object.keys(errors).map(Number));
    return;
  }
  // The builder's preview: checked as a visitor's would be, then neither captcha nor request.
  if (state.preview) return showPreviewNotice(state);
  clearLastAnswer(state);
  const button = submitButton(state);
  const label = button?.textContent ?? "";
  state.submitting = true;
  syncSubmit(state);
  if (button) button.textContent = button.dataset.processing || state.definition.settings.processingText;
  let redirected = false;
  try {
    if (!(await solveCaptcha(state))) {
      showFailure(state, { data: { errors: { general: { recaptcha: "The captcha check failed. Please try again." } } } });
      return;
    }
    if (state.definition.settings.ajax === false) {
      redirected = true;
      state.form.submit();
      return;
    }
    const answer = await send(state, requestBody(state));
    if (answer.data?.action_required) {
      redirected = true;
      state.form.dispatchEvent(new CustomEvent("cwf:action-required", { bubbles: true, detail: answer.data }));
    } else if (answer.success) {
      clearProgress(state, true);
      // A path is the shop's: on another site's page it is read against the shop's address.
      const given = answer.data?.redirect_url;
      const url = given ? new URL(given, new URL(state.payload.ajaxUrl, window.location.href)).href : "";
      if (url) {
        redirected = true;
        if (answer.data?.new_tab) {
          window.open(url, "_blank", "noopener");
          window.location.reload();
        } else window.location.assign(url);
      } else showConfirmation(state, answer.data?.confirmation ?? "");
    } else showFailure(state, answer);
  } catch (error) {
    console.error(SUBMIT_ERROR_LOG, error);
    resetCaptcha(state);
  } finally {
    if (!redirected) {
      state.submitting = false;
      if (button) button.textContent = label;
      syncSubmit(state);
    }
  }
}
