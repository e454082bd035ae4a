/**
 * The limits of staff login sessions and the owner API's view of the caller's own sessions
 * (decision 0032). A shopper's session lasts as long as its token (decision 0017); a session of the
 * owner or a manager also ends after STAFF_IDLE_MS without use and STAFF_MAX_AGE_MS after sign-in,
 * checked where every signed-in request is checked (loginSessionStands).
 */
import { createHash } from "node:crypto";
import type { CustomerRole } from "../../db/schema.ts";
import type { RequestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import * as repo from "./customers.repo.ts";

/** A staff session unused this long has ended: a console left open on a shared computer signs no one in the next morning. */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;
/** However busy, a staff session ends this long after its sign-in: the password is asked again every two weeks. */
export const STAFF_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** A staff session's last use is written at most this often, so the idle limit and "last active" are this precise. */
export const STAFF_TOUCH_MS = 5 * 60 * 1000;

export const isStaffRole = (role: CustomerRole | undefined) => role === "owner" || role === "manager";

/** True when a staff session has outlived its idle or absolute limit; a shopper's never does here. */
export function outlivedStaffLimits(row: { role: CustomerRole; created_at: string; last_used_at: string }, now: Date): boolean {
  if (!isStaffRole(row.role)) return false;
  const at = now.getTime();
  return at - Date.parse(row.last_used_at) > STAFF_IDLE_MS || at - Date.parse(row.created_at) > STAFF_MAX_AGE_MS;
}

/** The id a session is shown by: a hash of its secret id, so the list never hands out what a token carries. */
export const publicSessionId = (loginSessionId: string) => createHash("sha256").update(loginSessionId).digest("base64url").slice(0, 22);

export interface OwnSession {
  id: string;
  created_at: string;
  last_used_at: string;
  /** The session this request came in. */
  current: boolean;
}

const sessionErrors = {
  notFound: () => new StoreError("cw_rest_session_not_found", "No such session of yours is open.", 404),
  current: () => new StoreError("cw_rest_session_current", "This is the session you are using: sign out to end it.", 409),
};

/** The caller's open sessions, newest first; a staff session past its limits is ended, not listed. */
export async function listOwnSessions(ctx: RequestContext): Promise<OwnSession[]> {
  const { db, session, now = new Date() } = ctx;
  const role = await repo.findRole(db, session.uid);
  const rows = await repo.openLoginSessions(db, session.uid);
  const open = [];
  for (const row of rows) {
    if (role && outlivedStaffLimits({ ...row, role }, now)) await repo.revokeLoginSession(db, row.id, now.toISOString());
    else
      open.push({
        id: publicSessionId(row.id),
        created_at: row.created_at,
        last_used_at: row.last_used_at,
        current: row.id === session.lid,
      });
  }
  return open;
}

/** Ends one of the caller's other sessions; 404 when it is not theirs or already ended, 409 for the session asking. */
export async function endOwnSession(ctx: RequestContext, id: string): Promise<void> {
  const { db, session, now = new Date() } = ctx;
  const row = (await repo.openLoginSessions(db, session.uid)).find((open) => publicSessionId(open.id) === id);
  if (!row) throw sessionErrors.notFound();
  if (row.id === session.lid) throw sessionErrors.current();
  await repo.revokeLoginSession(db, row.id, now.toISOString());
}

/** Ends every session of the caller but the one asking; the number ended. */
export async function endOtherSessions(ctx: RequestContext): Promise<{ ended: number }> {
  const { db, session, now = new Date() } = ctx;
  return { ended: await repo.revokeOtherLoginSessions(db, session.uid, session.lid ?? "", now.toISOString()) };
}
