/**
 * The checkout page's controller (spec §4 "Checkout status", "Payment status", "Customer data
 * sync", §7 "Checkout calls", §8 "Notice routing"): everything the page does with the Store API,
 * in plain TypeScript over stores, so that `CheckoutForm.tsx` only renders their state and calls
 * these. The form's values stay with the page; the controller reads them (`readForm`) at the
 * moment it needs them: when an order is placed and when an edited address is sent.
 *
 * Placing an order, in the spec's states (checkout-status.ts):
 *   idle → before_processing   the form's own checks, the shopper's own address edits priced (decision 0175),
 *                              then checkout_validation's observers
 *        → processing          payment_setup's observers, then one POST /checkout
 *        → after_processing    the server placed it; checkout_success's observers
 *        → complete            the browser goes to the order-received page (or the gateway's)
 * Any refusal on the way goes back to idle with hasError set, keeps what was typed, and says why
 * in the notice area and fields the failure belongs to (submit.ts `routeCheckoutError`).
 */
import {
  changedAddressFields,
  currencyFromFields,
  expectedCartChange,
  expectedCartOf,
  formatAmount,
  type StoreApiError,
  type StoreCart,
} from "@cartwright/commerce";
import { createStore } from "zustand/vanilla";
import { StoreApiFailure, shownMessage } from "../../api/store-client.ts";
import type { CartStore } from "../../stores/cart.ts";
import { CONTEXTS, noticeStore } from "../../stores/notices.ts";
import type { AddressValues } from "./AddressForm.tsx";
import { EMAIL_INPUT_ID } from "./ContactInformation.tsx";
import { createCheckoutStatus, isWaitingForProcessing, isWaitingForRedirect } from "./checkout-status.ts";
import {
  afterProcessingOutcome,
  CHECKOUT_EVENTS,
  type CheckoutEvents,
  checkoutEvents,
  PAYMENT_ERROR_NOTICE_ID,
  paymentSetupOutcome,
  validationOutcome,
} from "./events.ts";
import { checkoutMessages as t } from "./messages.ts";
import { paymentPayload } from "./payment/card.ts";
import type { ActivePayment } from "./payment/PaymentSection.tsx";
import type { WalletContact } from "./payment/registry.ts";
import { createPaymentStatus } from "./payment-status.ts";
import { type CheckoutInput, checkoutBody, invalidParamErrors, type PaymentDataEntry, routeCheckoutError } from "./submit.ts";
import { createValidationStore, type ValidationStore } from "./validation.ts";

/** Address edits are pushed this long after they settle (spec §9). */
export const ADDRESS_PUSH_MS = 1500;
/** Order notes and the chosen method reach the draft order this long after they settle (spec §9). */
export const DRAFT_SYNC_MS = 1500;
/** The customer-data-dirty flag is written this long after changes settle (spec §9). */
export const DIRTY_FLAG_MS = 300;
export const CUSTOMER_DATA_DIRTY_KEY = "cw-checkout-customer-data-dirty";

type AddressKind = "billing" | "shipping";

/** The form as the shopper sees it at one moment. */
export interface CheckoutFormSnapshot {
  /** The order as `checkoutBody` takes it, less the payment (chosen below, settled by payment_setup). */
  order: Omit<CheckoutInput, "paymentMethod" | "paymentData">;
  /** The address forms on screen: a hidden form's errors do not hold the order back (spec §4 "Address form visibility"). */
  showShippingFields: boolean;
  showBillingFields: boolean;
  /** Some package offers rates and none is chosen. */
  rateMissing: boolean;
  payment: {
    /** The order costs something. */
    needed: boolean;
    /** The method or saved card chosen in the list. */
    active: ActivePayment;
    /** The gateway of the chosen saved card ("" for a method). */
    savedGateway: string;
    /** What the chosen method's form produced. */
    data: PaymentDataEntry[];
    /** 'Save payment information to my account'. */
    save: boolean;
  };
}

/** What the draft order keeps between visits (spec §4 "Customer data sync"): PUT /checkout. */
export interface DraftOrder {
  order_notes: string;
  payment_method: string;
  additional_fields: Record<string, unknown>;
}

/** The browser around the checkout; the page's by default (`pageBrowser`), a recorder in tests. */
export interface CheckoutBrowser {
  /** Goes to the order-received page, or wherever the gateway sends the shopper. */
  navigate(url: string): void;
  storage: Pick<Storage, "setItem" | "removeItem">;
  /** Scrolls to the element with this id and focuses it. */
  focus(elementId: string): void;
}

export const pageBrowser: CheckoutBrowser = {
  navigate: (url) => window.location.assign(url),
  storage: {
    setItem: (key, value) => window.localStorage.setItem(key, value),
    removeItem: (key) => window.localStorage.removeItem(key),
  },
  focus(elementId) {
    const target = document.getElementById(elementId);
    target?.scrollIntoView({ block: "center" });
    target?.focus();
  },
};

export interface CheckoutControllerOptions {
  cart: CartStore;
  readForm(): CheckoutFormSnapshot;
  /** The addresses the server already holds (the cart's): only changes to them are sent. */
  savedAddresses: Record<AddressKind, AddressValues>;
  /** A signed-in shopper is told to look in their account when the outcome is unknown (spec §8). */
  signedIn: boolean;
  /** A saved address shown as a summary opens for editing when the server refuses it. */
  openAddressForm(kind: AddressKind): void;
  events?: CheckoutEvents;
  browser?: CheckoutBrowser;
  /** The editor's preview (owner only): nothing is sent to the Store API. */
  preview?: boolean;
}

export interface CheckoutControllerState {
  /** The rate being selected in each package, by package id, until the server answers. */
  choosingRate: Record<number, string>;
}

/** The field an Enter was pressed in, as the page's element answers (a plain object in tests). */
export interface EnterField {
  tagName: string;
  getAttribute(name: string): string | null;
}

/** The one-line inputs where the browser's Enter submits the form (HTML's implicit submission). */
const ENTER_SUBMITS = new Set(["text", "email", "tel", "password", "search", "url", "number"]);

/**
 * Enter places the order from a one-line text field, as the browser's implicit submission would, but not from a
 * textarea (a new line), a checkbox, a button, or a combobox whose list is open (Enter picks a suggestion).
 */
export function enterPlacesOrder(field: EnterField): boolean {
  if (field.tagName.toUpperCase() !== "INPUT") return false;
  if (field.getAttribute("aria-expanded") === "true") return false;
  return ENTER_SUBMITS.has(field.getAttribute("type")?.toLowerCase() || "text");
}

type CheckoutReply = { payment_result: { redirect_url: string } | null; order_id: number };

/** The form with a wallet's addresses in place of those typed: nothing is collected, billing stands apart. */
function withWallet(form: CheckoutFormSnapshot, wallet: WalletContact): CheckoutFormSnapshot {
  return {
    ...form,
    order: { ...form.order, billing: wallet.billing, shipping: wallet.shipping, useShippingAsBilling: false, collecting: false },
  };
}

/** A failure with no reply to read (the network, a crash) is an unknown outcome (spec §8). */
const unknownOutcome: StoreApiError = { code: "unknown_error", message: t.placeOrderUnknownGuest, data: { status: 0 } };

export function createCheckoutController({
  cart,
  readForm,
  savedAddresses,
  signedIn,
  openAddressForm,
  events = checkoutEvents,
  browser = pageBrowser,
  preview = false,
}: CheckoutControllerOptions) {
  const status = createCheckoutStatus();
  const payment = createPaymentStatus();
  const validation: ValidationStore = createValidationStore();
  const store = createStore<CheckoutControllerState>()(() => ({ choosingRate: {} }));
  const notices = () => noticeStore.getState();
  const sent = { billing: { ...savedAddresses.billing }, shipping: { ...savedAddresses.shipping } };
  // Held until the shopper pauses, or handed to the client at once as the page hides (decision 0165, amended).
  const held = {
    billing: cart.client.heldEdits.debounce(ADDRESS_PUSH_MS),
    shipping: cart.client.heldEdits.debounce(ADDRESS_PUSH_MS),
    draft: cart.client.heldEdits.debounce(DRAFT_SYNC_MS),
  };
  // The address updates on their way, each settled (answered or failed) before it leaves the set: a press waits for them.
  const addressUpdates = new Set<Promise<unknown>>();
  let dirtyTimer: ReturnType<typeof setTimeout> | undefined;
  let lastDraft: string | null = null;
  // From Place order until the page is idle again (or gone), the cart is not refreshed behind the order's back.
  let releaseCart: (() => void) | null = null;
  // For the controller's whole life: React's StrictMode leaves the page once between its two mounts and goes on with it.
  status.store.subscribe(({ status: now }) => {
    if (now === "idle") {
      releaseCart?.();
      releaseCart = null;
    } else releaseCart ??= cart.hold();
  });
  /** An order is on its way or placed: its cart is gone or going, and the order carries what the shopper typed. */
  const orderUnderway = () => status.store.getState().status !== "idle";

  // ---- Customer data sync: only the address that changed, once its changed fields are valid.

  /** Sends the address now if it changed and its changed fields are valid (also when a field loses focus), never after an order. */
  function sendAddress(kind: AddressKind): void {
    if (preview || orderUnderway()) return;
    pushAddress(kind);
  }

  /** The address as the form holds it, if it changed and its changed fields are valid: the one its wait held back goes now. */
  function pushAddress(kind: AddressKind): void {
    held[kind].drop();
    const { order, showBillingFields } = readForm();
    // With one address for both, billing is the shipping address with the contact's email, not the hidden billing
    // fields: the shipping address as it goes now, or, for the email alone, as the server already has it.
    const billingFollows = order.needsShipping && order.useShippingAsBilling && !order.collecting;
    const shippingNow = kind === "shipping" ? order.shipping : sent.shipping;
    const billing: AddressValues = billingFollows ? { ...shippingNow, email: order.billing.email } : order.billing;
    const address: AddressValues = kind === "billing" ? billing : order.shipping;
    const changed = changedAddressFields(sent[kind], address);
    if (!changed.length) return;
    const errors = validation.getState().errors;
    // A billing address copied from shipping is judged by the shipping fields' errors.
    const judgedAs = kind === "billing" && billingFollows ? "shipping" : kind;
    if (changed.some((field) => errors[`${field === "email" ? kind : judgedAs}_${field}`])) return;
    const asFields = (values: AddressValues) =>
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ""])) as Record<string, string>;
    const fields = asFields(address);
    const withBilling = kind === "shipping" && billingFollows;
    sent[kind] = { ...address };
    if (withBilling) sent.billing = { ...billing };
    const body = withBilling ? { shipping_address: fields, billing_address: asFields(billing) } : { [`${kind}_address`]: fields };
    status.startCalculating();
    const update = cart
      .updateCustomer(body)
      .catch((error: unknown) => {
        if (!(error instanceof StoreApiFailure)) return;
        const details = error.error.code === "rest_invalid_param" ? error.error.data?.details : undefined;
        if (details && typeof details === "object") {
          // One notice per detail, where its address is shown (spec §8), and the fields it names marked.
          const routed = invalidParamErrors(details as Parameters<typeof invalidParamErrors>[0], showBillingFields);
          for (const notice of routed.notices) notices().add({ ...notice, status: "error" });
          for (const [id, message] of Object.entries(routed.fieldErrors)) validation.getState().setValidationError(id, message, false);
          return;
        }
        // Anything else goes to the cart's area (spec §8 "Notice routing").
        notices().add({ id: error.error.code, context: CONTEXTS.cart, status: "error", content: shownMessage(error) });
      })
      .finally(() => {
        status.finishCalculating();
        addressUpdates.delete(update);
      });
    addressUpdates.add(update);
  }

  /** An address was edited: it is sent once edits settle (or the page hides), and the page marks its data dirty. */
  function addressEdited(kind: AddressKind): void {
    if (preview) return;
    held[kind].hold(() => sendAddress(kind));
    clearTimeout(dirtyTimer);
    dirtyTimer = setTimeout(() => browser.storage.setItem(CUSTOMER_DATA_DIRTY_KEY, "true"), DIRTY_FLAG_MS);
  }

  /** Notes, the chosen method and the fields shown reach the draft order once they settle; the first call is what the page opened with. */
  function draftChanged(draft: DraftOrder): void {
    if (preview) return;
    const text = JSON.stringify(draft);
    const first = lastDraft === null;
    if (text === lastDraft) return;
    lastDraft = text;
    if (first) return;
    held.draft.hold(() => {
      if (orderUnderway()) return;
      cart.client.post("/checkout", draft, "PUT").catch(() => {
        // The draft is a convenience: placing the order sends everything again.
      });
    });
  }

  function selectRate(packageId: number, rateId: string): void {
    if (preview) return;
    store.setState((s) => ({ choosingRate: { ...s.choosingRate, [packageId]: rateId } }));
    status.startCalculating();
    notices().remove("cw_rest_invalid_shipping_option", CONTEXTS.shippingMethods);
    cart
      .selectShippingRate(packageId, rateId)
      .catch(() => notices().add({ id: "shipping-rate", context: CONTEXTS.shippingMethods, status: "error", content: t.shippingProblem }))
      .finally(() => {
        store.setState((s) => {
          const { [packageId]: _done, ...rest } = s.choosingRate;
          return { choosingRate: rest };
        });
        status.finishCalculating();
      });
  }

  /** Choosing another way to pay clears the payment error (spec §4 "Payment status"). */
  function paymentMethodChosen(): void {
    notices().remove(PAYMENT_ERROR_NOTICE_ID, CONTEXTS.payments);
  }

  // ---- Placing the order, step by step.

  /** The notices of an earlier attempt go; the payment error only goes with a new choice of method. */
  function clearCheckoutNotices(): void {
    notices().removeWhere((n) => n.context.startsWith("cw/checkout") && n.id !== PAYMENT_ERROR_NOTICE_ID);
    notices().remove(PAYMENT_ERROR_NOTICE_ID, CONTEXTS.payments);
  }

  /**
   * A press within an address edit's wait, or while its update is on its way, is priced with that address first
   * (decision 0175): the edits held are sent now, and every update on its way is waited for (each ends, answered or
   * failed within the client's bound). When that moved the total the button showed, or the cart's lines, nothing is
   * placed: the notice beside the button says why and what the total is now, and the next press places it. A failed
   * update leaves the cart as shown, and the order carries the address, held by the server to the total shown.
   */
  async function addressesPriced(pressed: StoreCart | null): Promise<boolean> {
    for (const kind of ["shipping", "billing"] as const) if (held[kind].holding) pushAddress(kind);
    if (!addressUpdates.size) return true;
    // Now, not when the batch window closes: the shopper is waiting.
    cart.client.flush();
    await Promise.all(addressUpdates);
    const now = cart.store.getState().cart;
    // The rates are not compared: a new address's zone has rates of its own, and the total says what the shopper pays.
    const change = pressed && now ? expectedCartChange(now, { ...expectedCartOf(pressed), shipping_rates: undefined }) : null;
    if (!now || !change) return true;
    const total = formatAmount(now.totals.total_price, currencyFromFields(now.totals));
    const content = change === "cart" ? t.cartChangedElsewhere : t.addressRepriced(total);
    notices().add({ id: "address-repriced", context: CONTEXTS.checkoutActions, status: "warning", content });
    status.setHasError(true);
    return false;
  }

  /** Every field error shows; any on screen, or a missing rate, stops here with the first field focused. */
  function checkForm(form: CheckoutFormSnapshot): boolean {
    validation.getState().showAllValidationErrors();
    const errors = Object.keys(validation.getState().errors).filter((id) => {
      if (id.startsWith("shipping_")) return form.showShippingFields;
      if (id.startsWith("billing_") && id !== "billing_email") return form.showBillingFields;
      return true;
    });
    if (!errors.length && !form.rateMissing) return true;
    if (form.rateMissing) {
      notices().add({ id: "shipping-rate", context: CONTEXTS.shippingMethods, status: "error", content: t.requiresShippingOption });
    }
    if (errors.length > 1) notices().add({ id: "checkout-errors", context: CONTEXTS.checkout, status: "error", content: t.fixErrors });
    status.setHasError(true);
    const first = errors[0];
    if (first) browser.focus(first === "billing_email" ? EMAIL_INPUT_ID : first);
    return false;
  }

  /** Extensions check their own fields (checkout_validation); any refusal keeps the shopper here. */
  async function askValidationObservers(form: CheckoutFormSnapshot): Promise<boolean> {
    const { billing, shipping } = form.order;
    const validated = validationOutcome(await events.emitWithAbort(CHECKOUT_EVENTS.checkoutValidation, { billing, shipping }));
    if (validated === "processing") return true;
    for (const notice of validated.notices) {
      notices().add({ id: `validation-${notice.message}`, context: notice.context, status: "error", content: notice.message });
    }
    validation.getState().setValidationErrors(validated.validationErrors);
    status.setHasError(true);
    return false;
  }

  /** Methods that need a step before the order (a wallet, a token) answer payment_setup; null when one refuses. */
  async function setUpPayment(form: CheckoutFormSnapshot, express: string | undefined): Promise<PaymentDataEntry[] | null> {
    if (express) payment.startExpress(express);
    else payment.startProcessing();
    const setup = paymentSetupOutcome(
      await events.emitWithAbort(CHECKOUT_EVENTS.paymentSetup, { activePaymentMethod: form.payment.active }),
    );
    if (setup.status === "has_error") {
      const message = setup.notice?.message ?? t.paymentProblem;
      if (express) payment.endExpress(message);
      else payment.fail(message);
      if (setup.notice) notices().add({ ...setup.notice, content: setup.notice.message, status: "error" });
      if (setup.validationErrors) validation.getState().setValidationErrors(setup.validationErrors);
      status.setHasError(true);
      return null;
    }
    if (!express) payment.ready(setup.paymentMethodData ?? {});
    return Object.entries(setup.paymentMethodData ?? {}).map(([key, value]) => ({ key, value: String(value) }));
  }

  /** The POST /checkout body: the form, and the payment chosen (an express method brings its own data). */
  function orderBody(form: CheckoutFormSnapshot, express: string | undefined, setupData: PaymentDataEntry[]) {
    const chosen: ActivePayment = express ? { kind: "method", id: express } : form.payment.active;
    const paid =
      form.payment.needed && chosen
        ? paymentPayload(
            chosen.kind === "saved" ? { kind: "saved", tokenId: chosen.tokenId, gateway: form.payment.savedGateway } : chosen,
            [...(express ? [] : form.payment.data), ...setupData],
            form.payment.save,
          )
        : null;
    return checkoutBody({
      ...form.order,
      paymentMethod: paid?.payment_method ?? "",
      paymentData: paid?.payment_data ?? [],
      shownCart: cart.store.getState().cart,
    });
  }

  /** The order is placed: checkout_success's observers may still hold the shopper here, else the browser moves on. */
  async function succeed(reply: CheckoutReply, express: string | undefined): Promise<void> {
    const redirect = reply.payment_result?.redirect_url || `/checkout/order-received/${reply.order_id}`;
    status.afterProcessing(redirect);
    const after = afterProcessingOutcome({
      hasError: false,
      responses: await events.emit(CHECKOUT_EVENTS.checkoutSuccess, {
        orderId: reply.order_id,
        redirectUrl: redirect,
        processingResponse: reply,
      }),
    });
    if (after.notice) notices().add({ id: "checkout", context: after.notice.context, status: "error", content: after.notice.message });
    if (after.status === "idle") {
      status.setHasError(true);
      status.setIdle();
      return;
    }
    status.complete(after.redirectUrl ?? redirect);
    if (express) payment.endExpress();
    browser.storage.removeItem(CUSTOMER_DATA_DIRTY_KEY);
    browser.navigate(after.redirectUrl ?? redirect);
  }

  /** The server refused (or never answered): say why where it belongs; a cart sent with it replaces the one held. */
  function fail(error: unknown, express: string | undefined): void {
    const apiError = error instanceof StoreApiFailure ? error.error : unknownOutcome;
    const routed = routeCheckoutError(apiError, signedIn, readForm().showBillingFields);
    if (routed.cart) cart.replaceCart(routed.cart);
    const fields = Object.keys(routed.fieldErrors);
    for (const [id, message] of Object.entries(routed.fieldErrors)) validation.getState().setValidationError(id, message, false);
    // A saved address the server refused opens for editing, so its errors can be seen.
    if (fields.some((id) => id.startsWith("shipping_"))) openAddressForm("shipping");
    if (fields.some((id) => id.startsWith("billing_") && id !== "billing_email")) openAddressForm("billing");
    for (const notice of routed.notices) notices().add({ ...notice, status: "error" });
    status.setHasError(true);
    status.setIdle();
    const [first] = routed.notices;
    const paymentRefused = first?.context === CONTEXTS.payments;
    if (express) payment.endExpress(paymentRefused ? first.content : "");
    else if (paymentRefused) payment.fail(first.content);
    else payment.followCheckout({ status: "idle", hasError: true });
    void events.emit(CHECKOUT_EVENTS.checkoutFail, { error: apiError });
  }

  /**
   * Places the order with what the form holds now; `express` names the express method pressed, and
   * `wallet` the addresses it brings, which the order takes instead of the form's.
   */
  async function placeOrder(express?: string, wallet?: WalletContact): Promise<void> {
    if (preview) return;
    // One order at a time: pressing again while one is on its way, or on its way out, does nothing.
    const current = status.store.getState();
    if (isWaitingForProcessing(current) || isWaitingForRedirect(current)) return;
    const form = wallet ? withWallet(readForm(), wallet) : readForm();
    // The cart the shopper saw as they pressed: the button's total.
    const pressed = cart.store.getState().cart;
    status.submit();
    clearCheckoutNotices();
    // The form's own errors do not hold an express payment back (spec §4 "Checkout status"): the server still checks the order.
    if (!express && !checkForm(form)) return;
    // A wallet brings addresses of its own: the form's are not the order's.
    if (!wallet && !(await addressesPriced(pressed))) return;
    if (!(await askValidationObservers(form))) return;
    status.process();
    const setupData = await setUpPayment(form, express);
    if (!setupData) return;
    // Edits still held (notes, the method, an address typed while it was priced) go with the order: it is placed with
    // what the shopper sees.
    for (const edit of Object.values(held)) edit.drop();
    const body = orderBody(form, express, setupData);
    try {
      await succeed(await cart.client.post<CheckoutReply>("/checkout", body), express);
    } catch (error) {
      fail(error, express);
    }
  }

  /**
   * Enter in a field of the form (decision 0175, amended): a press of Place Order, also while the button is disabled
   * because the cart is being calculated, where the browser would drop it. It waits for the updates on their way as a
   * press does, once (a press meanwhile does nothing more), never while an order is underway or an express payment
   * runs. Answers whether the Enter was the order's, so the page keeps the browser's own submission from repeating it.
   */
  function enterPressed(field: EnterField): boolean {
    if (!enterPlacesOrder(field)) return false;
    if (payment.store.getState().status !== "express_started") void placeOrder();
    return true;
  }

  /**
   * The page is leaving within the app (the form unmounts: the cart link followed, or StrictMode's first unmount): the
   * addresses and draft still within their wait are handed to the client now, as when the page hides, so they are not
   * lost; their hands send nothing once an order is on its way or placed. The cart is no longer held for the page.
   */
  function leave(): void {
    cart.client.heldEdits.handOver(Object.values(held));
    clearTimeout(dirtyTimer);
    releaseCart?.();
    releaseCart = null;
  }

  return {
    /** The checkout status (spec §4): idle → before_processing → processing → after_processing → complete, hasError, calculatingCount. */
    status,
    /** The payment status (spec §4): idle, express_started, processing, ready, error. */
    payment,
    /** The fields' errors, shown by the fields themselves. */
    validation,
    store,
    placeOrder,
    enterPressed,
    addressEdited,
    sendAddress,
    draftChanged,
    selectRate,
    paymentMethodChosen,
    leave,
  };
}

export type CheckoutController = ReturnType<typeof createCheckoutController>;
