export { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, RETRY_DELAYS_MS, signBody, WEBHOOK_TOPICS } from "./rules.ts";
export { createWebhookSender, type WebhookSender, type WebhookSenderOptions } from "./sender.ts";
export { webhooksAdminRoutes } from "./webhooks.admin.routes.ts";
