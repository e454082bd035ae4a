/**
 * A shopper who lost their password asks for a link by e-mail (`POST /account/lost-password`) and
 * chooses a new password through it (`POST /account/reset-password`, decision 0077). The answer to the
 * ask is the same whether or not the address has an account, and the e-mail leaves after it, so the
 * mail server's time is not in it either. The link's token is stored as its hash, works for an hour and
 * once (claimed by one conditional update); choosing the password ends every session of the account
 * and signs this client in.
 */
import { createHash, randomBytes } from "node:crypto";
import { isValidEmail } from "@cartwright/commerce";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { logOwnerChange } from "../../http/owner-change.ts";
import { emailSubject, RATE_LIMITS } from "../../http/rate-limits.ts";
import type { Session } from "../../http/session.ts";
import { type Mailer, sendPasswordReset } from "../emails/index.ts";
import { customerNotFound } from "./customers.admin.ts";
import * as repo from "./customers.repo.ts";
import {
  type Customer,
  checkNewPassword,
  customerErrors,
  getCustomer,
  normaliseCustomerEmail,
  startCustomerSession,
} from "./customers.service.ts";
import { hashPassword } from "./password.ts";

/** How long a reset link works. */
export const RESET_VALID_MINUTES = 60;
/** Where the link lands: the storefront's page that chooses the new password. */
export const RESET_PATH = "/my-account/reset-password";
/** 32 random bytes, base64url: anything else is no token of ours and costs no lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const resetErrors = {
  invalid: () => new StoreError("cw_rest_reset_invalid", "This password reset link is not valid. Ask for a new one.", 404),
  used: () => new StoreError("cw_rest_reset_used", "This password reset link has been used already. Ask for a new one.", 410),
  expired: () => new StoreError("cw_rest_reset_expired", "This password reset link has expired. Ask for a new one.", 410),
  mailUnavailable: () =>
    new StoreError("cw_rest_mail_unavailable", "This shop cannot send email at the moment, so it cannot send a reset link.", 503),
  notSent: () => new StoreError("cw_rest_mail_not_sent", "The reset link could not be sent. Try again in a moment.", 502),
  staffAccount: () =>
    new StoreError("cw_rest_reset_staff_account", "Staff accounts choose a new password themselves, from the sign-in page.", 409),
};

type Log = { error: (facts: object, message: string) => void };

/**
 * Mails a reset link when the address has an account; answers alike when it has none. Counts every
 * ask against the client's address and the e-mail's (429), an unknown e-mail too, so a refusal tells
 * nothing either. The e-mail is sent after the answer; a failure is logged.
 */
export async function requestPasswordReset(ctx: RequestContext, mailer: Mailer | undefined, input: string, log: Log): Promise<void> {
  const email = normaliseCustomerEmail(input);
  if (!isValidEmail(email)) throw customerErrors.invalidEmail();
  if (!mailer) throw resetErrors.mailUnavailable();
  const client = ctx.limits();
  await client.take(RATE_LIMITS.passwordResetsPerAddress);
  await client.take(RATE_LIMITS.passwordResetsPerEmail, emailSubject(email));
  const account = await repo.findByEmail(ctx.db, email);
  if (!account) return;
  const issued = await issueReset(ctx, account.id);
  mailReset(ctx, mailer, issued, account.email).catch((error: unknown) =>
    log.error({ err: error, resetId: issued.id }, "password reset email not sent"),
  );
}

export interface IssuedReset {
  id: number;
  token: string;
  expiresAt: string;
}

/** A new link for the account, replacing any waiting one (one waiting link per account); logged as the owner's change when the owner sent it. */
export async function issueReset(ctx: RequestContext, customerId: number, validMinutes = RESET_VALID_MINUTES): Promise<IssuedReset> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now ?? new Date();
  const row = {
    customer_id: customerId,
    token_hash: hashResetToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + validMinutes * 60 * 1000).toISOString(),
    used_at: null,
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_resets").where("customer_id", "=", customerId).where("used_at", "is", null).execute();
    const inserted = await trx.insertInto("password_resets").values(row).returning("id").executeTakeFirstOrThrow();
    if (ctx.owner)
      await logOwnerChange(trx, ctx, "password_reset", inserted.id, null, { customer_id: customerId, expires_at: row.expires_at });
    return inserted.id;
  });
  return { id, token, expiresAt: row.expires_at };
}

/** The link of an issued reset, on the storefront's page that chooses the password. */
export const resetLink = (mailer: Mailer, token: string) => `${mailer.publicUrl}${RESET_PATH}?key=${token}`;

async function mailReset(ctx: RequestContext, mailer: Mailer, issued: IssuedReset, to: string): Promise<void> {
  const settings = await ctx.shopSettings();
  const link = resetLink(mailer, issued.token);
  await sendPasswordReset(
    mailer,
    { resetId: issued.id, siteTitle: settings.siteTitle, link, validMinutes: RESET_VALID_MINUTES },
    to,
    settings,
  );
}

/**
 * The owner's (or a manager's) "Send a password reset link" for a shopper's account: the same link a
 * shopper asks for, mailed before the answer, which says where it went (502 when it could not be
 * sent, the link then withdrawn). Staff accounts reset their own password.
 */
export async function sendResetLinkFor(
  ctx: RequestContext,
  mailer: Mailer | undefined,
  customerId: number,
): Promise<{ email: string; expires_at: string }> {
  const account = await repo.findById(ctx.db, customerId);
  if (!account) throw customerNotFound();
  if (account.role !== "customer") throw resetErrors.staffAccount();
  if (!mailer) throw resetErrors.mailUnavailable();
  const issued = await issueReset(ctx, account.id);
  try {
    await mailReset(ctx, mailer, issued, account.email);
  } catch {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("password_resets").where("id", "=", issued.id).execute();
      await logOwnerChange(trx, ctx, "password_reset", issued.id, { customer_id: account.id, expires_at: issued.expiresAt }, null);
    });
    throw resetErrors.notSent();
  }
  return { email: account.email, expires_at: issued.expiresAt };
}

async function waitingReset(ctx: Pick<RequestContext, "db" | "now">, token: string) {
  if (!TOKEN_PATTERN.test(token)) throw resetErrors.invalid();
  const reset = await ctx.db.selectFrom("password_resets").selectAll().where("token_hash", "=", hashResetToken(token)).executeTakeFirst();
  if (!reset) throw resetErrors.invalid();
  if (reset.used_at !== null) throw resetErrors.used();
  if (Date.parse(reset.expires_at) <= (ctx.now ?? new Date()).getTime()) throw resetErrors.expired();
  const account = await repo.findById(ctx.db, reset.customer_id);
  if (!account) throw resetErrors.invalid();
  return { reset, account };
}

/** Whether the link still works, and for which account (the page names its address, and a staff account's password rule). */
export async function checkResetLink(ctx: RequestContext, token: string): Promise<Pick<repo.CustomerRow, "email" | "role">> {
  const { account } = await waitingReset(ctx, token);
  return { email: account.email, role: account.role };
}

/** Sets the new password, ends every session of the account and signs this client in; the caller issues the session's token. */
export async function resetPassword(
  ctx: RequestContext,
  token: string,
  password: string,
): Promise<{ customer: Customer; session: Session }> {
  const { reset, account } = await waitingReset(ctx, token);
  checkNewPassword(password, account.role);
  const passwordHash = await hashPassword(password);
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("password_resets")
      .set({ used_at: at })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw resetErrors.used();
    await repo.updatePasswordHash(trx, account.id, passwordHash, at);
    await repo.revokeCustomerLoginSessions(trx, account.id, at);
  });
  const session = await startCustomerSession(ctx.db, ctx.session, account.id, now);
  return { customer: (await getCustomer(ctx.db, account.id)) as Customer, session };
}

/** Part of the sweep: resets whose link has stopped working, used or not (nothing reads them after). */
export async function deleteEndedPasswordResets(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("password_resets").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
