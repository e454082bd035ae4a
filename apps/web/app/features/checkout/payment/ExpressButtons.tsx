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

/** Where the cart page leaves the wallet's contact for the checkout it sends the shopper to. */
const EXPRESS_HANDOFF_KEY = "cw-express-handoff";

/** The cart page's express button pressed: the wallet's contact kept for the checkout, and the address to go to. */
export function handExpressToCheckout(storage: Storage, methodId: string, wallet?: WalletContact): string {
  try {
    storage.setItem(EXPRESS_HANDOFF_KEY, JSON.stringify({ methodId, wallet: wallet ?? null }));
  } catch {
    // Storage refused (private mode, full): the checkout starts the method without a wallet's contact.
  }
  return expressCheckoutHref(methodId);
}

/**
 * On the checkout: the express method the cart page asked for (`?express=`), with the wallet's
 * contact it kept when it is that method's. Taken once: the address and the storage are cleared,
 * so a reload or the back button never pays again.
 */
export function takeExpressHandoff(
  location: Location,
  history: History,
  storage: Storage,
): { methodId: string; wallet?: WalletContact } | null {
  const url = new URL(location.href);
  const methodId = url.searchParams.get("express");
  let kept: { methodId?: unknown; wallet?: WalletContact | null } = {};
  try {
    const raw = storage.getItem(EXPRESS_HANDOFF_KEY);
    storage.removeItem(EXPRESS_HANDOFF_KEY);
    kept = JSON.parse(raw ?? "{}");
  } catch {
    // Nothing readable kept: the method starts without a wallet's contact.
  }
  if (!methodId) return null;
  url.searchParams.delete("express");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  return kept.methodId === methodId && kept.wallet ? { methodId, wallet: kept.wallet } : { methodId };
}

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
