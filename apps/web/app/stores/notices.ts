/** Notices by context (spec §2 "Notice contexts"): duplicates merge, snackbars dismiss themselves. */
import { createStore } from "zustand/vanilla";

export const PLATFORM = "cw";
export const CONTEXTS = {
  cart: `${PLATFORM}/cart`,
  checkout: `${PLATFORM}/checkout`,
  payments: `${PLATFORM}/checkout/payments`,
  expressPayments: `${PLATFORM}/checkout/express-payments`,
  contactInformation: `${PLATFORM}/checkout/contact-information`,
  shippingAddress: `${PLATFORM}/checkout/shipping-address`,
  billingAddress: `${PLATFORM}/checkout/billing-address`,
  shippingMethods: `${PLATFORM}/checkout/shipping-methods`,
  checkoutActions: `${PLATFORM}/checkout/checkout-actions`,
  orderInformation: `${PLATFORM}/checkout/order-information`,
} as const;

/** Snackbars auto-dismiss after 10 s, with a 0.5 s transition (spec §9). */
export const SNACKBAR_MS = 10_000;
export const SNACKBAR_TRANSITION_MS = 500;

export interface Notice {
  id: string;
  context: string;
  status: "error" | "warning" | "info" | "success";
  content: string;
  isDismissible: boolean;
  type: "default" | "snackbar";
}

interface NoticeState {
  notices: Notice[];
  add(notice: Omit<Notice, "isDismissible" | "type"> & Partial<Pick<Notice, "isDismissible" | "type">>): void;
  remove(id: string, context?: string): void;
  removeWhere(predicate: (notice: Notice) => boolean): void;
}

export const noticeStore = createStore<NoticeState>()((set) => ({
  notices: [],
  add(notice) {
    const full: Notice = { isDismissible: true, type: "default", ...notice };
    set((state) => {
      // The same id replaces itself; the same text in the same context is shown once.
      const others = state.notices.filter((n) => !(n.context === full.context && (n.id === full.id || n.content === full.content)));
      return { notices: [...others, full] };
    });
  },
  remove(id, context) {
    set((state) => ({ notices: state.notices.filter((n) => !(n.id === id && (context === undefined || n.context === context))) }));
  },
  removeWhere(predicate) {
    set((state) => ({ notices: state.notices.filter((n) => !predicate(n)) }));
  },
}));

/** The notices of these contexts as one list, each text once: one area showing two contexts merges them too. */
export function noticesOf(notices: Notice[], contexts: readonly string[]): Notice[] {
  const shown = notices.filter((n) => contexts.includes(n.context));
  return shown.filter((notice, index) => shown.findIndex((n) => n.content === notice.content) === index);
}
