/**
 * The form's anti-spam token (spec §7 `forms_get_token`): the issue time (ms) and an HMAC of the form
 * id and that time under a key derived from the shop's SECRET; accepted in the rules package's
 * window (`tokenWindowAccepts`) and only for the form it was issued for. Its signed issue time is
 * what the form's minimum time to fill in counts from (decision 0163).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { tokenWindowAccepts } from "@cartwright/commerce/forms";

/** Never the SECRET itself: a key of its own, for this use only. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("forms-token").digest();
const sign = (secret: string, formId: number, issuedAt: number) =>
  createHmac("sha256", keyOf(secret)).update(`${formId}.${issuedAt}`).digest("base64url");

export function createFormToken(secret: string, formId: number, now: number): string {
  // To the millisecond: a minimum time of 1 s is then 1 s, not anything from 0 to 1 s.
  const issuedAt = Math.floor(now);
  return `${issuedAt.toString(36)}.${sign(secret, formId, issuedAt)}`;
}

/** When a token this shop signed for this form was issued, if within the window; else null. */
export function formTokenIssuedAt(secret: string, formId: number, token: string, now: number): number | null {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number.parseInt(match[1] ?? "", 36);
  const expected = Buffer.from(sign(secret, formId, issuedAt));
  const given = Buffer.from(match[2] ?? "");
  return expected.length === given.length && timingSafeEqual(expected, given) && tokenWindowAccepts(issuedAt, now) ? issuedAt : null;
}

/** True for a token this shop signed for this form, issued within the window. */
export const formTokenAccepted = (secret: string, formId: number, token: string, now: number): boolean =>
  formTokenIssuedAt(secret, formId, token, now) !== null;
