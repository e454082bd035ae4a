/**
 * The contact-us form (spec §2.1, §4.3, §5.3, §8): the configured fields, client checks with the
 * shared rules, an optional captcha, a multipart send and every answer shown where it belongs.
 */
import type { ContactField } from "@cartwright/commerce/contact-widget";
import { CONTACT_FILE_EXTENSIONS, checkContactForm, contactTextLimit, suggestEmail } from "@cartwright/commerce/contact-widget";
// The forms' own way of giving a file input files (a DataTransfer), shared rather than written twice.
import { putFiles } from "../../forms/kinds/parts/dom.ts";
import { type Captcha, createCaptcha } from "./captcha.ts";
import { contactFormData, isTextBlock, readContactAnswer } from "./contact-request.ts";
import { colourOr, el, readableOn, uid } from "./dom.ts";
import type { PopupBody, PopupContext, PopupFrame } from "./index.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

/** Spec §5.3: the e-mail field autocompletes three common webmail domains. */
const WEBMAIL_DOMAINS = ["gmail.com", "yahoo.com", "hotmail.com"];

/** The kinds a visitor does not type text into: a choice, a file or a date has no length to bound. */
const UNTYPED = new Set(["dropdown", "file", "date", "textblock"]);

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface FieldView {
  field: ContactField;
  control: Control | null;
  wrapper: HTMLElement;
  error: HTMLElement;
}

function controlFor(field: ContactField, id: string): Control | null {
  const common = {
    id,
    class: "cw-form__control",
    placeholder: field.placeholder || null,
    "aria-required": field.is_required ? "true" : null,
    // Typing stops at the field's bound instead of being refused after Send.
    maxlength: UNTYPED.has(field.type) ? null : String(contactTextLimit(field)),
  };
  switch (field.type) {
    case "textblock":
      return null;
    case "textarea":
      return el("textarea", { ...common, name: field.field, rows: 4 });
    case "dropdown": {
      const select = el("select", { ...common, placeholder: null, name: field.field });
      select.append(el("option", { value: "" }, field.dropdown_placeholder || M.selectPlaceholder));
      for (const option of field.field_dropdown ?? []) if (option.trim()) select.append(el("option", { value: option }, option));
      return select;
    }
    case "file": {
      const accept = CONTACT_FILE_EXTENSIONS.map((ext) => (ext.startsWith(".") ? ext : `.${ext}`)).join(",");
      return el("input", { ...common, placeholder: null, name: field.field, type: "file", multiple: true, accept });
    }
    case "email":
      return el("input", { ...common, name: field.field, type: "email", autocomplete: "email", list: `${id}-domains` });
    case "tel":
    case "number":
      return el("input", {
        ...common,
        name: field.field,
        type: "tel",
        inputmode: "tel",
        autocomplete: field.type === "tel" ? "tel" : "off",
      });
    case "url":
      return el("input", { ...common, name: field.field, type: "url", inputmode: "url" });
    case "date":
      return el("input", { ...common, name: field.field, type: "date" });
    default:
      return el("input", {
        ...common,
        name: field.field,
        type: "text",
        autocomplete: field.field === "name" && !field.is_custom ? "name" : null,
      });
  }
}

/** Spec §5.3: a key is accepted only if a digit, or "+" while the field is empty; a wrong value empties it. */
function filterTelephone(input: HTMLInputElement) {
  input.addEventListener("beforeinput", (event) => {
    if (event.inputType !== "insertText" || event.data === null) return;
    const ok = [...event.data].every((char, i) => /\d/.test(char) || (char === "+" && i === 0 && input.value === ""));
    if (!ok) event.preventDefault();
  });
  input.addEventListener("change", () => {
    if (!/^\+?\d*$/.test(input.value)) input.value = "";
  });
}

/** Spec §5.3: a clickable "Did you mean …?" on blur, and the webmail domains as suggestions. */
function assistEmail(input: HTMLInputElement, wrapper: HTMLElement, listId: string) {
  const list = el("datalist", { id: listId });
  const suggestion = el("p", { class: "cw-form__text", "aria-live": "polite" });
  wrapper.append(list, suggestion);
  input.addEventListener("input", () => {
    const [local, domain = ""] = input.value.split("@");
    const options = local && !input.value.includes(" ") ? WEBMAIL_DOMAINS.filter((d) => d.startsWith(domain) && d !== domain) : [];
    list.replaceChildren(...options.map((d) => el("option", { value: `${local}@${d}` })));
  });
  input.addEventListener("blur", () => {
    const suggested = input.value.trim() ? suggestEmail(input.value.trim()) : null;
    if (!suggested) return suggestion.replaceChildren();
    const button = el("button", { type: "button", class: "cw-link-button" }, M.emailSuggestion(suggested));
    button.addEventListener("click", () => {
      input.value = suggested;
      suggestion.replaceChildren();
      input.focus();
    });
    suggestion.replaceChildren(button);
  });
}

/** What a visitor typed and chose in a form they closed unsent, by widget and channel: back when they open it again. */
interface Draft {
  values: Record<string, string>;
  files: { field: string; file: File }[];
}
const drafts = new Map<string, Draft>();

export function render(context: PopupContext, frame: PopupFrame): PopupBody {
  const { channel } = context;
  const settings = channel.contact_form_settings;
  const form = el("form", { class: "cw-form", novalidate: true });
  const views: FieldView[] = [];

  for (const field of channel.contact_fields ?? []) {
    const id = uid("field");
    const control = controlFor(field, id);
    const error = el("p", { class: "cw-form__error", id: `${id}-error` });
    if (!control) {
      const wrapper = el(
        "div",
        { class: "cw-form__field" },
        el("p", { class: "cw-form__text" }, field.title),
        field.field_label ? el("p", { class: "cw-form__text" }, field.field_label) : null,
      );
      views.push({ field, control, wrapper, error });
      form.append(wrapper);
      continue;
    }
    const label = el(
      "label",
      { class: "cw-form__label", for: id },
      field.title,
      field.is_required ? el("span", { class: "cw-form__required", "aria-hidden": "true" }, "*") : null,
    );
    const wrapper = el("div", { class: "cw-form__field" }, label, control, error);
    if (control instanceof HTMLInputElement && control.type === "tel") filterTelephone(control);
    if (control instanceof HTMLInputElement && control.type === "email") assistEmail(control, wrapper, `${id}-domains`);
    views.push({ field, control, wrapper, error });
    form.append(wrapper);
  }

  const general = el("p", { class: "cw-form__general", role: "alert" });
  const success = el("p", { class: "cw-form__success", role: "status" });
  const captcha: Captcha | null = createCaptcha(context, channel);
  const background = colourOr(settings?.button_bg_color, "#1d4ed8");
  const textColour = colourOr(settings?.button_text_color, readableOn(background));
  const buttonLabel = settings?.button_text?.trim() || M.submit;
  const submit = el(
    "button",
    { type: "submit", class: "cw-button cw-form__submit", style: `background:${background};color:${textColour}` },
    buttonLabel,
  );
  form.append(general, ...(captcha ? [captcha.element] : []), submit, success);
  frame.body.append(form);

  const clearMarks = () => {
    for (const view of views) {
      view.error.textContent = "";
      view.control?.removeAttribute("aria-invalid");
      view.control?.removeAttribute("aria-describedby");
    }
    general.textContent = "";
  };

  /** Marks each field's error right after it and focuses the first; unknown fields go to the general area. */
  const showErrors = (errors: { field: string; message: string }[]) => {
    let first: Control | null = null;
    const stray: string[] = [];
    for (const { field, message } of errors) {
      const view = views.find((v) => v.field.field === field && v.control);
      if (!view?.control) {
        stray.push(message);
        continue;
      }
      view.error.textContent = view.error.textContent ? `${view.error.textContent} ${message}` : message;
      view.control.setAttribute("aria-invalid", "true");
      view.control.setAttribute("aria-describedby", view.error.id);
      first ??= view.control;
    }
    general.textContent = [...(first ? [M.fixErrors(errors.length - stray.length)] : []), ...stray].join(" ");
    first?.focus();
  };

  const collect = () => {
    const values: Record<string, string> = {};
    const files: { field: string; file: File }[] = [];
    for (const { field, control } of views) {
      if (!control || isTextBlock(field)) continue;
      if (control instanceof HTMLInputElement && control.type === "file") {
        for (const file of control.files ?? []) files.push({ field: field.field, file });
      } else {
        values[field.field] = control.value;
      }
    }
    return { values, files };
  };

  let busy = false;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const setBusy = (on: boolean) => {
    busy = on;
    // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page behind the popup.
    if (on) submit.setAttribute("aria-disabled", "true");
    else submit.removeAttribute("aria-disabled");
    form.setAttribute("aria-busy", String(on));
    submit.replaceChildren(...(on ? [el("span", { class: "cw-spinner", "aria-hidden": "true" }), M.sending] : [buttonLabel]));
  };

  const redirect = (href: string, newTab: boolean) => {
    const opened = newTab ? window.open(href, "_blank") : null;
    if (opened) opened.opener = null;
    else window.location.assign(href); // Spec §4.3: a blocked new tab opens the link normally.
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    clearMarks();
    success.textContent = "";
    const { values, files } = collect();
    const problems = checkContactForm(
      views.map((v) => v.field),
      values,
      files.map(({ field, file }) => ({ field, name: file.name })),
    );
    if (problems.length > 0) return showErrors(problems);

    setBusy(true);
    try {
      const tokens = captcha ? await captcha.tokens() : { token: "", v2token: "" };
      const body = contactFormData({
        widget: context.widget,
        channel,
        pageInfo: context.pageInfo,
        fields: views.map((v) => v.field),
        values,
        files,
        ...tokens,
      });
      let answer: unknown;
      try {
        const response = await fetch(context.page.ajaxUrl, { method: "POST", body });
        answer = await response.json().catch(() => null);
      } catch {
        general.textContent = M.networkFailed; // Nothing typed is lost.
        return;
      }
      const outcome = readContactAnswer(answer, settings ?? {}, context.pageInfo.url);
      if (outcome.kind === "field-errors") return showErrors(outcome.errors);
      if (outcome.kind === "error") {
        general.textContent = outcome.message;
        return;
      }
      // The form's action is the message sent: the channel's click for the owner's analytics (reported once).
      context.reportClick();
      form.reset();
      for (const view of views) if (view.field.type === "email") view.wrapper.querySelector("[aria-live]")?.replaceChildren();
      success.textContent = outcome.message;
      // The message follows the Send button; a form taller than the popup is scrolled to it, or it stays out of sight.
      success.scrollIntoView?.({ block: "nearest" });
      if (outcome.redirect) redirect(outcome.redirect.href, outcome.redirect.newTab);
      if (outcome.closeAfterMs !== null) closeTimer = setTimeout(frame.close, outcome.closeAfterMs);
    } finally {
      setBusy(false);
      captcha?.refresh();
    }
  });

  // Spec §4.3: opening the form clears its messages and marks, with a fresh captcha token; what was typed stays.
  const draftKey = `${context.widget.id}:${channel.channel}`;
  const draft = drafts.get(draftKey);
  if (draft) {
    for (const { field, control } of views) {
      if (!control) continue;
      if (control instanceof HTMLInputElement && control.type === "file")
        putFiles(
          control,
          draft.files.filter((chosen) => chosen.field === field.field).map((chosen) => chosen.file),
        );
      else if (field.field in draft.values) control.value = draft.values[field.field] ?? "";
    }
  }
  clearMarks();
  captcha?.refresh();
  return {
    focusTarget: () => views.find((v) => v.control)?.control ?? null,
    destroy() {
      clearTimeout(closeTimer);
      captcha?.destroy();
      // Closed unsent (or emptied by a send): kept as it stands for the next opening on this page.
      const { values, files } = collect();
      if (files.length > 0 || Object.values(values).some((value) => value !== "")) drafts.set(draftKey, { values, files });
      else drafts.delete(draftKey);
    },
  };
}
