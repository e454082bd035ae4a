/**
 * The client side of the built-in gateways (server: modules/payments/built-in.ts): cod, bacs and
 * cheque show their description; test_card shows a card form; demo_express is an express button.
 * Importing this module registers them (idempotent: a registration replaces itself by name).
 */
import { OFFLINE_PAYMENT_METHODS } from "@cartwright/commerce";
import { useEffect, useId, useState } from "react";
import { type CardErrors, type CardInput, formatCardNumber, formatCvc, formatExpiry, testCardPaymentData, validateCard } from "./card.ts";
import { paymentMessages as t } from "./messages.ts";
import {
  type ExpressPaymentContentProps,
  type PaymentMethodContentProps,
  registerExpressPaymentMethod,
  registerPaymentMethod,
  type WalletContact,
} from "./registry.ts";

const canAlwaysPay = () => true;

/** An offline method's content: its description; it sends no payment_data. */
function offlineContent(description: string) {
  function OfflineContent({ onPaymentData, description: fromServer }: PaymentMethodContentProps) {
    // Once, on mount: clear the data once, when the method is shown.
    useEffect(() => onPaymentData([]), []);
    return <p className="payment-method__description">{fromServer || description}</p>;
  }
  return OfflineContent;
}

const TEST_CARD_DESCRIPTION = "Pay with a test card: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.";

/** The test card form: number, expiry and security code, checked as the shopper leaves each field. */
export function TestCardForm({ onPaymentData, disabled }: PaymentMethodContentProps) {
  const id = useId();
  const [card, setCard] = useState<CardInput>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<CardErrors>({});

  // Once, on mount: send the (empty) form's data once, when the method is shown.
  useEffect(() => onPaymentData(testCardPaymentData(card)), []);

  const change = (field: keyof CardInput, value: string) => {
    const format = field === "number" ? formatCardNumber : field === "expiry" ? formatExpiry : formatCvc;
    const next = { ...card, [field]: format(value) };
    setCard(next);
    // An error goes away as soon as the field is right; a new one waits for blur.
    if (errors[field] && !validateCard(next)[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    onPaymentData(testCardPaymentData(next));
  };
  const blur = (field: keyof CardInput) => setErrors((e) => ({ ...e, [field]: validateCard(card)[field] }));

  const fields: { field: keyof CardInput; label: string; autoComplete: string; placeholder: string }[] = [
    { field: "number", label: t.cardNumber, autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" },
    { field: "expiry", label: t.expiry, autoComplete: "cc-exp", placeholder: "MM/YY" },
    { field: "cvc", label: t.cvc, autoComplete: "cc-csc", placeholder: "CVC" },
  ];
  return (
    <div className="test-card-form">
      <p className="payment-method__description">{TEST_CARD_DESCRIPTION}</p>
      <div className="test-card-form__fields">
        {fields.map(({ field, label, autoComplete, placeholder }) => {
          const inputId = `${id}-${field}`;
          const error = errors[field];
          return (
            <div key={field} className={`test-card-form__field test-card-form__field--${field}${error ? " has-error" : ""}`}>
              <label htmlFor={inputId}>{label}</label>
              <input
                id={inputId}
                name={`cw-test-card-${field}`}
                type="text"
                inputMode="numeric"
                autoComplete={autoComplete}
                placeholder={placeholder}
                value={card[field]}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) => change(field, event.target.value)}
                onBlur={() => blur(field)}
              />
              {error ? (
                <p id={`${inputId}-error`} className="test-card-form__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Where the demo wallet ships: one fixed address (DEMO.md: it completes with a fixed wallet address). */
const DEMO_WALLET_ADDRESS = {
  first_name: "Demo",
  last_name: "Wallet",
  address_1: "1 Wallet Way",
  city: "San Francisco",
  state: "CA",
  postcode: "94105",
  country: "US",
  phone: "415-555-0199",
};

/** What the demo wallet hands over, as a real wallet hands over the shopper's contact and address. */
export const DEMO_WALLET_CONTACT: WalletContact = {
  billing: { ...DEMO_WALLET_ADDRESS, email: "wallet@example.com" },
  shipping: DEMO_WALLET_ADDRESS,
};

/** The demo wallet's button (spec §9: 48 px high, radius 4). */
export function DemoExpressButton({ onClick, disabled }: ExpressPaymentContentProps) {
  return (
    <button
      type="button"
      className="express-payment__button express-payment__button--demo"
      onClick={() => onClick(DEMO_WALLET_CONTACT)}
      disabled={disabled}
      aria-label={t.demoExpressLabel}
    >
      {t.demoExpress}
    </button>
  );
}

export function registerBuiltInPaymentMethods() {
  for (const { name, title, description } of OFFLINE_PAYMENT_METHODS) {
    const Content = offlineContent(description);
    registerPaymentMethod({
      name,
      label: title,
      ariaLabel: title,
      title,
      description,
      content: Content,
      edit: Content,
      canMakePayment: canAlwaysPay,
    });
  }
  registerPaymentMethod({
    name: "test_card",
    label: "Test card",
    ariaLabel: "Test card",
    title: "Test card",
    description: TEST_CARD_DESCRIPTION,
    content: TestCardForm,
    edit: TestCardForm,
    canMakePayment: canAlwaysPay,
    icons: ["visa", "mastercard", "amex"],
    supports: { showSavedCards: true, showSaveOption: true, features: ["products", "tokenization"] },
  });
  registerExpressPaymentMethod({
    name: "demo_express",
    title: "Demo express",
    description: "A demo wallet that pays at once.",
    content: DemoExpressButton,
    edit: DemoExpressButton,
    canMakePayment: canAlwaysPay,
  });
}

registerBuiltInPaymentMethods();
