/** The product page's quantity field: raised to its minimum (and kept within its limits) when left. */
import { normaliseQuantity, type StoreAddToCart } from "@cartwright/commerce";
import { useId } from "react";
import { productMessages } from "../features/product/messages.ts";

export function QuantityInput({ limits }: { limits: StoreAddToCart }) {
  const id = useId();
  const normalise = (input: HTMLInputElement) => {
    const typed = input.value.trim() === "" ? Number.NaN : Number(input.value);
    const quantity = normaliseQuantity(typed, { ...limits, editable: true });
    if (String(quantity) !== input.value) input.value = String(quantity);
  };
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        {productMessages.quantityLabel}
      </label>
      <input
        id={id}
        type="number"
        name="quantity"
        className="quantity__input"
        min={limits.minimum}
        max={limits.maximum}
        step={limits.multiple_of}
        defaultValue={limits.minimum}
        inputMode="numeric"
        onBlur={(event) => normalise(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === "Enter") normalise(event.currentTarget);
        }}
      />
    </div>
  );
}
