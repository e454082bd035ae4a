/** Text without a character past ASCII, which no Unicode normalisation changes. */
const ASCII_ONLY = /^\p{ASCII}*$/u;

/**
 * `text.normalize(form)`, with ASCII text returned as it is: no form changes it, and the first
 * normalize() call keeps several MB of ICU's data resident for the life of the process (decision 0066).
 */
export function normalized(text: string, form: "NFC" | "NFD" | "NFKC" | "NFKD"): string {
  return ASCII_ONLY.test(text) ? text : text.normalize(form);
}
