/**
 * Field validation errors (spec §3 "Validation error", §4 "Field validation errors"): one entry
 * per field id (billing_first_name, shipping_postcode, billing_email…), absent when the field is
 * valid, hidden while the shopper types and shown on blur or when the whole form is shown.
 */
import { createStore, type StoreApi } from "zustand/vanilla";

export interface ValidationError {
  message: string;
  hidden: boolean;
}

export type ValidationErrors = Readonly<Record<string, Readonly<ValidationError>>>;

export interface ValidationState {
  errors: ValidationErrors;
  /** Sets (adds or replaces) one or many errors. */
  setValidationErrors(errors: Readonly<Record<string, ValidationError>>): void;
  setValidationError(id: string, message: string, hidden?: boolean): void;
  clearValidationError(id: string): void;
  /** Clears the listed errors, or every error when no list is given. */
  clearValidationErrors(ids?: readonly string[]): void;
  hideValidationError(id: string): void;
  showValidationError(id: string): void;
  /** Shows every error (e.g. on place order). */
  showAllValidationErrors(): void;
  /** The error, hidden or not. */
  getValidationError(id: string): Readonly<ValidationError> | undefined;
  /** The error when it is set and shown. */
  visibleError(id: string): Readonly<ValidationError> | undefined;
  hasValidationErrors(): boolean;
}

export type ValidationStore = StoreApi<ValidationState>;

/** The element id of a visible error: validate-error-{id}. */
export function errorElementId(id: string): string {
  return `validate-error-${id}`;
}

/** For React: `useStore(store, visibleErrorSelector(id))`. Returns a stable reference. */
export const visibleErrorSelector =
  (id: string) =>
  (state: ValidationState): Readonly<ValidationError> | undefined => {
    const error = Object.hasOwn(state.errors, id) ? state.errors[id] : undefined;
    return error && !error.hidden ? error : undefined;
  };

export const hasValidationErrorsSelector = (state: ValidationState): boolean => Object.keys(state.errors).length > 0;

export function createValidationStore(initial: Readonly<Record<string, ValidationError>> = {}): ValidationStore {
  return createStore<ValidationState>()((set, get) => {
    const own = (id: string) => (Object.hasOwn(get().errors, id) ? get().errors[id] : undefined);
    /** Changes one error's hidden flag; no update (and no re-render) when nothing changes. */
    const setHidden = (id: string, hidden: boolean) => {
      const error = own(id);
      if (!error || error.hidden === hidden) return;
      set({ errors: { ...get().errors, [id]: { message: error.message, hidden } } });
    };
    return {
      errors: { ...initial },
      setValidationErrors(errors) {
        const current = get().errors;
        const changed = Object.entries(errors).filter(([id, e]) => {
          const old = Object.hasOwn(current, id) ? current[id] : undefined;
          return !old || old.message !== e.message || old.hidden !== e.hidden;
        });
        if (!changed.length) return;
        const next = { ...current };
        for (const [id, e] of changed) next[id] = { message: e.message, hidden: e.hidden };
        set({ errors: next });
      },
      setValidationError(id, message, hidden = false) {
        get().setValidationErrors({ [id]: { message, hidden } });
      },
      clearValidationError(id) {
        get().clearValidationErrors([id]);
      },
      clearValidationErrors(ids) {
        const current = get().errors;
        if (ids === undefined) {
          if (Object.keys(current).length) set({ errors: {} });
          return;
        }
        const present = ids.filter((id) => Object.hasOwn(current, id));
        if (!present.length) return;
        const next = { ...current };
        for (const id of present) delete next[id];
        set({ errors: next });
      },
      hideValidationError(id) {
        setHidden(id, true);
      },
      showValidationError(id) {
        setHidden(id, false);
      },
      showAllValidationErrors() {
        const current = get().errors;
        if (!Object.values(current).some((e) => e.hidden)) return;
        set({ errors: Object.fromEntries(Object.entries(current).map(([id, e]) => [id, { message: e.message, hidden: false }])) });
      },
      getValidationError: own,
      visibleError: (id) => visibleErrorSelector(id)(get()),
      hasValidationErrors: () => hasValidationErrorsSelector(get()),
    };
  });
}
