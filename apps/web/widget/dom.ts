/** A tiny element builder for the widget (no framework: decision 0020). */
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

/** An element holding trusted markup of our own (the bundled SVG icons). */
export function svgHolder(className: string, markup: string): HTMLSpanElement {
  const holder = h("span", { class: className, "aria-hidden": "true" });
  holder.innerHTML = markup;
  return holder;
}

/** A stylesheet for a shadow root: constructed sheets need no nonce under the page's CSP. */
export function sheet(css: string): CSSStyleSheet {
  const result = new CSSStyleSheet();
  result.replaceSync(css);
  return result;
}
