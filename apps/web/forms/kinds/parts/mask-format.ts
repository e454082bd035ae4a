/**
 * Input masks (spec §5.4): "9" a digit, "a" a letter, "*" a letter or digit, anything else written
 * as it is. What is typed is poured into the mask; a literal is written only when more follows or
 * the visitor typed it, so deleting past a literal works. The server checks with `isMaskComplete`.
 */
const DIGIT = /^\d$/;
const LETTER = /^\p{L}$/u;
const EITHER = /^[\p{L}\d]$/u;

function fits(slot: string, char: string): boolean {
  if (slot === "9") return DIGIT.test(char);
  if (slot === "a") return LETTER.test(char);
  return EITHER.test(char);
}

function isSlot(char: string): boolean {
  return char === "9" || char === "a" || char === "*";
}

/** The value `typed` becomes under `mask`. */
export function applyMask(mask: string, typed: string): string {
  const slots = [...mask];
  const chars = [...typed];
  let position = 0;
  let result = "";
  for (const slot of slots) {
    if (position >= chars.length) break;
    if (!isSlot(slot)) {
      result += slot;
      if (chars[position] === slot) position++;
      continue;
    }
    while (position < chars.length && !fits(slot, chars[position] as string)) position++;
    if (position >= chars.length) break;
    result += chars[position];
    position++;
  }
  return result;
}

/** How many letters and digits come before `caret` in `text` (literals do not count). */
export function dataBefore(text: string, caret: number): number {
  return [...text.slice(0, caret)].filter((char) => EITHER.test(char)).length;
}

/** The caret position in a masked value just after its `count`-th slot character, past the literals that follow. */
export function caretAfterData(mask: string, masked: string, count: number): number {
  const slots = [...mask];
  const chars = [...masked];
  let seen = 0;
  let length = 0;
  for (const [index, char] of chars.entries()) {
    const data = isSlot(slots[index] ?? "");
    if (seen === count && data) return length;
    if (data) seen++;
    length += char.length;
  }
  return length;
}

/** A placeholder showing the mask's shape: "(999) 999-9999" → "(___) ___-____". */
export function maskPlaceholder(mask: string): string {
  return [...mask].map((char) => (isSlot(char) ? "_" : char)).join("");
}
