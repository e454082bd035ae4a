/**
 * A request made with an owner API key (decision 0098): the key's hook (modules/api-keys) names it
 * here, so that the session hooks leave the request alone (no cookie, no nonce) and the owner
 * check (modules/customers/owner.ts) reads its staff member and permission without importing that module.
 */
import type { ApiKeyPermission, StaffRole } from "../db/schema.ts";

export interface ApiKeyCaller {
  /** The key's row id. */
  id: number;
  description: string;
  permission: ApiKeyPermission;
  /** The staff member the key acts as, and their role now (checked on every request). */
  staffId: number;
  role: StaffRole;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set on owner API requests that came with a valid API key; absent otherwise. */
    apiKey?: ApiKeyCaller;
  }
}

/** GET and HEAD read; everything else writes. */
export const isReadMethod = (method: string) => method === "GET" || method === "HEAD";

/** Whether a key's permission covers a request's method (a write-only key reads nothing, as in WooCommerce). */
export const permissionAllows = (permission: ApiKeyPermission, method: string) =>
  permission === "read_write" || (permission === "read") === isReadMethod(method);
