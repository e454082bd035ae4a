/**
 * The checkout's payment section (spec §2 "Payment section", §6 save checkbox, §8, §9 icons):
 * saved methods first, then 'Use another payment method.', then the accordion of methods whose
 * active one shows its content. Controlled: the page owns the active choice, the data and the
 * save flag.
 */
import { useId } from "react";
import "./built-in.tsx";
import { paymentMessages as t } from "./messages.ts";
import { PaymentMethodBoundary } from "./PaymentMethodBoundary.tsx";
import { getPaymentMethod, type PaymentDataEntry, type PaymentMethod, type PaymentMethodIcon } from "./registry.ts";

export interface PaymentSectionMethod {
  id: string;
  title: string;
  description: string;
}

export interface SavedPaymentMethod {
  tokenId: number;
  is_default: boolean;
  expires: string;
  method: { gateway: string; brand: string; last4: string };
}

export type ActivePayment = { kind: "saved"; tokenId: number } | { kind: "method"; id: string } | null;

export interface PaymentSectionProps {
  /** From the server, already ordered. */
  methods: PaymentSectionMethod[];
  savedMethods: SavedPaymentMethod[];
  active: ActivePayment;
  onSelect(next: NonNullable<ActivePayment>): void;
  /** The active method's payment_data entries (from its content component). */
  onPaymentData(entries: PaymentDataEntry[]): void;
  /** Spec §6: signed in, creating an account, or guests not allowed. */
  showSaveOption: boolean;
  saveChecked: boolean;
  onSaveChange(checked: boolean): void;
  /** A payment error to show under the methods. */
  error?: string;
  /** The checkout is busy: inputs are locked. */
  disabled?: boolean;
  /** Inside a titled checkout step the legend is for screen readers only. */
  legendHidden?: boolean;
  /** The store administrator sees a crashed method's real error (spec §8). */
  isAdmin?: boolean;
}

/** The save checkbox shows only when allowed and the active method supports saving (spec §6). */
export const shouldShowSaveOption = (showSaveOption: boolean, active: ActivePayment) =>
  showSaveOption && active?.kind === "method" && Boolean(getPaymentMethod(active.id)?.supports.showSaveOption);

export const savedMethodLabel = ({ method, expires }: SavedPaymentMethod) => t.savedMethod(method.brand, method.last4, expires);

function Icons({ icons }: { icons: PaymentMethod["icons"] }) {
  if (!icons?.length) return null;
  return (
    <span className="payment-method__icons">
      {icons.map((icon: string | PaymentMethodIcon) =>
        typeof icon === "string" ? (
          <span key={icon} className={`payment-method-icon payment-method-icon--${icon}`}>
            {icon}
          </span>
        ) : (
          <img key={icon.id} className={`payment-method-icon payment-method-icon--${icon.id}`} src={icon.src} alt={icon.alt} />
        ),
      )}
    </span>
  );
}

export function PaymentSection(props: PaymentSectionProps) {
  const { methods, savedMethods, active, onSelect, onPaymentData, error, disabled = false, legendHidden = false, isAdmin = false } = props;
  const id = useId();

  if (!methods.length && !savedMethods.length) {
    return (
      <div className="payment-methods">
        <div className="notice notice--error payment-methods__none" role="alert">
          {t.noMethods}
        </div>
      </div>
    );
  }

  const hasSaved = savedMethods.length > 0;
  const usingNew = !hasSaved || active?.kind === "method";
  const single = methods.length === 1 && !hasSaved;
  const activeMethodId = active?.kind === "method" ? active.id : null;

  return (
    <fieldset className="payment-methods" disabled={disabled}>
      <legend className={legendHidden ? "visually-hidden" : "payment-methods__legend"}>{t.legend}</legend>
      {hasSaved ? (
        <div className="payment-methods__saved">
          {savedMethods.map((saved) => {
            const inputId = `${id}-saved-${saved.tokenId}`;
            const checked = active?.kind === "saved" && active.tokenId === saved.tokenId;
            return (
              <div key={saved.tokenId} className={`payment-methods__option${checked ? " is-checked" : ""}`}>
                <input
                  id={inputId}
                  type="radio"
                  name="radio-control-cw-payment-method-saved-tokens"
                  value={String(saved.tokenId)}
                  checked={checked}
                  onChange={() => onSelect({ kind: "saved", tokenId: saved.tokenId })}
                />
                <label htmlFor={inputId}>{savedMethodLabel(saved)}</label>
              </div>
            );
          })}
          {methods.length ? (
            <div className={`payment-methods__option${usingNew ? " is-checked" : ""}`}>
              <input
                id={`${id}-new`}
                type="radio"
                name="radio-control-cw-payment-method-saved-tokens"
                value="0"
                checked={usingNew}
                onChange={() => {
                  const first = methods[0];
                  if (first) onSelect({ kind: "method", id: first.id });
                }}
              />
              <label htmlFor={`${id}-new`}>{t.useAnother}</label>
            </div>
          ) : null}
        </div>
      ) : null}
      {usingNew && methods.length ? (
        <div className="payment-methods__accordion">
          {methods.map((method) => {
            const registered = getPaymentMethod(method.id);
            const checked = activeMethodId === method.id;
            const inputId = `${id}-method-${method.id}`;
            const contentId = `${inputId}-content`;
            const Content = registered?.content;
            return (
              <div key={method.id} className={`payment-methods__method${checked ? " is-checked" : ""}${single ? " is-single" : ""}`}>
                <div className="payment-methods__option">
                  <input
                    id={inputId}
                    type="radio"
                    name="radio-control-cw-payment-method-options"
                    value={method.id}
                    checked={checked}
                    aria-controls={checked ? contentId : undefined}
                    onChange={() => onSelect({ kind: "method", id: method.id })}
                  />
                  <label htmlFor={inputId}>
                    <span className="payment-methods__title">{method.title}</span>
                    <Icons icons={registered?.icons} />
                  </label>
                </div>
                {checked ? (
                  <div id={contentId} className="payment-methods__content">
                    {Content ? (
                      <PaymentMethodBoundary isAdmin={isAdmin}>
                        <Content onPaymentData={onPaymentData} disabled={disabled} description={method.description} />
                      </PaymentMethodBoundary>
                    ) : method.description ? (
                      <p className="payment-method__description">{method.description}</p>
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {shouldShowSaveOption(props.showSaveOption, active) ? (
        <div className="payment-methods__save">
          <input
            id={`${id}-save`}
            type="checkbox"
            checked={props.saveChecked}
            onChange={(event) => props.onSaveChange(event.target.checked)}
          />
          <label htmlFor={`${id}-save`}>{t.savePaymentMethod}</label>
        </div>
      ) : null}
      {error ? (
        <div className="notice notice--error payment-methods__error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
