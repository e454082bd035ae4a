/**
 * One form's behaviour (spec §2.2, §4.4, §5.4 "Input behaviour"; decision 0027): pages, live logic
 * and totals, validation while typing (1000 ms after the last key) and on leaving a field, e-mail
 * checks, save and resume, the token, the visitor cookie, the kind modules, and the submit. With
 * `preview` (the console's builder, decision 0029) the same form talks to neither server nor storage.
 */
import type { FormDefinition, FormPagePayload } from "@cartwright/commerce/forms";
import { checkRestrictedEmail, loadRules, validateFields } from "./checks.ts";
import { updateCounters } from "./counter.ts";
import { fieldIdOf, nameCopy } from "./dom.ts";
import { keepPagesInHistory } from "./history.ts";
import { addScheme, cleanInput, fieldOf, formatAmountInput, offerEmailSuggestion, refuseKey, syncAddressState } from "./inputs.ts";
import { checkUploadTotal, enhanceKinds } from "./kinds.ts";
import { settleLogic, updateTotals } from "./live.ts";
import { goToPage, isLastPage, next, previous, renderPage } from "./pages.ts";
import { followOwnerPages } from "./preview.ts";
import { resumeProgress, saveProgress } from "./progress.ts";
import { offerSaveLater } from "./save-later.ts";
import { type FormState, nowSeconds, submitButton, syncSubmit } from "./state.ts";
import { renewSubmissionKey, submit } from "./submit.ts";
import { refreshTokenIfOld } from "./token.ts";
import { rememberVisitor } from "./visitor.ts";

/** A control whose change is a whole answer: a select, a radio button or a checkbox. */
const isChoice = (target: Element) =>
  target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && (target.type === "radio" || target.type === "checkbox"));

/** Spec §9: validation while typing waits 1000 ms after the last change. */
const TYPING_DEBOUNCE_MS = 1000;
const SAVE_DEBOUNCE_MS = 400;
/** Spec §2.2: Enter in these inputs acts as Next, or Submit on the last page. */
const ENTER_TYPES = new Set(["text", "tel", "number", "email", "url", "radio", "checkbox"]);

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface MountOptions {
  /** The console's preview: no token refresh, restricted-email call, saved progress, cookie, captcha or request. */
  preview?: boolean;
  /** The shop's own form page (decision 0172): each page of a multi-page form is a browser history entry. */
  history?: boolean;
}

/** Mounted forms, for the one pageshow listener; a form gone from the document is dropped (the builder redraws its preview often). */
const mounted = new Set<FormState>();

// Spec §2.2: a page restored from the back-forward cache gets its submit buttons back.
function restoreSubmits(event: PageTransitionEvent): void {
  for (const state of mounted) {
    if (!state.form.isConnected) {
      mounted.delete(state);
      continue;
    }
    if (!event.persisted) continue;
    // The send the page was left for was answered (a redirect, the native post's page): another is a new one.
    if (state.submitting && !state.preview) renewSubmissionKey(state.form);
    state.submitting = false;
    const button = submitButton(state);
    if (button && button.textContent === (button.dataset.processing || state.definition.settings.processingText))
      button.textContent = state.definition.settings.submitText;
    syncSubmit(state);
  }
}

function track(state: FormState): void {
  if (mounted.size === 0) window.addEventListener("pageshow", restoreSubmits);
  for (const kept of mounted) if (!kept.form.isConnected) mounted.delete(kept);
  mounted.add(state);
}

/** Which copy of its form this is on the page: the lowest number no other copy still on it holds. */
function copyNumber(formId: number): number {
  const taken = new Set([...mounted].filter((other) => other.formId === formId && other.form.isConnected).map((other) => other.copy));
  let copy = 1;
  while (taken.has(copy)) copy++;
  return copy;
}

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

export function mountForm(form: HTMLFormElement, payload: FormPagePayload, options: MountOptions = {}): FormState {
  const typing = new Map<number, number>();
  let saving = 0;
  const state: FormState = {
    form,
    payload,
    definition: payload.form as unknown as FormDefinition,
    formId: payload.form.id,
    copy: copyNumber(payload.form.id),
    preview: options.preview === true,
    page: 1,
    files: new Map(),
    serverErrors: new Set(),
    restricted: new Map(),
    startedAt: nowSeconds(),
    interacted: false,
    submitting: false,
    blocked: new Map(),
    changed(fieldId, whole = false) {
      settleLogic(state);
      syncAddresses();
      updateTotals(state);
      updateCounters(form);
      renderPage(state);
      checkUploadTotal(state);
      window.clearTimeout(saving);
      if (!state.preview) saving = window.setTimeout(() => saveProgress(state), SAVE_DEBOUNCE_MS);
      if (fieldId === undefined || fieldId === null) return;
      if (!whole) return validateLater(fieldId);
      window.clearTimeout(typing.get(fieldId));
      void validateFields(state, [fieldId]);
    },
  };

  const syncAddresses = () => {
    for (const field of state.definition.fields) if (field.type === "address") syncAddressState(state, field);
  };
  const validateLater = (fieldId: number) => {
    window.clearTimeout(typing.get(fieldId));
    typing.set(
      fieldId,
      window.setTimeout(() => void validateFields(state, [fieldId]), TYPING_DEBOUNCE_MS),
    );
  };

  const firstInteraction = () => {
    if (state.interacted) return;
    state.interacted = true;
    state.startedAt = nowSeconds();
    void loadRules();
    if (!state.preview) rememberVisitor();
  };

  form.addEventListener("focusin", (event) => {
    refreshTokenIfOld(state);
    if (fieldIdOf(event.target) !== null) firstInteraction();
  });

  form.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    const field = fieldOf(state, fieldIdOf(target));
    if (refuseKey(field, event)) return;
    if (event.key !== "Enter" || !ENTER_TYPES.has(target.type) || form.querySelectorAll(".cwf-page").length <= 1) return;
    event.preventDefault();
    if (isLastPage(state)) form.requestSubmit();
    else void next(state);
  });

  const onValue = (event: Event) => {
    const target = event.target;
    if (!isControl(target)) return;
    const fieldId = fieldIdOf(target);
    if (fieldId === null) return;
    firstInteraction();
    const field = fieldOf(state, fieldId);
    if (target instanceof HTMLInputElement) cleanInput(field, target);
    if (event.type === "change" && target instanceof HTMLInputElement) addScheme(field, target);
    // A new value is the visitor's answer to the server's error: it is checked again.
    state.serverErrors.delete(fieldId);
    state.changed(fieldId);
    // A choice made is no typing: checked at once, so its error goes before the next click rather than under it.
    if (event.type === "change" && isChoice(target)) {
      window.clearTimeout(typing.get(fieldId));
      void validateFields(state, [fieldId]);
    }
  };
  form.addEventListener("input", onValue);
  form.addEventListener("change", onValue);

  form.addEventListener("focusout", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)) return;
    const fieldId = fieldIdOf(target);
    if (fieldId === null) return;
    const field = fieldOf(state, fieldId);
    if (target instanceof HTMLInputElement) {
      formatAmountInput(state, field, target);
      if (field?.type === "email") {
        void offerEmailSuggestion(state, field, target);
        checkRestrictedEmail(state, fieldId, target.value);
      }
    }
    // Moving between a field's own inputs (first and last name) is not leaving it; going to Next, Prev
    // or Send leaves the check to them (an error block vanishing under the pointer would move the button away).
    const next = (event as FocusEvent).relatedTarget;
    if (next instanceof Node && target.closest(".cwf-field")?.contains(next)) return;
    if (next instanceof Element && next.matches(".cwf-next, .cwf-prev, .cwf-submit-button")) {
      window.clearTimeout(typing.get(fieldId));
      return;
    }
    // Leaving the field checks it now, unless it carries the server's error (spec §5.4).
    window.clearTimeout(typing.get(fieldId));
    if (!state.serverErrors.has(fieldId)) void validateFields(state, [fieldId]);
  });

  form.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button || !form.contains(button)) return;
    if (button.classList.contains("cwf-next")) void next(state);
    else if (button.classList.contains("cwf-prev")) previous(state);
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!isLastPage(state)) void next(state);
    else void submit(state);
  });

  track(state);
  nameCopy(form, state.copy);
  if (!state.preview) renewSubmissionKey(form);
  if (state.preview) followOwnerPages(state);
  const draftKept = resumeProgress(state, () => {
    state.changed();
    goToPage(state, 1);
  });
  settleLogic(state);
  syncAddresses();
  updateTotals(state);
  updateCounters(form);
  if (options.history && form.querySelectorAll(".cwf-page").length > 1)
    keepPagesInHistory(state, draftKept || form.querySelector(".cwf-resume-notice--restored") !== null);
  renderPage(state);
  enhanceKinds(state);
  offerSaveLater(state);
  if (form.hasAttribute("novalidate") === false) form.noValidate = true;
  form.dataset.ready = "";
  form.dispatchEvent(new CustomEvent("cwf:ready", { bubbles: true }));
  return state;
}
