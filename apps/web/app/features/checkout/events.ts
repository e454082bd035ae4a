/**
 * The checkout's events (spec §4 "Checkout events and observers", §9 "Observer default priority
 * 10"): the extension point where extension authors and built-in parts subscribe observers, plus
 * the pure decision rules of §4 "Checkout status" and "Payment status" that turn observer
 * responses into what the page does next. No store here: the page applies the outcomes.
 *
 * Replies. An observer answers with an object whose `type` is 'success', 'failure', 'fail' or
 * 'error'. Returning nothing (undefined/null) or `true` means "no answer": nothing is recorded.
 * Every rule of the spec treats "no responses" exactly like "all success" (validation → processing,
 * checkout_success → complete, payment_setup → ready), so an observer that only needs to run, not
 * to decide, never has to build a response. Any other reply (false, a string, an object without a
 * valid type) is a programming error of the observer: emit rejects with an Error naming the event.
 * An observer that throws (or rejects) yields `{ type: 'error', message }` instead.
 */
import { GENERIC_ERROR } from "../../api/store-client.ts";
import { CONTEXTS } from "../../stores/notices.ts";
import type { ValidationError } from "./validation.ts";

export const CHECKOUT_EVENTS = {
  checkoutValidation: "checkout_validation",
  checkoutSuccess: "checkout_success",
  checkoutFail: "checkout_fail",
  paymentSetup: "payment_setup",
  shippingRatesSuccess: "shipping_rates_success",
  shippingRatesFail: "shipping_rates_fail",
  shippingRateSelectSuccess: "shipping_rate_select_success",
  shippingRateSelectFail: "shipping_rate_select_fail",
  cartProceedToCheckout: "cart_proceed_to_checkout",
} as const;

export type CheckoutEvent = (typeof CHECKOUT_EVENTS)[keyof typeof CHECKOUT_EVENTS];

/** Spec §9. */
export const DEFAULT_OBSERVER_PRIORITY = 10;

export const RESPONSE_TYPES = ["success", "failure", "fail", "error"] as const;
export type ObserverResponseType = (typeof RESPONSE_TYPES)[number];

/** What extension authors may send back for field errors; `hidden` defaults to false. */
export type ObserverValidationErrors = Record<string, { message: string; hidden?: boolean }>;

export interface ObserverResponse {
  type: ObserverResponseType;
  /** checkout_success / checkout_fail / payment_setup: the notice text. */
  message?: string;
  /** checkout_validation: the notice text. */
  errorMessage?: string;
  /** The notice context; each rule has its default. */
  messageContext?: string;
  validationErrors?: ObserverValidationErrors;
  /** checkout_success / checkout_fail: true asks to let the shopper try again (status idle). */
  retry?: boolean;
  /** checkout_success: used by "set complete" when it is a string. */
  redirectUrl?: string;
  /** payment_setup: paymentMethodData, billingAddress, shippingAddress. */
  meta?: {
    paymentMethodData?: Record<string, unknown>;
    billingAddress?: Record<string, unknown>;
    shippingAddress?: Record<string, unknown>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** undefined / null / true: no answer (see the module comment). */
export type ObserverReply = ObserverResponse | undefined | null | true;
export type Observer<P = unknown> = (payload: P) => ObserverReply | Promise<ObserverReply>;

export const isSuccess = (response: ObserverResponse): boolean => response.type === "success";
/** 'failure' and 'fail' are the same thing (both spellings occur). */
export const isFailure = (response: ObserverResponse): boolean => response.type === "failure" || response.type === "fail";
export const isError = (response: ObserverResponse): boolean => response.type === "error";
const isErrorOrFailure = (response: ObserverResponse) => isError(response) || isFailure(response);

function isObserverResponse(value: unknown): value is ObserverResponse {
  return typeof value === "object" && value !== null && RESPONSE_TYPES.includes((value as { type?: unknown }).type as ObserverResponseType);
}

interface Subscription {
  observer: Observer<unknown>;
  priority: number;
}

export interface CheckoutEvents {
  /** Adds an observer (lower priority runs first; equal priorities in subscription order). Returns its unsubscribe. */
  subscribe<P = unknown>(event: CheckoutEvent, observer: Observer<P>, priority?: number): () => void;
  /** Runs every observer, one after the other, and returns their responses in run order. */
  emit(event: CheckoutEvent, payload?: unknown): Promise<ObserverResponse[]>;
  /** Like emit, but stops after the first error or failure response (which is the last one returned). */
  emitWithAbort(event: CheckoutEvent, payload?: unknown): Promise<ObserverResponse[]>;
}

export function createCheckoutEvents(): CheckoutEvents {
  const subscriptions = new Map<CheckoutEvent, Subscription[]>();

  async function run(event: CheckoutEvent, payload: unknown, abort: boolean): Promise<ObserverResponse[]> {
    // A copy: observers that (un)subscribe while the event runs affect the next emit only.
    // Array#sort is stable, so equal priorities keep their subscription order.
    const ordered = [...(subscriptions.get(event) ?? [])].sort((a, b) => a.priority - b.priority);
    const responses: ObserverResponse[] = [];
    for (const { observer } of ordered) {
      let reply: unknown;
      try {
        reply = await observer(payload);
      } catch (error) {
        reply = { type: "error", message: error instanceof Error ? error.message : String(error) };
      }
      if (reply === undefined || reply === null || reply === true) continue;
      if (!isObserverResponse(reply)) {
        throw new Error(
          `An observer of the "${event}" checkout event returned an invalid response: expected an object with a type of ${RESPONSE_TYPES.map((t) => `'${t}'`).join(", ")} (or nothing), got ${describe(reply)}.`,
        );
      }
      responses.push(reply);
      if (abort && isErrorOrFailure(reply)) break;
    }
    return responses;
  }

  return {
    subscribe(event, observer, priority = DEFAULT_OBSERVER_PRIORITY) {
      const subscription: Subscription = {
        observer: observer as Observer<unknown>,
        priority: Number.isFinite(priority) ? priority : DEFAULT_OBSERVER_PRIORITY,
      };
      subscriptions.set(event, [...(subscriptions.get(event) ?? []), subscription]);
      return () => {
        subscriptions.set(
          event,
          (subscriptions.get(event) ?? []).filter((s) => s !== subscription),
        );
      };
    },
    emit: (event, payload) => run(event, payload, false),
    emitWithAbort: (event, payload) => run(event, payload, true),
  };
}

/**
 * The page's checkout events: extensions subscribe observers here (spec §4 "Checkout events and
 * observers"), for example `checkoutEvents.subscribe("checkout_validation", check, 10)`. Here rather
 * than in the controller, so the extension API (also the cart page's) takes no controller code.
 */
export const checkoutEvents = createCheckoutEvents();

function describe(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(value);
  const type = (value as { type?: unknown }).type;
  return type === undefined ? "an object without a type" : `an object with type ${JSON.stringify(type)}`;
}

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value !== "";

function toValidationErrors(errors: unknown): Record<string, ValidationError> {
  if (typeof errors !== "object" || errors === null) return {};
  const out: Record<string, ValidationError> = {};
  for (const [field, error] of Object.entries(errors as ObserverValidationErrors)) {
    if (error && typeof error.message === "string") out[field] = { message: error.message, hidden: error.hidden === true };
  }
  return out;
}

export interface OutcomeNotice {
  message: string;
  context: string;
  /** Set when the spec names one: 'checkout' (after processing), 'cw-payment-error' (payment). */
  id?: string;
}

export interface ValidationFailure {
  /** One per error/failure response with a non-empty errorMessage, in its messageContext (default cw/checkout). */
  notices: OutcomeNotice[];
  /** Every error/failure response's validationErrors, merged (later responses win per field). */
  validationErrors: Record<string, ValidationError>;
}

/**
 * §4 "Checkout status", the validation step (checkout_validation's responses): 'processing' when
 * there are no responses or all are success. Otherwise the notices and field errors to show; the
 * page then sets hasError (setHasError(true) from before_processing also moves the status to idle).
 */
export function validationOutcome(responses: readonly ObserverResponse[]): "processing" | ValidationFailure {
  if (responses.every(isSuccess)) return "processing";
  const failure: ValidationFailure = { notices: [], validationErrors: {} };
  for (const response of responses.filter(isErrorOrFailure)) {
    if (nonEmpty(response.errorMessage)) {
      failure.notices.push({ message: response.errorMessage, context: response.messageContext || CONTEXTS.checkout });
    }
    Object.assign(failure.validationErrors, toValidationErrors(response.validationErrors));
  }
  return failure;
}

export interface AfterProcessingInput {
  /** The checkout's hasError after the server responded: checkout_fail ran, else checkout_success ran. */
  hasError: boolean;
  /** The responses of that event. */
  responses: readonly ObserverResponse[];
  /** Error notices are already shown (then checkout_fail's generic notice is not added). */
  hasErrorNotices?: boolean;
}

export interface AfterProcessingOutcome {
  status: "idle" | "complete";
  /** The checkout's hasError to set. */
  hasError: boolean;
  notice?: OutcomeNotice;
  /** For "set complete": the success response's redirectUrl when it is a string. */
  redirectUrl?: string;
}

const checkoutNotice = (message: string, context?: string): OutcomeNotice => ({
  id: "checkout",
  message,
  context: context || CONTEXTS.checkout,
});

/**
 * §4 "Checkout status", "After the server responds". "Asks to retry" means `retry: true`.
 * - hasError (checkout_fail): the first error/failure response with a message is shown (id
 *   checkout); retry → idle, else complete; hasError stays. With no such response, the generic
 *   notice unless error notices exist, and idle.
 * - otherwise (checkout_success): the first error/failure response's message (if any) is shown;
 *   retry → idle with hasError, else complete. A success response, or none, completes.
 */
export function afterProcessingOutcome({ hasError, responses, hasErrorNotices = false }: AfterProcessingInput): AfterProcessingOutcome {
  if (hasError) {
    const shown = responses.find((r) => isErrorOrFailure(r) && nonEmpty(r.message));
    if (shown) {
      return {
        status: shown.retry === true ? "idle" : "complete",
        hasError: true,
        notice: checkoutNotice(shown.message as string, shown.messageContext),
      };
    }
    return hasErrorNotices ? { status: "idle", hasError: true } : { status: "idle", hasError: true, notice: checkoutNotice(GENERIC_ERROR) };
  }
  const failed = responses.find(isErrorOrFailure);
  if (failed) {
    return {
      status: failed.retry === true ? "idle" : "complete",
      hasError: failed.retry === true,
      ...(nonEmpty(failed.message) ? { notice: checkoutNotice(failed.message, failed.messageContext) } : {}),
    };
  }
  const success = responses.find(isSuccess);
  return {
    status: "complete",
    hasError: false,
    ...(success && typeof success.redirectUrl === "string" ? { redirectUrl: success.redirectUrl } : {}),
  };
}

export const PAYMENT_ERROR_NOTICE_ID = "cw-payment-error" as const;

export type PaymentSetupOutcome =
  | {
      status: "ready";
      paymentMethodData?: Record<string, unknown>;
      billingAddress?: Record<string, unknown>;
      shippingAddress?: Record<string, unknown>;
    }
  | {
      status: "has_error";
      /** Which rule applied: failure stores the billing address, error applies validation errors. */
      reason: "failure" | "error";
      /** Non-dismissible, id cw-payment-error, in messageContext (default cw/checkout/payments); absent without a message. */
      notice?: OutcomeNotice & { id: typeof PAYMENT_ERROR_NOTICE_ID; isDismissible: false };
      billingAddress?: Record<string, unknown>;
      validationErrors?: Record<string, ValidationError>;
    };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * §4 "Payment status" (payment_setup's responses). The first error/failure response decides
 * has_error (failure: its meta.billingAddress; error: its validationErrors). Otherwise ready: with
 * the last success response's meta (later observers override earlier ones), or bare when no
 * observer answered.
 */
export function paymentSetupOutcome(responses: readonly ObserverResponse[]): PaymentSetupOutcome {
  const failed = responses.find(isErrorOrFailure);
  if (failed) {
    const notice = nonEmpty(failed.message)
      ? {
          id: PAYMENT_ERROR_NOTICE_ID,
          message: failed.message,
          context: failed.messageContext || CONTEXTS.payments,
          isDismissible: false as const,
        }
      : undefined;
    if (isFailure(failed)) {
      return {
        status: "has_error",
        reason: "failure",
        ...(notice ? { notice } : {}),
        ...(isRecord(failed.meta?.billingAddress) ? { billingAddress: failed.meta.billingAddress } : {}),
      };
    }
    return {
      status: "has_error",
      reason: "error",
      ...(notice ? { notice } : {}),
      validationErrors: toValidationErrors(failed.validationErrors),
    };
  }
  const success = responses.findLast(isSuccess);
  const meta = success?.meta;
  return {
    status: "ready",
    ...(isRecord(meta?.paymentMethodData) ? { paymentMethodData: meta.paymentMethodData } : {}),
    ...(isRecord(meta?.billingAddress) ? { billingAddress: meta.billingAddress } : {}),
    ...(isRecord(meta?.shippingAddress) ? { shippingAddress: meta.shippingAddress } : {}),
  };
}
