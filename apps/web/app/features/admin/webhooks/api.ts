/** The owner API's webhook calls (decision 0097) through the console's client. */
import type { OwnerPaging, WebhookInput, WebhookStatus } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type { WebhookInput, WebhookStatus };

export interface DeliverySummary {
  id: number;
  webhook_id: number;
  topic: string;
  resource: string;
  event: string;
  resource_id: number | null;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  attempted_at: string | null;
  delivered_at: string | null;
}

export interface Delivery extends DeliverySummary {
  request: { headers: Record<string, string> | null; body: string | null };
  response: { status: number | null; body: string | null; duration_ms: number | null };
}

export interface Webhook {
  id: number;
  name: string;
  topic: string;
  delivery_url: string;
  secret: string;
  status: WebhookStatus;
  api_version: string;
  failure_count: number;
  disabled_reason: string | null;
  warnings: "insecure_url"[];
  created_at: string;
  updated_at: string;
  last_delivery: DeliverySummary | null;
  /** Sent back with a save: a webhook changed since (by someone else, or disabled after failures) is refused (decision 0158). */
  version: string;
}

const c = () => adminClient();

export const webhooksApi = {
  list: (page: number, perPage: number) =>
    c().admin<{ webhooks: Webhook[] } & OwnerPaging>("/webhooks", { query: { page, per_page: perPage } }),
  get: (id: number) => c().admin<Webhook>(`/webhooks/${id}`),
  create: (body: WebhookInput) => c().admin<Webhook>("/webhooks", { method: "POST", body }),
  save: (id: number, body: WebhookInput, version: string) =>
    c().admin<Webhook>(`/webhooks/${id}`, { method: "PUT", body: { ...body, version } }),
  remove: (id: number) => c().admin<void>(`/webhooks/${id}`, { method: "DELETE" }),
  deliveries: (id: number, page: number) =>
    c().admin<{ deliveries: Delivery[] } & OwnerPaging>(`/webhooks/${id}/deliveries`, {
      query: { page, per_page: 20 },
    }),
  redeliver: (id: number, delivery: number) => c().admin<Delivery>(`/webhooks/${id}/deliveries/${delivery}/redeliver`, { method: "POST" }),
  ping: (id: number) => c().admin<Delivery>(`/webhooks/${id}/ping`, { method: "POST" }),
};
