/**
 * Which payment methods the checkout offers (spec §4 "Payment status", §8 "payment
 * registration"): those the server accepts whose registered canMakePayment agrees (a method the
 * page has not registered keeps its server description). A canMakePayment that throws leaves its
 * method out; the store administrator is told, in the payments or express-payments area.
 */
import type { StoreCart } from "@cartwright/commerce";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { CONTEXTS, noticeStore } from "../../../stores/notices.ts";
import { usableExpressMethods } from "./ExpressButtons.tsx";
import {
  type ExpressPaymentMethod,
  getPaymentMethod,
  paymentMethodRegistrations,
  registrationErrorNotice,
  subscribeToPaymentMethods,
} from "./registry.ts";

type Failure = { id: string; error: unknown; context: string };

/** The server's methods the cart can pay with, and the canMakePayment calls that threw. */
export function offeredPaymentMethods<M extends { id: string }>(cart: StoreCart, methods: M[]): { methods: M[]; failures: Failure[] } {
  const failures: Failure[] = [];
  const offered = methods.filter((method) => {
    const registered = getPaymentMethod(method.id);
    if (!registered) return true;
    try {
      return Boolean(registered.canMakePayment({ cart }));
    } catch (error) {
      failures.push({ id: method.id, error, context: CONTEXTS.payments });
      return false;
    }
  });
  return { methods: offered, failures };
}

/** The express methods both registered here and accepted by the server, and the canMakePayment calls that threw. */
export function offeredExpressMethods(
  cart: StoreCart,
  serverIds: readonly string[],
): { methods: ExpressPaymentMethod[]; failures: Failure[] } {
  const failures: Failure[] = [];
  const usable = usableExpressMethods(cart, undefined, (id, error) => failures.push({ id, error, context: CONTEXTS.expressPayments }));
  return { methods: usable.filter((m) => serverIds.includes(m.paymentMethodId) || serverIds.includes(m.name)), failures };
}

/** The page's payment and express methods for this cart; registration errors become notices for the administrator only. */
export function useOfferedPaymentMethods<M extends { id: string }>(
  cart: StoreCart,
  methods: M[],
  expressIds: readonly string[],
  isAdmin: boolean,
) {
  // A method registered after the page was drawn is asked too: registrations is in the lists' dependencies for that.
  const registrations = useSyncExternalStore(subscribeToPaymentMethods, paymentMethodRegistrations, paymentMethodRegistrations);
  const regular = useMemo(() => offeredPaymentMethods(cart, methods), [cart, methods, registrations]);
  const express = useMemo(() => offeredExpressMethods(cart, expressIds), [cart, expressIds, registrations]);
  useEffect(() => {
    if (!isAdmin) return;
    for (const failure of [...regular.failures, ...express.failures])
      noticeStore.getState().add({ ...registrationErrorNotice(failure.id, failure.error, failure.context), isDismissible: true });
  }, [isAdmin, regular, express]);
  return { paymentMethods: regular.methods, expressMethods: express.methods };
}
