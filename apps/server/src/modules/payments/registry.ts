/** The payment methods the shop knows; the checkout and the cart's payment_methods list read it. */
import type { ShopSettings } from "../settings/index.ts";
import { builtInGateways } from "./built-in.ts";
import type { PaymentGateway } from "./gateway.ts";

const gateways = new Map<string, PaymentGateway>(builtInGateways.map((g) => [g.id, g]));
/** Moves with every registration: kept cart replies list the methods that were known when priced. */
let registrations = 0;
export const gatewaysVersion = () => registrations;

/** For extensions: a gateway with a new id joins the list; an existing id is replaced. The answer takes it back. */
export function registerPaymentGateway(gateway: PaymentGateway): () => void {
  const replaced = gateways.get(gateway.id);
  gateways.set(gateway.id, gateway);
  registrations++;
  return () => {
    if (gateways.get(gateway.id) !== gateway) return;
    if (replaced) gateways.set(gateway.id, replaced);
    else gateways.delete(gateway.id);
    registrations++;
  };
}

/** The ids of every gateway known, built in or registered. */
export const registeredGatewayIds = (): string[] => [...gateways.keys()];

export function findGateway(id: string): PaymentGateway | undefined {
  return gateways.get(id);
}

/**
 * The methods a cart may be paid with: switched on in the settings, supporting everything the
 * cart requires, in the shop's order (unlisted ones last, by id).
 */
export function availableGateways(settings: ShopSettings, requirements: string[] = ["products"]): PaymentGateway[] {
  const { enabled } = settings.payments;
  return allGateways(settings).filter((g) => enabled.includes(g.id) && requirements.every((r) => g.supports.includes(r)));
}

/** Every method the shop knows, in the shop's order (unlisted ones last, by id): the owner's list. */
export function allGateways(settings: ShopSettings): PaymentGateway[] {
  const { order } = settings.payments;
  const rank = (id: string) => {
    const index = order.indexOf(id);
    return index < 0 ? order.length : index;
  };
  return [...gateways.values()].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** The title shoppers see: the owner's when they gave one, else the gateway's. */
export const methodTitle = (settings: ShopSettings, gateway: PaymentGateway): string =>
  settings.payments.texts?.[gateway.id]?.title || gateway.title;

/** The line under the method at the checkout: the owner's when they gave one, else the gateway's. */
export const methodDescription = (settings: ShopSettings, gateway: PaymentGateway): string =>
  settings.payments.texts?.[gateway.id]?.description || gateway.description;
