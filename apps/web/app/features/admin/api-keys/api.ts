/** The owner API's API keys calls (decision 0098) through the console's client. */
import { adminClient } from "../api.ts";
import { formatInZone } from "../time-zone.ts";

export type KeyPermission = "read" | "write" | "read_write";

export interface ApiKey {
  id: number;
  description: string;
  permission: KeyPermission;
  key_id: string;
  truncated_key: string;
  staff_id: number;
  staff_email: string;
  staff_role: "owner" | "manager" | null;
  created_at: string;
  last_access_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKey {
  secret: string;
}

const c = () => adminClient();

export const apiKeysApi = {
  list: () => c().admin<{ keys: ApiKey[] }>("/api-keys"),
  create: (body: { description: string; staff_id: number; permission: KeyPermission }) =>
    c().admin<CreatedApiKey>("/api-keys", { method: "POST", body }),
  revoke: (id: number) => c().admin<ApiKey>(`/api-keys/${id}/revoke`, { method: "POST" }),
  remove: (id: number) => c().admin<void>(`/api-keys/${id}`, { method: "DELETE" }),
};

/** A moment in the shop's time zone (decision 0086). */
export const formatWhen = (iso: string) => formatInZone(iso, { dateStyle: "medium", timeStyle: "short" });
