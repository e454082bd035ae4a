/**
 * Checkout blocks from extensions (spec §5 "Extension registration"): a block names the inner
 * block area(s) of the checkout it belongs to, and its component is drawn there, inside an error
 * boundary. Each registration mistake has its own message.
 */
import type { StoreCart } from "@cartwright/commerce";
import type { ComponentType } from "react";
import { PLATFORM } from "../../../stores/notices.ts";
import type { ExtensionData, ExtensionValidation } from "./extension-data.ts";

/** The checkout's inner block areas: named slots in its layout where extension blocks go. */
export const INNER_BLOCK_AREAS = Object.freeze({
  CONTACT_INFORMATION: `${PLATFORM}/checkout-contact-information`,
  SHIPPING_ADDRESS: `${PLATFORM}/checkout-shipping-address`,
  BILLING_ADDRESS: `${PLATFORM}/checkout-billing-address`,
  SHIPPING_METHODS: `${PLATFORM}/checkout-shipping-methods`,
  PAYMENT_METHODS: `${PLATFORM}/checkout-payment-methods`,
  ORDER_NOTES: `${PLATFORM}/checkout-order-notes`,
  CHECKOUT_ACTIONS: `${PLATFORM}/checkout-actions`,
  CHECKOUT_TOTALS: `${PLATFORM}/checkout-totals`,
});
export type InnerBlockArea = (typeof INNER_BLOCK_AREAS)[keyof typeof INNER_BLOCK_AREAS];
const AREAS: readonly string[] = Object.values(INNER_BLOCK_AREAS);

/** What a block's component is given. */
export interface CheckoutBlockProps {
  cart: StoreCart;
  /** The cart's extension data (spec §3 Cart extensions). */
  extensions: Record<string, unknown>;
  /**
   * Data for the order under the block's namespace, sent with it in `extensions` (spec §3
   * extensionData): `setExtensionData(namespace, key, value)` sets one key, `setExtensionData(namespace,
   * data, replace)` merges an object, or replaces the namespace's data when `replace` is true.
   */
  checkoutExtensionData: {
    extensionData: ExtensionData;
    setExtensionData: SetExtensionData;
  };
  /** The block's own validation errors: one that is set holds the order back (ids prefixed 'extensions-errors-'). */
  validation: ExtensionValidation;
}

export interface SetExtensionData {
  (namespace: string, key: string, value: unknown): void;
  (namespace: string, data: Record<string, unknown>, replace?: boolean): void;
}

export interface CheckoutBlockOptions {
  /** `name`: the block's name; `parent`: the area, or areas, it renders in. */
  metadata: { name: string; parent: InnerBlockArea | InnerBlockArea[] };
  component: ComponentType<CheckoutBlockProps>;
}

export interface CheckoutBlock {
  blockName: string;
  areas: InnerBlockArea[];
  component: ComponentType<CheckoutBlockProps>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const describe = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);
/** What React.lazy, memo and forwardRef give (an element, also marked with $$typeof, is not a component). */
const COMPONENT_OBJECTS = new Set([Symbol.for("react.lazy"), Symbol.for("react.memo"), Symbol.for("react.forward_ref")]);
const isComponent = (value: unknown) =>
  typeof value === "function" || (isObject(value) && typeof value.$$typeof === "symbol" && COMPONENT_OBJECTS.has(value.$$typeof));

export const blockMessages = {
  options: (value: unknown) => `The options to register a checkout block must be an object; received ${describe(value)}.`,
  metadata: (value: unknown) => `The metadata of a checkout block must be an object; received ${describe(value)}.`,
  blockName: (value: unknown) =>
    `The blockName (metadata.name) of a checkout block must be a non-empty string; received ${describe(value)}.`,
  parent: (blockName: string, value: unknown) =>
    `The parent of the checkout block '${blockName}' must be a valid inner block area, or a non-empty list of them; received ${JSON.stringify(value) ?? describe(value)}. The areas are: ${AREAS.join(", ")}.`,
  component: (blockName: string, value: unknown) =>
    `The component of the checkout block '${blockName}' must be a function or a lazy component; received ${describe(value)}.`,
};

/** Checks a registration; throws a TypeError naming the first mistake. */
export function normalizeCheckoutBlock(options: unknown): CheckoutBlock {
  if (!isObject(options)) throw new TypeError(blockMessages.options(options));
  const { metadata, component } = options;
  if (!isObject(metadata)) throw new TypeError(blockMessages.metadata(metadata));
  const blockName = metadata.name;
  if (typeof blockName !== "string" || !blockName.trim()) throw new TypeError(blockMessages.blockName(blockName));
  const parent = metadata.parent;
  const areas = typeof parent === "string" ? [parent] : Array.isArray(parent) ? parent : [];
  if (!areas.length || !areas.every((area) => typeof area === "string" && AREAS.includes(area)))
    throw new TypeError(blockMessages.parent(blockName, parent));
  if (!isComponent(component)) throw new TypeError(blockMessages.component(blockName, component));
  return { blockName, areas: [...new Set(areas)] as InnerBlockArea[], component: component as CheckoutBlock["component"] };
}

let blocks: readonly CheckoutBlock[] = [];
const listeners = new Set<() => void>();

/**
 * Registers (or replaces, by name) a block in its inner block area(s). Throws a TypeError for an
 * invalid registration. Blocks registered after the page is live appear at once.
 */
export function registerCheckoutBlock(options: CheckoutBlockOptions): CheckoutBlock {
  const block = normalizeCheckoutBlock(options);
  blocks = [...blocks.filter((b) => b.blockName !== block.blockName), block];
  for (const listener of listeners) listener();
  return block;
}

/** Every registered block, in registration order (a new array after each registration). */
export const getCheckoutBlocks = (): readonly CheckoutBlock[] => blocks;

export function subscribeToCheckoutBlocks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget every block. */
export function clearCheckoutBlocks(): void {
  blocks = [];
  for (const listener of listeners) listener();
}
