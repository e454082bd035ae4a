/**
 * Server-side extension points of the cart: POST /cart/extensions calls the callback registered
 * for a namespace, and fee providers add fees to every priced cart.
 */
import type { CartFeeSetting } from "../settings/index.ts";
import { cartErrors } from "./cart.errors.ts";

/** Gets the data posted and the namespace's stored data; returns the namespace's new data. */
export type CartExtensionCallback = (data: Record<string, unknown>, stored: unknown) => unknown | Promise<unknown>;

/** Returns fees for a cart, given the items subtotal and the extension data stored on it. */
export type CartFeeProvider = (cart: { subtotal: number; extensions: Record<string, unknown> }) => CartFeeSetting[];

const callbacks = new Map<string, CartExtensionCallback>();
const feeProviders = new Map<string, CartFeeProvider>();
/** Moves whenever the fee providers change, so kept cart replies priced without them are not reused. */
let feeProvidersChanges = 0;
export const feeProvidersVersion = () => feeProvidersChanges;

/** The answer takes the callback back (unless another has replaced it since). */
export function registerCartExtension(namespace: string, callback: CartExtensionCallback): () => void {
  callbacks.set(namespace, callback);
  return () => {
    if (callbacks.get(namespace) === callback) callbacks.delete(namespace);
  };
}

/** A provider must answer from its arguments alone: a priced cart is reused while they hold (decision 0015). */
export function registerCartFees(namespace: string, provider: CartFeeProvider): () => void {
  feeProviders.set(namespace, provider);
  feeProvidersChanges++;
  return () => {
    if (feeProviders.get(namespace) !== provider) return;
    feeProviders.delete(namespace);
    feeProvidersChanges++;
  };
}

/** The namespaces with a POST /cart/extensions callback, and those with fees. */
export const registeredCartNamespaces = () => ({ callbacks: [...callbacks.keys()], fees: [...feeProviders.keys()] });

export async function runCartExtension(
  namespace: string,
  data: Record<string, unknown>,
  extensions: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const callback = callbacks.get(namespace);
  if (!callback) throw cartErrors.unknownExtension(namespace);
  try {
    const next = await callback(data, extensions[namespace]);
    return { ...extensions, [namespace]: next ?? null };
  } catch (error) {
    throw cartErrors.extensionFailed(error instanceof Error && error.message ? error.message : `The ${namespace} extension failed.`);
  }
}

/** Every provider's fees; an amount that is not whole minor units is refused naming its extension (the totals would only name "fee-1"). */
export function extensionFees(cart: { subtotal: number; extensions: Record<string, unknown> }): CartFeeSetting[] {
  return [...feeProviders].flatMap(([namespace, provider]) => {
    const fees = provider(cart);
    for (const fee of fees)
      if (!Number.isSafeInteger(fee.amount))
        throw new RangeError(
          `The ${namespace} extension's fee "${fee.name}" is ${fee.amount}: a fee's amount is a whole number of the currency's minor units (cents); round it, e.g. Math.round(subtotal * 0.03).`,
        );
    return fees;
  });
}
