/**
 * Client-side payment method registration (spec §3 "Payment method registration", "Express
 * payment method registration", "Payment-method icon"; §5 "Extension registration"; §8
 * "payment registration"). Invalid configurations throw; callers report the error with
 * `registrationErrorNotice`.
 */
import type { StoreAddress, StoreCart } from "@cartwright/commerce";
import type { ComponentType, ReactNode } from "react";
import { CONTEXTS, type Notice, PLATFORM } from "../../../stores/notices.ts";

/** A payment_data entry as the checkout sends it (spec §7 "Checkout calls"). */
export interface PaymentDataEntry {
  key: string;
  value: string | boolean;
}

/**
 * The whole contract between the checkout and a method's content (and edit) component:
 * - `onPaymentData(entries)`: the method's current payment_data entries, replacing any it gave
 *   before (call it on every change; an empty list means "nothing entered yet");
 * - `disabled`: the checkout is busy (processing, calculating); inputs should not change.
 */
export interface PaymentMethodContentProps {
  onPaymentData(entries: PaymentDataEntry[]): void;
  disabled: boolean;
  /** The server's description of the method: the shop owner's own text when they wrote one. */
  description?: string;
}

/** What an express method's button(s) receive: `onClick` starts the express payment (the page decides what that does). */
/** The contact and addresses a wallet holds: the order is placed with them rather than the form's. */
export interface WalletContact {
  billing: Partial<StoreAddress>;
  shipping: Partial<StoreAddress>;
}

export interface ExpressPaymentContentProps {
  /** Starts the payment; a wallet that knows the shopper's addresses passes them. */
  onClick(wallet?: WalletContact): void;
  disabled: boolean;
}

export interface PaymentMethodIcon {
  id: string;
  alt: string;
  src: string;
}

export interface CanMakePaymentArgs {
  cart: StoreCart;
}

export interface PaymentMethodConfig {
  name: string;
  label: ReactNode;
  ariaLabel: string;
  content: ComponentType<PaymentMethodContentProps>;
  edit: ComponentType<PaymentMethodContentProps>;
  canMakePayment: (args: CanMakePaymentArgs) => boolean;
  placeOrderButtonLabel?: string;
  savedTokenComponent?: ComponentType<PaymentMethodContentProps & { tokenId: number }>;
  icons?: (string | PaymentMethodIcon)[];
  /** Defaults to name. */
  paymentMethodId?: string;
  supports?: { showSavedCards?: boolean; showSaveOption?: boolean; features?: string[] };
  title?: string;
  description?: string;
  gatewayId?: string;
}

export interface PaymentMethod extends Omit<PaymentMethodConfig, "paymentMethodId" | "supports"> {
  paymentMethodId: string;
  supports: { showSavedCards: boolean; showSaveOption: boolean; features: string[] };
}

export interface ExpressPaymentMethodConfig {
  name: string;
  title?: string;
  description?: string;
  gatewayId?: string;
  content: ComponentType<ExpressPaymentContentProps>;
  edit: ComponentType<ExpressPaymentContentProps>;
  /** Defaults to name. */
  paymentMethodId?: string;
  canMakePayment: (args: CanMakePaymentArgs) => boolean;
  supports?: { features?: string[]; style?: string[] };
}

export interface ExpressPaymentMethod extends Omit<ExpressPaymentMethodConfig, "paymentMethodId" | "supports"> {
  paymentMethodId: string;
  supports: { features: string[]; style: string[] };
}

export const MISSING_PROPERTIES_MESSAGE = "The payment method configuration object is missing the following properties:";
export const DEFAULT_FEATURES = ["products"] as const;
/** Spec §9: express descriptions are cut to 130 characters plus '...'. */
export const EXPRESS_DESCRIPTION_MAX = 130;

const REQUIRED = ["name", "label", "ariaLabel", "content", "edit", "canMakePayment"] as const;
const EXPRESS_REQUIRED = ["name", "content", "edit", "canMakePayment"] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A React component: a function or class, or a memo/lazy/forwardRef object. */
const isComponent = (value: unknown) => typeof value === "function" || (isObject(value) && typeof value.$$typeof === "symbol");

function assertHasProperties(config: unknown, required: readonly string[]): asserts config is Record<string, unknown> {
  if (!isObject(config)) throw new TypeError(`${MISSING_PROPERTIES_MESSAGE} ${required.join(", ")}`);
  const missing = required.filter((key) => config[key] === undefined);
  if (missing.length) throw new TypeError(`${MISSING_PROPERTIES_MESSAGE} ${missing.join(", ")}`);
}

function assertCommon(config: Record<string, unknown>) {
  if (typeof config.name !== "string" || !config.name.trim())
    throw new TypeError("The name property for the payment method must be a non-empty string.");
  for (const key of ["content", "edit"] as const)
    if (!isComponent(config[key])) throw new TypeError(`The ${key} property for the payment method must be a React component.`);
  if (typeof config.canMakePayment !== "function")
    throw new TypeError("The canMakePayment property for the payment method must be a function.");
  if (config.paymentMethodId !== undefined && (typeof config.paymentMethodId !== "string" || !config.paymentMethodId))
    throw new TypeError("The paymentMethodId property for the payment method must be a non-empty string.");
  for (const key of ["title", "description", "gatewayId"] as const)
    if (config[key] !== undefined && typeof config[key] !== "string")
      throw new TypeError(`The ${key} property for the payment method must be a string.`);
  if (config.supports !== undefined) {
    if (!isObject(config.supports)) throw new TypeError("The supports property for the payment method must be an object.");
    const { features } = config.supports;
    if (features !== undefined && (!Array.isArray(features) || features.some((f) => typeof f !== "string")))
      throw new TypeError("The supports.features property for the payment method must be an array of strings.");
  }
}

const isIcon = (icon: unknown) =>
  typeof icon === "string" ||
  (isObject(icon) && typeof icon.id === "string" && typeof icon.alt === "string" && typeof icon.src === "string");

/** Checks a configuration and fills its defaults; throws a TypeError when it is invalid. */
export function normalizePaymentMethod(config: PaymentMethodConfig): PaymentMethod {
  assertHasProperties(config, REQUIRED);
  assertCommon(config);
  if (config.label === null || typeof config.label === "boolean")
    throw new TypeError("The label property for the payment method must be a string or a React element.");
  if (typeof config.ariaLabel !== "string") throw new TypeError("The ariaLabel property for the payment method must be a string.");
  if (config.placeOrderButtonLabel !== undefined && typeof config.placeOrderButtonLabel !== "string")
    throw new TypeError("The placeOrderButtonLabel property for the payment method must be a string.");
  if (config.savedTokenComponent !== undefined && !isComponent(config.savedTokenComponent))
    throw new TypeError("The savedTokenComponent property for the payment method must be a React component.");
  if (config.icons !== undefined && (!Array.isArray(config.icons) || !config.icons.every(isIcon)))
    throw new TypeError("The icons property for the payment method must be an array of icon ids or {id, alt, src} objects.");
  const supports = config.supports ?? {};
  for (const key of ["showSavedCards", "showSaveOption"] as const)
    if (supports[key] !== undefined && typeof supports[key] !== "boolean")
      throw new TypeError(`The supports.${key} property for the payment method must be a boolean.`);
  return {
    ...config,
    paymentMethodId: config.paymentMethodId ?? config.name,
    supports: {
      showSavedCards: supports.showSavedCards ?? false,
      showSaveOption: supports.showSaveOption ?? false,
      features: supports.features ? [...supports.features] : [...DEFAULT_FEATURES],
    },
  };
}

export const truncateExpressDescription = (text: string) =>
  text.length > EXPRESS_DESCRIPTION_MAX ? `${text.slice(0, EXPRESS_DESCRIPTION_MAX)}...` : text;

export function normalizeExpressPaymentMethod(config: ExpressPaymentMethodConfig): ExpressPaymentMethod {
  assertHasProperties(config, EXPRESS_REQUIRED);
  assertCommon(config);
  const style = config.supports?.style;
  if (style !== undefined && (!Array.isArray(style) || style.some((s) => typeof s !== "string")))
    throw new TypeError("The supports.style property for the payment method must be an array of strings.");
  return {
    ...config,
    ...(config.description === undefined ? {} : { description: truncateExpressDescription(config.description) }),
    paymentMethodId: config.paymentMethodId ?? config.name,
    supports: {
      features: config.supports?.features ? [...config.supports.features] : [...DEFAULT_FEATURES],
      style: style ? [...style] : [],
    },
  };
}

const paymentMethods = new Map<string, PaymentMethod>();
const expressPaymentMethods = new Map<string, ExpressPaymentMethod>();
// Moved by every registration: a checkout already drawn asks the methods again (a page script registers once it is live).
let registrations = 0;
const listeners = new Set<() => void>();

function registered(): void {
  registrations++;
  for (const listener of listeners) listener();
}

export function subscribeToPaymentMethods(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes with every registration. */
export const paymentMethodRegistrations = (): number => registrations;

/** Registers (or replaces, by name) a payment method. Throws a TypeError for an invalid configuration. */
export function registerPaymentMethod(config: PaymentMethodConfig): PaymentMethod {
  const method = normalizePaymentMethod(config);
  paymentMethods.set(method.name, method);
  registered();
  return method;
}

/** Registers (or replaces, by name) an express payment method. Throws a TypeError for an invalid configuration. */
export function registerExpressPaymentMethod(config: ExpressPaymentMethodConfig): ExpressPaymentMethod {
  const method = normalizeExpressPaymentMethod(config);
  expressPaymentMethods.set(method.name, method);
  registered();
  return method;
}

export const getPaymentMethods = (): PaymentMethod[] => [...paymentMethods.values()];
export const getExpressPaymentMethods = (): ExpressPaymentMethod[] => [...expressPaymentMethods.values()];
/** The registered method for a server method id (paymentMethodId, else name). */
export const getPaymentMethod = (id: string): PaymentMethod | undefined =>
  [...paymentMethods.values()].find((m) => m.paymentMethodId === id) ?? paymentMethods.get(id);

/** For tests: forget every registration. */
export function clearPaymentMethodRegistry() {
  paymentMethods.clear();
  expressPaymentMethods.clear();
  registered();
}

/** Spec §8 "payment registration": the notice a failed registration is reported with. */
export function registrationErrorNotice(
  id: string,
  error: unknown,
  context: string = CONTEXTS.payments,
): Pick<Notice, "id" | "context" | "status" | "content"> {
  const text = error instanceof Error ? error.message : String(error);
  return {
    id: `${PLATFORM}-${id}-registration-error`,
    context,
    status: "error",
    content: `There was an error registering the payment method with id '${id}': ${text}`,
  };
}

export interface AvailabilityOptions {
  /** The cart's payment_methods, in the server's order. */
  serverMethodIds: readonly string[];
  /** The cart's payment_requirements. */
  cartRequirements: readonly string[];
  /** Settings' paymentMethodSortOrder; ids it lists come first in its order, the rest keep the server's order. */
  sortOrder?: readonly string[];
  /** When given, a method's canMakePayment must also accept it (a throw counts as no). */
  cart?: StoreCart;
  /** Told of a canMakePayment that threw (spec §8 "payment registration": shown to administrators). */
  onError?: (paymentMethodId: string, error: unknown) => void;
}

type Usable = Pick<PaymentMethod, "paymentMethodId" | "canMakePayment"> & { supports: { features: string[] } };

/**
 * The registered methods the shopper can use (spec §5): the server lists it, and every cart
 * requirement is among its features; ordered by sortOrder, else by the server's order.
 */
export function availableMethods<M extends Usable>(registered: Iterable<M>, options: AvailabilityOptions): M[] {
  const { serverMethodIds, cartRequirements, sortOrder = [], cart, onError } = options;
  const usable = [...registered].filter((method) => {
    if (!serverMethodIds.includes(method.paymentMethodId)) return false;
    if (!cartRequirements.every((requirement) => method.supports.features.includes(requirement))) return false;
    if (!cart) return true;
    try {
      return Boolean(method.canMakePayment({ cart }));
    } catch (error) {
      onError?.(method.paymentMethodId, error);
      return false;
    }
  });
  const rank = (id: string) => {
    const sorted = sortOrder.indexOf(id);
    return sorted >= 0 ? sorted : sortOrder.length + serverMethodIds.indexOf(id);
  };
  return usable.sort((a, b) => rank(a.paymentMethodId) - rank(b.paymentMethodId));
}
