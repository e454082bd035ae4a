/**
 * A delivery's body: the owner API's own reply for the resource (GET /orders/:id, /products/:id,
 * /customers/:id, /coupons/:id), read as the webhook's owner would read it when the delivery is
 * first attempted; a resource gone since is told by its id alone, as a deletion is.
 */
import type { Db } from "../../db/index.ts";
import type { WebhookResource } from "../../db/webhook-events.ts";
import { requestContext } from "../../http/context.ts";
import { StoreError } from "../../http/errors.ts";
import { readProduct } from "../catalog/index.ts";
import { readCoupon } from "../coupons/index.ts";
import { readCustomer } from "../customers/index.ts";
import { readOrder } from "../orders/index.ts";
import { getSettings } from "../settings/index.ts";

const readers: Record<WebhookResource, (ctx: Parameters<typeof readOrder>[0], id: number) => Promise<unknown>> = {
  order: readOrder,
  product: readProduct,
  customer: readCustomer,
  coupon: readCoupon,
};

/** The resource's owner API reply, or `{ id }` when it no longer exists. */
export async function resourcePayload(db: Db, resource: WebhookResource, id: number, ownerId: number | null): Promise<unknown> {
  const ctx = {
    ...requestContext({
      db,
      session: { sid: "webhooks", uid: ownerId ?? 0 },
      readSettings: () => getSettings(db),
      limits: () => {
        throw new Error("Webhook payloads count no rate limit.");
      },
    }),
    owner: { id: ownerId ?? 0, role: "owner" as const },
  };
  try {
    return await readers[resource](ctx, id);
  } catch (error) {
    if (error instanceof StoreError && error.status === 404) return { id };
    throw error;
  }
}
