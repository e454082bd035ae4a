/** Quantity limits of a cart line or product (spec §3 "Cart item", §9 defaults). */
export interface QuantityLimits {
  minimum: number;
  maximum: number;
  multiple_of: number;
  editable: boolean;
}

export const DEFAULT_QUANTITY_LIMITS: QuantityLimits = { minimum: 1, maximum: 99, multiple_of: 1, editable: true };

/**
 * Clamps a quantity to [minimum, maximum] and rounds it to a multiple of multiple_of
 * (spec §5 "Quantity"). Rounds to the nearest multiple, then steps inside the bounds.
 */
export function normaliseQuantity(quantity: number, limits: QuantityLimits): number {
  const step = Math.max(1, Math.trunc(limits.multiple_of));
  const minimum = Math.max(step, Math.ceil(limits.minimum / step) * step);
  const maximum = Math.max(minimum, Math.floor(limits.maximum / step) * step);
  if (!Number.isFinite(quantity)) return minimum;
  const rounded = Math.round(quantity / step) * step;
  return Math.min(maximum, Math.max(minimum, rounded));
}

/** Whether a quantity already satisfies the limits (used for the quantity-changed notice). */
export function isQuantityWithinLimits(quantity: number, limits: QuantityLimits): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= limits.minimum &&
    quantity <= limits.maximum &&
    quantity % Math.max(1, limits.multiple_of) === 0
  );
}

/** − is disabled when quantity − step < minimum; + when quantity + step > maximum. */
export function quantityButtons(quantity: number, limits: QuantityLimits): { canDecrease: boolean; canIncrease: boolean } {
  const step = Math.max(1, limits.multiple_of);
  return {
    canDecrease: limits.editable && quantity - step >= limits.minimum,
    canIncrease: limits.editable && quantity + step <= limits.maximum,
  };
}
