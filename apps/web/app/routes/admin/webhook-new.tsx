/** /admin/webhooks/new: the webhook form over empty values; saving creates the webhook and opens its page. */
import { ConsoleRouteError } from "../../features/admin/RouteError.tsx";
import { consoleMeta } from "../../features/admin/title.ts";
import { webhookMessages as t } from "../../features/admin/webhooks/messages.ts";
import { emptyWebhook, WebhookForm } from "../../features/admin/webhooks/WebhookForm.tsx";
import webhooksStyles from "../../features/admin/webhooks/webhooks.css?url";
import type { Route } from "./+types/webhook-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: webhooksStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, t.newTitle);
}

export default function NewWebhookPage() {
  return (
    <div className="admin-page">
      <WebhookForm initial={emptyWebhook()} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleRouteError error={error} backTo="/admin/webhooks" backLabel={t.back} />;
}
