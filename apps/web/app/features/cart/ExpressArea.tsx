/**
 * The cart's express payment area (spec §2 "Cart screen"): the express methods the checkout has
 * registered and the cart can use, then an 'Or' divider before the way to the checkout. Pressing
 * one takes the shopper to the checkout, which starts that method with the wallet's contact
 * (`handExpressToCheckout`), so the cart page carries none of the checkout's placing code.
 * With none, nothing renders. Loaded apart (ExpressPayments.tsx): the payment registry stays out of
 * the cart page's first scripts.
 */
import type { StoreCart } from "@cartwright/commerce";
import { useNavigate } from "react-router";
// Through the checkout's route module: the checkout keeps its own files, which the cart page then holds for the next step.
import { ExpressButtons, handExpressToCheckout, usableExpressMethods } from "../../routes/checkout.tsx";
import { cartPageMessages as t } from "./messages.ts";

export default function ExpressArea({ cart, disabled = false }: { cart: StoreCart; disabled?: boolean }) {
  const navigate = useNavigate();
  const methods = usableExpressMethods(cart);
  if (!methods.length) return null;
  return (
    <section className="express-payment" aria-label={t.expressCheckout}>
      <ExpressButtons
        methods={methods}
        disabled={disabled}
        onStart={(methodId, wallet) => navigate(handExpressToCheckout(window.sessionStorage, methodId, wallet))}
      />
      <div className="express-payment__or">
        <span>{t.or}</span>
      </div>
    </section>
  );
}
