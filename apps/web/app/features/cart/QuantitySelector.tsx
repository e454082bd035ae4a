/**
 * A cart line's quantity (spec §5 "Quantity"): − and + step by multiple_of and are disabled at
 * the limits; typing waits 600 ms, a non-number reverts, anything else is clamped and rounded.
 * The shopper sees the new quantity at once; the update goes out 400 ms after the last change,
 * and only when the quantity really changes (the store checks). Both waits end at once when the
 * page hides, so the change leaves with the client's page-hide batch, or as the line unmounts (decision 0165, amended).
 */
import { normaliseQuantity, type QuantityLimits, quantityButtons } from "@cartwright/commerce";
import { useEffect, useRef, useState } from "react";
import type { HeldEdit } from "../../api/held-edits.ts";
import { useCartStore } from "../../stores/cart-context.tsx";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import { cartPageMessages as t } from "./messages.ts";
import { failureMessage } from "./text.ts";

/** Spec §9 debounces. */
export const QUANTITY_TYPING_MS = 600;
export const QUANTITY_UPDATE_MS = 400;

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
  const [typing] = useState<HeldEdit>(() => store.client.heldEdits.debounce(QUANTITY_TYPING_MS));
  const [sending] = useState<HeldEdit>(() => store.client.heldEdits.debounce(QUANTITY_UPDATE_MS));

  const show = (next: number) => {
    current.current = next;
    setValueState(next);
    setText(String(next));
  };

  // The server's quantity wins whenever nothing the shopper did is still waiting to go out.
  useEffect(() => {
    if (!typing.holding && !sending.holding) show(quantity);
  }, [quantity]);

  // Leaving the page within the waits still sends the last change: a typed quantity committed, then its update.
  useEffect(() => () => store.client.heldEdits.handOver([typing, sending]), [store, typing, sending]);

  const send = (next: number) =>
    sending.hold(() => {
      store.setQuantity(itemKey, next).catch((failure: unknown) => {
        noticeStore
          .getState()
          .add({ id: `quantity-${itemKey}`, context: CONTEXTS.cart, status: "error", content: failureMessage(failure) });
        const saved = store.store.getState().cart?.items.find((i) => i.key === itemKey)?.quantity;
        if (saved !== undefined && !sending.holding && !typing.holding) show(saved);
      });
    });

  const change = (wanted: number) => {
    const next = normaliseQuantity(wanted, limits);
    show(next);
    if (next !== quantity || sending.holding) send(next);
  };

  const commit = (raw: string) => {
    typing.drop();
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
          typing.hold(() => commit(raw));
        }}
        onBlur={(event) => {
          if (typing.holding) commit(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && typing.holding) commit(event.currentTarget.value);
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
