/**
 * The builder's preview runs the shop's own forms runtime (decision 0029): loaded once by its
 * address (/forms/static/…, the admin layout's loader names it), never bundled into the console,
 * and handed each redrawn shadow root through the runtime's queue with the preview flag.
 */
import type { FormPagePayload } from "@cartwright/commerce/forms";
import { FORMS_QUEUE, type FormsQueueEntry } from "../../../../forms/queue.ts";

/**
 * The preview's markup: the form's HTML and, for the runtime, its payload as a data block (as
 * FormEmbed writes it). The stylesheet is not in it: the console's Content-Security-Policy refuses
 * a <style> without the page's nonce, so the form's styles reach the shadow root as an adopted
 * sheet (previewStyles).
 */
export function previewMarkup(html: string, payload: FormPagePayload | null): string {
  if (!payload) return html;
  // A data block is never run; "<" is escaped so no text in it can close the element.
  const json = JSON.stringify(payload).replace(/</g, "\\u003c");
  return `${html}<script type="application/json" id="cwf${payload.form.id}-payload">${json}</script>`;
}

/** Gives the preview's shadow root the form's stylesheet first, ahead of any the runtime's kinds add (CSP allows constructed sheets). */
export function previewStyles(root: ShadowRoot, css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
}

const loaded = new Set<string>();

/** Adds the runtime's module to the console's page once; entries pushed before it runs wait in the queue. */
export function loadFormsRuntime(src: string): void {
  if (loaded.has(src) || document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  loaded.add(src);
  window[FORMS_QUEUE] ??= [];
  const script = document.createElement("script");
  script.type = "module";
  script.src = src;
  document.head.append(script);
}

/** Asks the runtime to mount the root's form as a preview (now, or once it has loaded). */
export function mountPreview(root: ShadowRoot): void {
  const entry: FormsQueueEntry = { root, preview: true };
  window[FORMS_QUEUE] ??= [];
  window[FORMS_QUEUE].push(entry);
}
