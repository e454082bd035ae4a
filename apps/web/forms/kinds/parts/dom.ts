/** Small DOM helpers the field kinds share (plain DOM, no framework: decision 0028). */
import type { FormField } from "@cartwright/commerce/forms";
import { inputName } from "@cartwright/commerce/forms";
import { KINDS_CSS } from "./css.ts";

type Child = Node | string | null | undefined | false;

/** Makes an element; attributes with `undefined` or `false` are left out, `true` is an empty attribute. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> | null = null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {}))
    if (value !== undefined && value !== false) element.setAttribute(name, value === true ? "" : String(value));
  for (const child of children) if (child) element.append(child);
  return element;
}

const styled = new WeakSet<Document | ShadowRoot>();

/** Adds the kinds' stylesheet once to the document or shadow root holding `node` (constructed: no nonce needed). */
export function adoptKindsCss(node: Node): void {
  const root = node.getRootNode();
  const target = root instanceof ShadowRoot ? root : document;
  if (styled.has(target)) return;
  styled.add(target);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(KINDS_CSS);
  target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
}

/** The field's input named `forms[fields][{id}]` (or its sub-input). */
export function fieldInput(container: HTMLElement, field: FormField, sub?: string): HTMLInputElement | null {
  return container.querySelector<HTMLInputElement>(`input[name="${CSS.escape(inputName(field.id, sub))}"]`);
}

/** A stable id for an element the kind adds: the form's own prefix, so two forms never clash. */
export function kindId(formId: number, field: FormField, part: string): string {
  return `cwf${formId}-${field.id}-${part}`;
}

/** A polite live region: the text is replaced only when it changes, so screen readers hear each change once. */
export function politeStatus(className: string): { element: HTMLElement; say(text: string): void } {
  const element = h("span", { class: className, role: "status", "aria-live": "polite" });
  return {
    element,
    say(text) {
      if (element.textContent !== text) element.textContent = text;
    },
  };
}

/** Puts files into a file input, so a post without the runtime's fetch sends them too. */
export function putFiles(input: HTMLInputElement, files: readonly File[]): void {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
  } catch {
    // Browsers without a DataTransfer constructor keep the runtime's copy only (ctx.setFiles).
  }
}
