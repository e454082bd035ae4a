/**
 * The registered express methods a cart can use, as a list of buttons (spec §3 "Express payment
 * method registration", §9: 48 px high, radius 4). The page decides what starting one does:
 * the cart page may navigate to `expressCheckoutHref(id)`, the checkout starts the payment.
 * Renders nothing when there are none, so the caller's 'Or' divider can follow the same test
 * (`usableExpressMethods(cart).length`).
 */
import type { StoreCart } from "@cartwright/commerce";
import "./built-in.tsx";
import { PaymentMethodBoundary } from "./PaymentMethodBoundary.tsx";
import { availableMethods, type ExpressPaymentMethod, getExpressPaymentMethods, type WalletContact } from "./registry.ts";

/** The express methods the cart can use: listed by the server, meeting its requirements, in its order. */
export const usableExpressMethods = (
  cart: StoreCart,
  sortOrder?: readonly string[],
  onError?: (paymentMethodId: string, error: unknown) => void,
): ExpressPaymentMethod[] =>
  availableMethods(getExpressPaymentMethods(), {
    serverMethodIds: cart.payment_methods,
    cartRequirements: cart.payment_requirements,
    ...(sortOrder ? { sortOrder } : {}),
    ...(onError ? { onError } : {}),
    cart,
  });

export const expressCheckoutHref = (methodId: string) => `/checkout?express=${encodeURIComponent(methodId)}`;

export function ExpressButtons({
  methods,
  onStart,
  disabled = false,
  isAdmin = false,
}: {
  methods: ExpressPaymentMethod[];
  onStart(methodId: string, wallet?: WalletContact): void;
  disabled?: boolean;
  /** The store administrator sees a crashed button's real error (spec §8). */
  isAdmin?: boolean;
}) {
  if (!methods.length) return null;
  return (
    <ul className="express-payment__methods">
      {methods.map(({ name, paymentMethodId, content: Content }) => (
        <li key={name} className="express-payment__method">
          <PaymentMethodBoundary isAdmin={isAdmin}>
            <Content onClick={(wallet) => onStart(paymentMethodId, wallet)} disabled={disabled} />
          </PaymentMethodBoundary>
        </li>
      ))}
    </ul>
  );
}
