/**
 * Who may use the owner API (DESIGN.md §9, decision 0032): the preValidation hook of the `/api/admin/v1`
 * scope checks the signed-in account's role on every call and names the caller as `ctx.owner`,
 * which owner services read for the change log and order events. The owner may call everything;
 * a manager only the areas listed in MANAGER_AREAS (default deny: a new area is the owner's
 * until it is added here). This is the one place that decides.
 */
import type { FastifyRequest } from "fastify";
import type { StaffRole } from "../../db/schema.ts";
import { permissionAllows } from "../../http/api-key-caller.ts";
import { StoreError } from "../../http/errors.ts";
import * as repo from "./customers.repo.ts";

/** The signed-in member of staff making an owner API call. */
export interface Owner {
  id: number;
  role: StaffRole;
  /** How the call came when not from a console session: "API key <description>" (decision 0098); the change log keeps it. */
  via?: string;
}

declare module "../../http/context.ts" {
  interface ContextTypes {
    owner: Owner;
  }
}

export const ownerErrors = {
  notSignedIn: () => new StoreError("cw_rest_not_signed_in", "You are not signed in.", 401),
  forbidden: () => new StoreError("cw_rest_forbidden", "Sorry, you are not allowed to do that: this is for the shop owner.", 403),
  keyCannotRead: () =>
    new StoreError("cw_rest_forbidden", "This API key may only write: give it read or read_write permission to read.", 403),
  keyCannotWrite: () =>
    new StoreError("cw_rest_forbidden", "This API key may only read: give it write or read_write permission to make changes.", 403),
  keyNotHere: () =>
    new StoreError("cw_rest_forbidden", "API keys are managed from the console, signed in: an API key cannot use this area.", 403),
};

/** Areas no API key may call, whoever it acts as: a leaked key must not make more keys (decision 0098). */
const KEYLESS_AREAS: readonly string[] = ["/api-keys"];

/** Where the owner API is mounted (app.ts ADMIN_PREFIX); route patterns below are relative to it. */
const ADMIN_SCOPE = "/api/admin/v1";

/**
 * The owner API areas a manager may use, as route patterns under the scope: an area covers its
 * own path, what lies below it (`/orders/:id`) and its exports (`/orders/export.csv`). Settings,
 * staff, contact widgets and form definitions are not listed: they stay the owner's.
 * Coupons are not listed either: each is a standing promise of money off to anyone holding its code (decision 0040).
 */
export const MANAGER_AREAS: readonly string[] = [
  "/orders",
  "/customers",
  "/reports",
  // The catalogue (decision 0032: "orders, customers and catalogue"; decision 0043).
  "/products",
  "/categories",
  "/brands",
  "/tags",
  "/attributes",
  // Product reviews are the catalogue's (decision 0090).
  "/reviews",
  // Product images follow products (decision 0045).
  "/media",
  "/contact-messages",
  "/form-entries",
  // A form's entries (not the form itself): the entries pages list and export them.
  "/forms/:id/entries",
  // Their own login sessions.
  "/sessions",
];

/** True when a manager may call the route with this pattern (`/api/admin/v1/orders/:id`). */
export function managerMayUse(routePattern: string): boolean {
  if (!routePattern.startsWith(`${ADMIN_SCOPE}/`)) return false;
  const path = routePattern.slice(ADMIN_SCOPE.length);
  return MANAGER_AREAS.some((area) => path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}.`));
}

const isStaff = (role: string | undefined): role is StaffRole => role === "owner" || role === "manager";

/** 401 for a guest, 403 for a shopper and for a manager outside their areas; otherwise the request's context names its caller. */
export async function requireOwner(request: FastifyRequest): Promise<void> {
  const ctx = request.ctx;
  const key = request.apiKey;
  if (key) {
    // The key's hook has checked it, and that its member is still on the staff, with their role now.
    const route = request.routeOptions.url ?? "";
    if (!permissionAllows(key.permission, request.method))
      throw key.permission === "read" ? ownerErrors.keyCannotWrite() : ownerErrors.keyCannotRead();
    if (KEYLESS_AREAS.some((area) => route === `${ADMIN_SCOPE}${area}` || route.startsWith(`${ADMIN_SCOPE}${area}/`)))
      throw ownerErrors.keyNotHere();
    if (key.role === "manager" && !managerMayUse(route)) throw ownerErrors.forbidden();
    request.ctx = { ...ctx, owner: { id: key.staffId, role: key.role, via: `API key ${key.description}` } };
    return;
  }
  const { uid } = ctx.session;
  if (!uid) throw ownerErrors.notSignedIn();
  const role = await repo.findRole(ctx.db, uid);
  if (!isStaff(role)) throw ownerErrors.forbidden();
  if (role === "manager" && !managerMayUse(request.routeOptions.url ?? "")) throw ownerErrors.forbidden();
  request.ctx = { ...ctx, owner: { id: uid, role } };
}
