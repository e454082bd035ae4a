/** Small DOM helpers shared by the popups (no framework: the widget stays plain TypeScript). */

type Attributes = Record<string, string | number | boolean | null | undefined>;

/** Creates an element; `false`/`null`/`undefined` attributes are left out, `true` ones are set empty. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    // Through the CSSOM: a host page's CSP without 'unsafe-inline' refuses a style attribute, and the owner's colours with it.
    if (name === "style") element.style.cssText = String(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Parses trusted, bundled SVG markup (our own icons only, never owner or visitor text). */
export function svg(markup: string): SVGElement {
  const holder = document.createElement("span");
  holder.innerHTML = markup;
  return holder.firstElementChild as SVGElement;
}

/** The spec's truthy flag forms (§5.1), for payloads written before flags became booleans. */
export function isOn(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && ["1", "true", "yes", "on"].includes(value.toLowerCase()));
}

/** Black or white, whichever reads better on the given #rgb/#rrggbb background (WCAG luminance). */
export function readableOn(background: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!hex) return "#ffffff";
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white is (1.05)/(L+0.05), against black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? "#ffffff" : "#111111";
}

/** A colour the owner set, or the fallback when it is blank or not a hex colour. */
export function colourOr(value: string | undefined, fallback: string): string {
  return value && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : fallback;
}

const adopted = new WeakMap<ShadowRoot, Set<string>>();

/**
 * Adds a stylesheet to the widget's shadow root once (by id). A constructed sheet, as the core's:
 * the storefront's CSP refuses <style> elements without its nonce. Put first, so the core's sheets
 * and the owner's custom CSS (added by the core) come after ours and win.
 */
export function ensureStyles(root: ShadowRoot, id: string, css: string): void {
  const ids = adopted.get(root) ?? new Set<string>();
  if (ids.has(id)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
  adopted.set(root, ids.add(id));
}

let counter = 0;
/** An id unique within the page, for label and aria wiring. */
export function uid(prefix: string): string {
  counter += 1;
  return `cw-${prefix}-${counter}`;
}

/** The first element inside `container` that takes keyboard focus. */
export function firstFocusable(container: ParentNode): HTMLElement | null {
  return container.querySelector<HTMLElement>(
    "input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex='0']",
  );
}
