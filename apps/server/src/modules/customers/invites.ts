/**
 * Accepting a staff invitation (decision 0032), a Store API call of a signed-out visitor: with no
 * account under the invited e-mail one is created with the password chosen; an existing account
 * proves its password (counted like a sign-in). Either becomes a manager and is signed in, as
 * the account's sign-in does. The invitation is claimed by one conditional update, so it works once.
 */

import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { emailSubject } from "../../http/rate-limits.ts";
import type { Session } from "../../http/session.ts";
import * as repo from "./customers.repo.ts";
import {
  type Customer,
  checkNewPassword,
  countSignIn,
  customerErrors,
  getCustomer,
  KNOWN_SIGN_IN,
  startCustomerSession,
} from "./customers.service.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { hashInviteToken } from "./staff.admin.ts";

/** 32 random bytes, base64url: anything else is no token of ours and costs no lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const inviteErrors = {
  invalid: () => new StoreError("cw_rest_invite_invalid", "This invitation link is not valid. Ask the shop owner for a new one.", 404),
  used: () => new StoreError("cw_rest_invite_used", "This invitation has already been accepted. Sign in instead.", 410),
  expired: () => new StoreError("cw_rest_invite_expired", "This invitation has expired. Ask the shop owner for a new one.", 410),
  ownerAccount: () => new StoreError("cw_rest_staff_exists", "This account is the shop owner's already.", 409),
  wrongPassword: () =>
    new StoreError("cw_rest_incorrect_password", "The password is not right for this account.", 400, {
      details: { password: paramDetail("cw_rest_incorrect_password", "This is not the password of your account.") },
    }),
};

export interface InviteFacts {
  email: string;
  role: "manager";
  expires_at: string;
  /** The invited e-mail has an account already: its password is asked, not a new one. */
  account_exists: boolean;
}

async function waitingInvite(ctx: Pick<RequestContext, "db" | "now">, token: string) {
  if (!TOKEN_PATTERN.test(token)) throw inviteErrors.invalid();
  const invite = await ctx.db.selectFrom("staff_invites").selectAll().where("token_hash", "=", hashInviteToken(token)).executeTakeFirst();
  if (!invite) throw inviteErrors.invalid();
  if (invite.accepted_at !== null) throw inviteErrors.used();
  if (Date.parse(invite.expires_at) <= (ctx.now ?? new Date()).getTime()) throw inviteErrors.expired();
  return invite;
}

/** What the accept page shows: the e-mail invited and whether it has an account. */
export async function lookUpInvite(ctx: RequestContext, token: string): Promise<InviteFacts> {
  const invite = await waitingInvite(ctx, token);
  const account = await repo.findByEmail(ctx.db, invite.email);
  return { email: invite.email, role: invite.role, expires_at: invite.expires_at, account_exists: Boolean(account) };
}

export interface AcceptInput {
  token: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/** Accepts the invitation and signs in; the caller issues the new session's token. */
export async function acceptInvite(ctx: RequestContext, input: AcceptInput): Promise<{ customer: Customer; session: Session }> {
  const { db, session: current } = ctx;
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const invite = await waitingInvite(ctx, input.token);
  const account = await repo.findByEmail(db, invite.email);
  let passwordHash: string | null = null;
  if (account) {
    if (account.role === "owner") throw inviteErrors.ownerAccount();
    const client = ctx.limits();
    const hits = await countSignIn(client, account.email);
    if (!input.password || !(await verifyPassword(input.password, account.password_hash))) throw inviteErrors.wrongPassword();
    await client.giveBack(hits);
    await client.remember(KNOWN_SIGN_IN, `${emailSubject(account.email)} ${client.address}`);
  } else {
    checkNewPassword(input.password, "manager");
    passwordHash = await hashPassword(input.password);
  }
  const id = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("staff_invites")
      .set({ accepted_at: at })
      .where("id", "=", invite.id)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw inviteErrors.used();
    if (account) {
      await repo.setRole(trx, account.id, "manager", at);
      return account.id;
    }
    const created = await repo.insertCustomer(trx, {
      email: invite.email,
      password_hash: passwordHash as string,
      first_name: input.firstName?.trim() ?? "",
      last_name: input.lastName?.trim() ?? "",
      billing_address: "{}",
      shipping_address: "{}",
      role: "manager",
      created_at: at,
      updated_at: at,
    });
    // Registered a moment ago under the same e-mail: accepting again proves that account's password.
    if (created === undefined) throw customerErrors.emailExists();
    return created;
  });
  const session = await startCustomerSession(db, current, id, now);
  return { customer: (await getCustomer(db, id)) as Customer, session };
}
