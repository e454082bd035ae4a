/** The owner API's API keys calls (decision 0098) through the console's client. */
import type { ApiKey, ApiKeyPermission, CreatedApiKey } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";
import { formatInZone } from "../time-zone.ts";

export type { ApiKey, ApiKeyPermission as KeyPermission, CreatedApiKey };

/** The permissions in the order the forms offer them. */
export const KEY_PERMISSIONS: readonly ApiKeyPermission[] = ["read", "write", "read_write"];

const c = () => adminClient();

export const apiKeysApi = {
  list: () => c().admin<{ keys: ApiKey[] }>("/api-keys"),
  create: (body: { description: string; staff_id: number; permission: ApiKeyPermission }) =>
    c().admin<CreatedApiKey>("/api-keys", { method: "POST", body }),
  update: (id: number, body: { description?: string; permission?: ApiKeyPermission }) =>
    c().admin<ApiKey>(`/api-keys/${id}`, { method: "PATCH", body }),
  revoke: (id: number) => c().admin<ApiKey>(`/api-keys/${id}/revoke`, { method: "POST" }),
  remove: (id: number) => c().admin<void>(`/api-keys/${id}`, { method: "DELETE" }),
};

/** A moment in the shop's time zone (decision 0086). */
export const formatWhen = (iso: string) => formatInZone(iso, { dateStyle: "medium", timeStyle: "short" });
