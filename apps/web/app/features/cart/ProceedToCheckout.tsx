/** The way to the checkout (spec §2 "Cart screen"): a link that tells the page it was used. */
import { Link } from "react-router";
import { cartPageMessages as t } from "./messages.ts";

/** Dispatched on document when the shopper proceeds, for extensions and analytics. */
export const PROCEED_TO_CHECKOUT_EVENT = "cart_proceed_to_checkout";

export function ProceedToCheckout({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="button cart-page__checkout"
      onClick={() => document.dispatchEvent(new CustomEvent(PROCEED_TO_CHECKOUT_EVENT, { bubbles: true }))}
    >
      {t.proceed}
    </Link>
  );
}
