/**
 * What an extension's checkout block hands the checkout (spec §3 "Checkout data" extensionData,
 * §5 field ids): data under its namespace, sent with the order in the body's `extensions`, and
 * validation errors of its own, kept beside the fields' under ids prefixed 'extensions-errors-' so
 * that one holds the order back as a field's would.
 */
import type { ValidationStore } from "../validation.ts";

export type ExtensionData = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** Spec §3: a namespace's data is merged with what it holds, or replaced when `replace` is set. */
export function mergeExtensionData(
  current: ExtensionData,
  namespace: string,
  data: Readonly<Record<string, unknown>>,
  replace = false,
): ExtensionData {
  if (!namespace.trim()) throw new TypeError("Checkout extension data needs a namespace.");
  return { ...current, [namespace]: replace ? { ...data } : { ...(current[namespace] ?? {}), ...data } };
}

export const EXTENSION_ERROR_PREFIX = "extensions-errors-";

/** A block's validation errors, each id taken as `extensions-errors-{id}` in the checkout's validation store. */
export interface ExtensionValidation {
  setValidationError(id: string, message: string, hidden?: boolean): void;
  clearValidationError(id: string): void;
  hideValidationError(id: string): void;
  showValidationError(id: string): void;
  getValidationError(id: string): { message: string; hidden: boolean } | undefined;
  /** Whether the checkout holds any validation error, a field's or an extension's. */
  hasValidationErrors(): boolean;
}

export function extensionValidation(store: ValidationStore): ExtensionValidation {
  const id = (own: string) => `${EXTENSION_ERROR_PREFIX}${own}`;
  const state = () => store.getState();
  return {
    setValidationError: (own, message, hidden = false) => state().setValidationError(id(own), message, hidden),
    clearValidationError: (own) => state().clearValidationError(id(own)),
    hideValidationError: (own) => state().hideValidationError(id(own)),
    showValidationError: (own) => state().showValidationError(id(own)),
    getValidationError: (own) => state().getValidationError(id(own)),
    hasValidationErrors: () => state().hasValidationErrors(),
  };
}
