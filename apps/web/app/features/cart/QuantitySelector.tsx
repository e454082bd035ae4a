/**
 * A cart line's quantity (spec §5 "Quantity"): − and + step by multiple_of and are disabled at
 * the limits; typing waits 600 ms, a non-number reverts, anything else is clamped and rounded.
 * The shopper sees the new quantity at once; the update goes out 400 ms after the last change,
 * and only when the quantity really changes (the store checks).
 */
import { normaliseQuantity, type QuantityLimits, quantityButtons } from "@cartwright/commerce";
import { useEffect, useRef, useState } from "react";
import { useCartStore } from "../../stores/cart-context.tsx";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import { cartPageMessages as t } from "./messages.ts";
import { failureMessage } from "./text.ts";

/** Spec §9 debounces. */
export const QUANTITY_TYPING_MS = 600;
export const QUANTITY_UPDATE_MS = 400;

type Timer = ReturnType<typeof setTimeout> | undefined;

interface QuantitySelectorProps {
  itemKey: string;
  name: string;
  quantity: number;
  limits: QuantityLimits;
  disabled: boolean;
}

export function QuantitySelector({ itemKey, name, quantity, limits, disabled }: QuantitySelectorProps) {
  const store = useCartStore();
  const [value, setValueState] = useState(quantity);
  const [text, setText] = useState(String(quantity));
  const current = useRef(quantity);
  const typing = useRef<Timer>(undefined);
  const sending = useRef<Timer>(undefined);
  const flush = useRef<(() => void) | undefined>(undefined);

  const show = (next: number) => {
    current.current = next;
    setValueState(next);
    setText(String(next));
  };

  // The server's quantity wins whenever nothing the shopper did is still waiting to go out.
  useEffect(() => {
    if (typing.current === undefined && sending.current === undefined) show(quantity);
  }, [quantity]);

  // Leaving the page inside the 400 ms still sends the last change.
  useEffect(
    () => () => {
      clearTimeout(typing.current);
      if (sending.current !== undefined) flush.current?.();
    },
    [],
  );

  const send = (next: number) => {
    clearTimeout(sending.current);
    flush.current = () => {
      clearTimeout(sending.current);
      sending.current = undefined;
      flush.current = undefined;
      store.setQuantity(itemKey, next).catch((failure: unknown) => {
        noticeStore
          .getState()
          .add({ id: `quantity-${itemKey}`, context: CONTEXTS.cart, status: "error", content: failureMessage(failure) });
        const saved = store.store.getState().cart?.items.find((i) => i.key === itemKey)?.quantity;
        if (saved !== undefined && sending.current === undefined && typing.current === undefined) show(saved);
      });
    };
    sending.current = setTimeout(() => flush.current?.(), QUANTITY_UPDATE_MS);
  };

  const change = (wanted: number) => {
    const next = normaliseQuantity(wanted, limits);
    show(next);
    if (next !== quantity || sending.current !== undefined) send(next);
  };

  const commit = (raw: string) => {
    clearTimeout(typing.current);
    typing.current = undefined;
    const number = raw.trim() === "" ? Number.NaN : Number(raw);
    if (!Number.isFinite(number)) show(current.current);
    else change(number);
  };

  const step = Math.max(1, limits.multiple_of);
  const { canDecrease, canIncrease } = quantityButtons(value, limits);
  return (
    <div className="quantity-selector">
      <button
        type="button"
        className="quantity-selector__button"
        aria-label={t.reduce(name)}
        disabled={disabled}
        // At a limit the button stays focusable (aria-disabled), so a keyboard user's focus is not dropped.
        aria-disabled={!canDecrease || undefined}
        onClick={() => canDecrease && change(value - step)}
      >
        −
      </button>
      <input
        type="number"
        className="quantity-selector__input"
        inputMode="numeric"
        aria-label={t.quantityOf(name)}
        min={limits.minimum}
        max={limits.maximum}
        step={step}
        value={text}
        disabled={disabled || !limits.editable}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          setText(raw);
          clearTimeout(typing.current);
          typing.current = setTimeout(() => commit(raw), QUANTITY_TYPING_MS);
        }}
        onBlur={(event) => {
          if (typing.current !== undefined) commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && typing.current !== undefined) commit(event.currentTarget.value);
        }}
      />
      <button
        type="button"
        className="quantity-selector__button"
        aria-label={t.increase(name)}
        disabled={disabled}
        aria-disabled={!canIncrease || undefined}
        onClick={() => canIncrease && change(value + step)}
      >
        +
      </button>
    </div>
  );
}
