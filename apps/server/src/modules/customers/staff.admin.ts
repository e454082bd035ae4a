/**
 * The shop's staff, for the owner (decision 0032): who is on it, invitations by e-mail (a link
 * with a random token, stored only as its hash, 7 days, once), withdrawing an invitation and
 * removing a manager (back to a shopper, every session ended). Each write and its change_log row
 * share one transaction.
 */
import { createHash, randomBytes } from "node:crypto";
import { isValidEmail } from "@cartwright/commerce";
import { sql } from "kysely";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";
import { paramDetail, StoreError } from "../../http/errors.ts";
import { changeVia } from "../../http/owner-change.ts";
import { type Mailer, sendStaffInvite } from "../emails/index.ts";
import * as repo from "./customers.repo.ts";
import { normaliseCustomerEmail } from "./customers.service.ts";

/** How long an invitation link works. */
export const INVITE_DAYS = 7;
/** Where the link lands: the console's accept page. */
export const INVITE_PATH = "/admin/invite";

export interface StaffMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: "owner" | "manager";
  created_at: string;
  /** The latest use of any of their sessions (written every few minutes); null when they never signed in. */
  last_active_at: string | null;
}

export interface StaffInvite {
  id: number;
  email: string;
  role: "manager";
  created_at: string;
  expires_at: string;
  /** The inviting owner's e-mail; null once that account is gone. */
  invited_by: string | null;
}

export const staffErrors = {
  invalidEmail: () =>
    new StoreError("rest_invalid_param", "Invalid parameter(s): email", 400, {
      details: { email: paramDetail("rest_invalid_param", "Enter a valid email address.") },
    }),
  alreadyStaff: () =>
    new StoreError("cw_rest_staff_exists", "This person is already on the shop's staff.", 409, {
      details: { email: paramDetail("cw_rest_staff_exists", "This person is already on the shop's staff.") },
    }),
  mailUnavailable: () => new StoreError("cw_rest_mail_unavailable", "The shop cannot send email, so the invitation cannot be sent.", 503),
  notSent: () => new StoreError("cw_rest_invite_not_sent", "The invitation email could not be sent. Try again in a moment.", 502),
  inviteNotFound: () => new StoreError("cw_rest_invite_not_found", "No such invitation is waiting.", 404),
  staffNotFound: () => new StoreError("cw_rest_staff_not_found", "No such manager.", 404),
  ownerStays: () => new StoreError("cw_rest_staff_owner", "The shop owner cannot be removed from the staff.", 409),
};

/** The hash an invitation's token is kept and looked up as. */
export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

const nowOf = (ctx: RequestContext) => ctx.now ?? new Date();

async function logChange(
  db: Db,
  ctx: RequestContext,
  entity: string,
  id: number,
  action: "create" | "update" | "delete",
  before: unknown,
  after: unknown,
) {
  await db
    .insertInto("change_log")
    .values({
      actor_id: ctx.owner?.id ?? ctx.session.uid,
      entity,
      entity_id: String(id),
      action,
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      created_at: nowOf(ctx).toISOString(),
      via: changeVia(ctx),
    })
    .execute();
}

/** The owner and managers (owner first, then by e-mail) and the invitations not yet accepted (newest first, expired ones too). */
export async function listStaff(ctx: RequestContext): Promise<{ staff: StaffMember[]; invites: StaffInvite[] }> {
  const { db } = ctx;
  const members = await db
    .selectFrom("customers")
    .leftJoin("customer_sessions", "customer_sessions.customer_id", "customers.id")
    .select(["customers.id", "customers.email", "customers.first_name", "customers.last_name", "customers.role", "customers.created_at"])
    .select((eb) => eb.fn.max("customer_sessions.last_used_at").as("last_active_at"))
    .where("customers.role", "in", ["owner", "manager"])
    .groupBy(["customers.id", "customers.email", "customers.first_name", "customers.last_name", "customers.role", "customers.created_at"])
    .orderBy(sql`case when customers.role = 'owner' then 0 else 1 end`)
    .orderBy("customers.email")
    .execute();
  const invites = await db
    .selectFrom("staff_invites")
    .leftJoin("customers", "customers.id", "staff_invites.invited_by")
    .select([
      "staff_invites.id",
      "staff_invites.email",
      "staff_invites.role",
      "staff_invites.created_at",
      "staff_invites.expires_at",
      "customers.email as invited_by",
    ])
    .where("staff_invites.accepted_at", "is", null)
    .orderBy("staff_invites.created_at", "desc")
    .orderBy("staff_invites.id", "desc")
    .execute();
  return {
    staff: members.map((m) => ({ ...m, role: m.role as StaffMember["role"], last_active_at: (m.last_active_at as string | null) ?? null })),
    invites: invites.map((i) => ({ ...i, invited_by: i.invited_by ?? null })),
  };
}

/**
 * Invites a manager: a new token whose hash is stored for INVITE_DAYS, mailed as a link to the
 * console's accept page. A waiting invitation to the same address is replaced. When the e-mail
 * cannot be sent the invitation is withdrawn again (502), so none waits that nobody received.
 */
export async function inviteStaff(
  ctx: RequestContext,
  mailer: Mailer | undefined,
  input: { email: string; role: "manager" },
): Promise<StaffInvite> {
  const email = normaliseCustomerEmail(input.email);
  if (!isValidEmail(email)) throw staffErrors.invalidEmail();
  if (!mailer) throw staffErrors.mailUnavailable();
  const existing = await repo.findByEmail(ctx.db, email);
  if (existing && existing.role !== "customer") throw staffErrors.alreadyStaff();
  const token = randomBytes(32).toString("base64url");
  const now = nowOf(ctx);
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const row = {
    email,
    role: input.role,
    token_hash: hashInviteToken(token),
    invited_by: ctx.owner?.id ?? null,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    accepted_at: null,
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_invites").where("email", "=", email).where("accepted_at", "is", null).execute();
    const inserted = await trx.insertInto("staff_invites").values(row).returning("id").executeTakeFirstOrThrow();
    await logChange(trx, ctx, "staff_invite", inserted.id, "create", null, { email, role: input.role, expires_at: expiresAt });
    return inserted.id;
  });
  const settings = await ctx.shopSettings();
  const inviter = ctx.owner ? await repo.findById(ctx.db, ctx.owner.id) : undefined;
  try {
    await sendStaffInvite(
      mailer,
      {
        inviteId: id,
        siteTitle: settings.siteTitle,
        invitedBy: inviter?.email ?? "The shop owner",
        role: input.role,
        link: `${mailer.publicUrl}${INVITE_PATH}?token=${token}`,
        expiresAt,
      },
      email,
      settings,
    );
  } catch {
    await ctx.db.deleteFrom("staff_invites").where("id", "=", id).execute();
    throw staffErrors.notSent();
  }
  return { id, email, role: input.role, created_at: row.created_at, expires_at: expiresAt, invited_by: inviter?.email ?? null };
}

/** Withdraws an invitation not yet accepted: its link works no more. */
export async function revokeInvite(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom("staff_invites")
      .selectAll()
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    if (!invite) throw staffErrors.inviteNotFound();
    await trx.deleteFrom("staff_invites").where("id", "=", id).execute();
    await logChange(
      trx,
      ctx,
      "staff_invite",
      id,
      "delete",
      { email: invite.email, role: invite.role, expires_at: invite.expires_at },
      null,
    );
  });
}

/** A manager goes back to being a shopper (their orders and account stay); every session of theirs ends at once. */
export async function removeStaff(ctx: RequestContext, id: number): Promise<void> {
  const at = nowOf(ctx).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const member = await repo.findById(trx, id);
    if (member?.role === "owner") throw staffErrors.ownerStays();
    if (member?.role !== "manager") throw staffErrors.staffNotFound();
    await repo.setRole(trx, id, "customer", at);
    await repo.revokeCustomerLoginSessions(trx, id, at);
    await logChange(trx, ctx, "staff", id, "update", { email: member.email, role: "manager" }, { email: member.email, role: "customer" });
  });
}
