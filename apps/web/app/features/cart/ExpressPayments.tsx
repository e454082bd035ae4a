/**
 * The cart's express payment area (spec §2 "Cart screen", §3 "Express payment method
 * registration"): the registered express methods the cart offers, then an 'Or' divider before
 * the way to the checkout. With none, nothing renders.
 */
import type { StoreCart } from "@cartwright/commerce";
import type { ComponentType } from "react";
import { cartPageMessages as t } from "./messages.ts";

export interface ExpressPaymentMethod {
  name: string;
  /** The method's button(s); spec §9: 48 px high, 4 px radius by default. */
  content: ComponentType<{ cart: StoreCart }>;
  canMakePayment?: (cart: StoreCart) => boolean;
}

const registry = new Map<string, ExpressPaymentMethod>();

/** Registers an express method; it shows once the cart lists its name among payment_methods. */
export function registerExpressPaymentMethod(method: ExpressPaymentMethod): void {
  if (!method.name || typeof method.content !== "function")
    throw new TypeError("An express payment method needs a name and a content component.");
  registry.set(method.name, method);
}

export function ExpressPayments({ cart }: { cart: StoreCart }) {
  const methods = cart.payment_methods
    .map((name) => registry.get(name))
    .filter((method): method is ExpressPaymentMethod => method !== undefined && (method.canMakePayment?.(cart) ?? true));
  if (!methods.length) return null;
  return (
    <section className="express-payment" aria-label={t.expressCheckout}>
      <ul className="express-payment__methods">
        {methods.map(({ name, content: Content }) => (
          <li key={name} className="express-payment__method">
            <Content cart={cart} />
          </li>
        ))}
      </ul>
      <div className="express-payment__or">
        <span>{t.or}</span>
      </div>
    </section>
  );
}
