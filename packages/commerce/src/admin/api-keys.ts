/** The owner API's API keys (`/api/admin/v1/api-keys`, decision 0098). */

export type ApiKeyPermission = "read" | "write" | "read_write";

/** A key as the owner API answers it: never its secret. */
export interface ApiKey {
  id: number;
  description: string;
  permission: ApiKeyPermission;
  key_id: string;
  truncated_key: string;
  staff_id: number;
  staff_email: string;
  /** The staff member's role now; null when they are no longer on the staff (the key does nothing then). */
  staff_role: "owner" | "manager" | null;
  created_at: string;
  last_access_at: string | null;
  revoked_at: string | null;
}

/** The reply to a creation: the key and, this once, its secret. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}
