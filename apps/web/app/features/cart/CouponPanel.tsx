/**
 * Coupons (spec §2 "Checkout screen", §4 "Coupons", §5, §8): the 'Add coupons' panel with its
 * 'Enter code' field, and the applied coupons as removable chips.
 */
import type { StoreCart } from "@cartwright/commerce";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useCart, useCartStore } from "../../stores/cart-context.tsx";
import { cartMessages } from "../../stores/messages.ts";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import { cartPageMessages as t } from "./messages.ts";
import { couponErrorMessage, failureMessage } from "./text.ts";

/** The field's inline error (spec §2 "Other shared pieces"). */
export const COUPON_ERROR_ID = "validate-error-coupon";
const TOGGLE_ID = "cart-coupon-toggle";
const NOTICE_ID = "coupon-form";

export function CouponPanel() {
  const store = useCartStore();
  const applying = useCart((s) => s.applyingCoupon);
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const formId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Opening the panel takes the shopper straight to the field.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!wanted || applying) return;
    setError("");
    try {
      await store.applyCoupon(wanted);
      noticeStore.getState().add({
        id: NOTICE_ID,
        context: CONTEXTS.cart,
        status: "info",
        content: cartMessages.couponApplied(wanted),
        type: "snackbar",
      });
      setCode("");
      setOpen(false);
      document.getElementById(TOGGLE_ID)?.focus();
    } catch (failure) {
      setError(couponErrorMessage(failure));
      // Apply was disabled while it worked, which drops the keyboard's focus: back to the code, which reads out the error.
      input.current?.focus();
    }
  };

  return (
    <div className="coupon-panel">
      <button
        id={TOGGLE_ID}
        type="button"
        className="coupon-panel__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        {t.addCoupons}
      </button>
      <form id={formId} className="coupon-panel__form" onSubmit={apply} hidden={!open} noValidate>
        <div className="coupon-panel__field">
          <label htmlFor={inputId}>{t.enterCode}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            ref={input}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (error) setError("");
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? COUPON_ERROR_ID : undefined}
          />
          {error && (
            <p id={COUPON_ERROR_ID} className="field-error" role="alert">
              <svg className="field-error__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z" fill="currentColor" />
              </svg>
              <span>{error}</span>
            </p>
          )}
        </div>
        <button
          type="submit"
          className="button coupon-panel__apply"
          disabled={!code.trim() || Boolean(applying)}
          aria-busy={Boolean(applying) || undefined}
        >
          {t.apply}
        </button>
      </form>
    </div>
  );
}

/** The applied coupons, each with a button that removes it; a failure is a snackbar (spec §8). */
export function CouponChips({ coupons }: { coupons: StoreCart["coupons"] }) {
  const store = useCartStore();
  const removing = useCart((s) => s.removingCoupon);
  const remove = async (code: string) => {
    // Its button stays focusable while this runs (aria-disabled): a second press sends nothing.
    if (removing) return;
    try {
      await store.removeCoupon(code);
      noticeStore.getState().add({
        id: NOTICE_ID,
        context: CONTEXTS.cart,
        status: "info",
        content: cartMessages.couponRemoved(code),
        type: "snackbar",
      });
      document.getElementById(TOGGLE_ID)?.focus();
    } catch (failure) {
      noticeStore.getState().add({
        id: NOTICE_ID,
        context: CONTEXTS.cart,
        status: "error",
        content: failureMessage(failure),
        type: "snackbar",
      });
    }
  };
  if (!coupons.length) return null;
  return (
    <ul className="coupon-chips" aria-label={t.couponsLabel}>
      {coupons.map((coupon) => (
        <li key={coupon.code} className={`coupon-chip${removing === coupon.code ? " coupon-chip--removing" : ""}`}>
          <span className="coupon-chip__label">{coupon.label || coupon.code}</span>
          <button
            type="button"
            className="coupon-chip__remove"
            aria-label={t.removeCoupon(coupon.code)}
            aria-disabled={removing === coupon.code || undefined}
            onClick={() => void remove(coupon.code)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
