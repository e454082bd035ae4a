/**
 * The pure parts of the form's anti-spam (reference widget-forms-attribution §2 "WPForms anti-spam"):
 * the honeypot's label and id, what counts as a filled honeypot, the token's time window, and the
 * owner's minimum time to fill a form in, counted from the token's issue (decision 0163). The server
 * signs and checks the token itself.
 */
import { valueList } from "./logic.ts";
import type { FormDefinition, FormValues } from "./types.ts";

/** Returns a number in [0, 1), like Math.random; tests pass a fixed sequence. */
export type RandomSource = () => number;

/** Up to 3 distinct words from the form's own labels, shuffled (a decoy that reads like the form). */
export function honeypotLabel(definition: FormDefinition, random: RandomSource): string {
  const words = [...new Set(definition.fields.flatMap((field) => field.label.split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length > 1))];
  for (let index = words.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [words[index], words[other]] = [words[other] as string, words[index] as string];
  }
  return words.slice(0, 3).join(" ");
}

/** The honeypot's field id: the first id the form does not use. */
export function honeypotFieldId(definition: FormDefinition): number {
  const used = new Set(definition.fields.map((field) => field.id));
  let id = 1;
  while (used.has(id)) id++;
  return id;
}

/** Spam when any non-empty input names a field the form does not have (the honeypot among them). */
export function isHoneypotFilled(definition: FormDefinition, values: FormValues): boolean {
  const known = new Set(definition.fields.map((field) => String(field.id)));
  return Object.entries(values).some(([id, value]) => !known.has(id) && valueList(value).length > 0);
}

const DAY = 24 * 60 * 60 * 1000;
/** The window a token is accepted in: issued from 2 days before now to 45 minutes after (clock skew). */
export const TOKEN_WINDOW = { beforeMs: 2 * DAY, afterMs: 45 * 60 * 1000 } as const;

/** Whether a token issued at `issuedAt` (ms since the epoch) is still accepted at `now`. */
export function tokenWindowAccepts(issuedAt: number, now: number): boolean {
  if (!Number.isFinite(issuedAt) || !Number.isFinite(now)) return false;
  return issuedAt >= now - TOKEN_WINDOW.beforeMs && issuedAt <= now + TOKEN_WINDOW.afterMs;
}

/** The longest minimum time to fill a form in an owner may set (`settings.antiSpam.minSeconds`): ten minutes. */
export const MIN_SECONDS_MAX = 600;

/**
 * Whether a send at `now` came sooner than `minSeconds` after its token was issued (ms since the epoch): what no
 * person filling the form in does. The server's own clock and signed time, never the browser's timestamps, which a
 * bot writes as it likes. 0 (or a form saved before the rule) never refuses.
 */
export function sentTooSoon(issuedAt: number, now: number, minSeconds = 0): boolean {
  return minSeconds > 0 && now - issuedAt < minSeconds * 1000;
}
