/** The owner API's webhooks (`/api/admin/v1/webhooks`, decision 0097): what the owner writes. */

export type WebhookStatus = "active" | "paused" | "disabled";

export interface WebhookInput {
  name: string;
  topic: string;
  delivery_url: string;
  secret: string;
  status: WebhookStatus;
}
