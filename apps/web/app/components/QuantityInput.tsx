/** The product page's quantity field: raised to its minimum (and kept within its limits) when left. */
import { normaliseQuantity, type StoreAddToCart } from "@cartwright/commerce";
import { useId } from "react";
import { productMessages } from "../features/product/messages.ts";

/** The quantity the page's last post sent, when it is a whole number of at least 1; otherwise the minimum. */
export function startingQuantity(limits: StoreAddToCart, posted: string | undefined): number {
  const quantity = Number(posted);
  return posted && Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : limits.minimum;
}

export function QuantityInput({ limits, posted }: { limits: StoreAddToCart; posted?: string }) {
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
        defaultValue={startingQuantity(limits, posted)}
        inputMode="numeric"
        onBlur={(event) => normalise(event.currentTarget)}
        onKeyDown={(event) => {
          if (event.key === "Enter") normalise(event.currentTarget);
        }}
      />
    </div>
  );
}
