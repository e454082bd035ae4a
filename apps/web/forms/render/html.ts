/** Building HTML as text, every text and attribute escaped (the renderer has no DOM). */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text or an attribute value, safe inside any element or quoted attribute. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

export type AttrValue = string | number | boolean | null | undefined;

/** ` name="value"` pairs; `true` writes the bare name, false/null/undefined/"" leave it out (except value). */
export function attrs(list: Record<string, AttrValue>): string {
  let out = "";
  for (const [name, value] of Object.entries(list)) {
    if (value === false || value === null || value === undefined) continue;
    if (value === true) out += ` ${name}`;
    else if (value === "" && name !== "value" && name !== "alt") continue;
    else out += ` ${name}="${esc(value)}"`;
  }
  return out;
}

/** An element; `inner` is HTML already escaped. Void elements take no inner. */
export function el(name: string, list: Record<string, AttrValue>, inner = ""): string {
  if (VOID.has(name)) return `<${name}${attrs(list)}>`;
  return `<${name}${attrs(list)}>${inner}</${name}>`;
}

const VOID = new Set(["input", "img", "br", "hr", "meta", "link"]);

/** Space-separated ids, blanks removed (aria-describedby). */
export const ids = (...list: (string | false | undefined)[]): string => list.filter(Boolean).join(" ");
