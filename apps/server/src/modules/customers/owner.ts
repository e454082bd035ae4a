/**
 * Who may use the owner API (DESIGN.md §9): the preHandler of the `/api/admin/v1` scope checks
 * the signed-in account's role on every call and names the caller as `ctx.owner`, which owner
 * services read for the change log. Shop managers (issue 18) will join here with their own role.
 */
import type { FastifyRequest } from "fastify";
import { StoreError } from "../../http/errors.ts";
import * as repo from "./customers.repo.ts";

/** The signed-in owner making an owner API call. */
export interface Owner {
  id: number;
  role: "owner";
}

declare module "../../http/context.ts" {
  interface ContextTypes {
    owner: Owner;
  }
}

export const ownerErrors = {
  notSignedIn: () => new StoreError("cw_rest_not_signed_in", "You are not signed in.", 401),
  forbidden: () => new StoreError("cw_rest_forbidden", "Sorry, you are not allowed to do that: this is for the shop owner.", 403),
};

/** 401 for a guest, 403 for a shopper; otherwise the request's context names its owner. */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  const ctx = request.ctx;
  const { uid } = ctx.session;
  if (!uid) throw ownerErrors.notSignedIn();
  if ((await repo.findRole(ctx.db, uid)) !== "owner") throw ownerErrors.forbidden();
  request.ctx = { ...ctx, owner: { id: uid, role: "owner" } };
}
