/**
 * The pay-for-order form (decision 0085): the checkout's payment section over the shop's methods,
 * a guest's e-mail when the server asks for it, and one button that pays the order through
 * POST /checkout/{id}. A declined payment shows its message under the methods; success goes to the
 * order-received page.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { GENERIC_ERROR, StoreApiFailure, StoreClient, shownMessage } from "../../../api/store-client.ts";
import { useCartHandle } from "../../../stores/cart-provider.tsx";
import { paymentPayload } from "../payment/card.ts";
import type { ActivePayment, PaymentSection, PaymentSectionMethod, SavedPaymentMethod } from "../payment/PaymentSection.tsx";
import type { PaymentDataEntry } from "../payment/registry.ts";
import { payMessages as t } from "./messages.ts";

export interface OrderPayFormProps {
  orderId: number;
  orderKey: string;
  /** A guest's order paid from another session: the billing e-mail is asked for. */
  askEmail: boolean;
  /** The billing e-mail this session already answered (decision 0083): sent with the payment, not asked again. */
  billingEmail: string;
  methods: PaymentSectionMethod[];
  savedMethods: SavedPaymentMethod[];
  /** The order's total as the page shows it, for the button. */
  total: string;
  isAdmin: boolean;
  /** The checkout's payment section, as the page's route hands it over (routes/order-pay.tsx says why). */
  Section: typeof PaymentSection;
}

/** The saved method marked default, else the first method offered. */
function firstChoice(methods: PaymentSectionMethod[], saved: SavedPaymentMethod[]): ActivePayment {
  const preferred = saved.find((method) => method.is_default) ?? saved[0];
  if (preferred) return { kind: "saved", tokenId: preferred.tokenId };
  const first = methods[0];
  return first ? { kind: "method", id: first.id } : null;
}

export function OrderPayForm({
  orderId,
  orderKey,
  askEmail,
  billingEmail,
  methods,
  savedMethods,
  total,
  isAdmin,
  Section,
}: OrderPayFormProps) {
  const id = useId();
  const handle = useCartHandle();
  const [active, setActive] = useState<ActivePayment>(() => firstChoice(methods, savedMethods));
  const [data, setData] = useState<PaymentDataEntry[]>([]);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState("");
  const [error, setError] = useState("");
  const [paying, setPaying] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  // Until the page's script runs the button stays off: a plain submit would put the card's fields in the address.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const select = (next: NonNullable<ActivePayment>) => {
    setActive(next);
    setError("");
  };

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying) return;
    if (askEmail && !email.trim()) {
      setEmailError(t.emailMissing);
      emailInput.current?.focus();
      return;
    }
    if (!active) {
      setError(t.chooseMethod);
      return;
    }
    setEmailError("");
    setError("");
    setPaying(true);
    const saved = active.kind === "saved" ? savedMethods.find((method) => method.tokenId === active.tokenId) : undefined;
    const payment = paymentPayload(
      active.kind === "saved" ? { kind: "saved", tokenId: active.tokenId, gateway: saved?.method.gateway ?? "" } : active,
      data,
      false,
    );
    const client = new StoreClient({
      fetch: window.fetch.bind(window),
      nonce: { value: handle.nonce(), timestamp: Math.floor(Date.now() / 1000) },
    });
    try {
      const reply = await client.post<{ payment_result: { redirect_url: string } | null }>(`/checkout/${orderId}`, {
        key: orderKey,
        ...(askEmail ? { billing_email: email.trim() } : billingEmail ? { billing_email: billingEmail } : {}),
        ...payment,
      });
      // A whole page load: the order-received page reads the order as it now stands.
      window.location.assign(
        reply.payment_result?.redirect_url || `/checkout/order-received/${orderId}?key=${encodeURIComponent(orderKey)}`,
      );
    } catch (failure) {
      setPaying(false);
      const message = failure instanceof StoreApiFailure ? shownMessage(failure) : GENERIC_ERROR;
      if (failure instanceof StoreApiFailure && failure.error.code === "cw_rest_invalid_billing_email") {
        setEmailError(t.emailWrong);
        emailInput.current?.focus();
      } else setError(message);
    }
  }

  return (
    <form className="order-pay__form" method="post" onSubmit={pay} noValidate aria-busy={paying || undefined}>
      {askEmail && (
        <div className="order-pay__email">
          <label htmlFor={`${id}-email`}>{t.emailLabel}</label>
          <input
            ref={emailInput}
            className="order-pay__input"
            id={`${id}-email`}
            type="email"
            name="billing_email"
            autoComplete="email"
            required
            value={email}
            disabled={paying}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : `${id}-email-hint`}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailError ? (
            <p id={`${id}-email-error`} className="order-pay__error" role="alert">
              {emailError}
            </p>
          ) : (
            <p id={`${id}-email-hint`} className="order-pay__hint">
              {t.emailHint}
            </p>
          )}
        </div>
      )}
      <Section
        methods={methods}
        savedMethods={savedMethods}
        active={active}
        onSelect={select}
        onPaymentData={setData}
        showSaveOption={false}
        saveChecked={false}
        onSaveChange={() => {}}
        error={error}
        disabled={paying}
        isAdmin={isAdmin}
      />
      <p className="order-pay__status" role="status">
        {paying ? t.paying : ""}
      </p>
      <button type="submit" className="button order-pay__button" disabled={!live || paying || (!methods.length && !savedMethods.length)}>
        {paying ? t.paying : t.payWithTotal(total)}
      </button>
    </form>
  );
}
