import { describe, expect, it } from "vitest";
import { GENERIC_ERROR } from "../../api/store-client.ts";
import {
  afterProcessingOutcome,
  CHECKOUT_EVENTS,
  createCheckoutEvents,
  isError,
  isFailure,
  isSuccess,
  type ObserverResponse,
  paymentSetupOutcome,
  validationOutcome,
} from "./events.ts";

const E = CHECKOUT_EVENTS;

describe("CHECKOUT_EVENTS", () => {
  it("names the nine events of the spec", () => {
    expect(Object.values(E).sort()).toEqual(
      [
        "checkout_validation",
        "checkout_success",
        "checkout_fail",
        "payment_setup",
        "shipping_rates_success",
        "shipping_rates_fail",
        "shipping_rate_select_success",
        "shipping_rate_select_fail",
        "cart_proceed_to_checkout",
      ].sort(),
    );
  });
});

describe("response type helpers", () => {
  it("tells success, failure (both spellings) and error apart", () => {
    expect(isSuccess({ type: "success" })).toBe(true);
    expect(isSuccess({ type: "error" })).toBe(false);
    expect(isFailure({ type: "failure" })).toBe(true);
    expect(isFailure({ type: "fail" })).toBe(true);
    expect(isFailure({ type: "error" })).toBe(false);
    expect(isError({ type: "error" })).toBe(true);
    expect(isError({ type: "fail" })).toBe(false);
  });
});

describe("createCheckoutEvents", () => {
  it("runs observers by priority, lower first, default 10, ties in subscription order", async () => {
    const events = createCheckoutEvents();
    const order: string[] = [];
    const observer = (name: string) => () => {
      order.push(name);
      return { type: "success" as const, name };
    };
    events.subscribe(E.checkoutValidation, observer("default-a"));
    events.subscribe(E.checkoutValidation, observer("late"), 20);
    events.subscribe(E.checkoutValidation, observer("early"), 1);
    events.subscribe(E.checkoutValidation, observer("default-b"));
    events.subscribe(E.checkoutValidation, observer("ten"), 10);
    events.subscribe(E.checkoutSuccess, observer("other event"));
    const responses = await events.emit(E.checkoutValidation, {});
    expect(order).toEqual(["early", "default-a", "default-b", "ten", "late"]);
    expect(responses.map((r) => r.name)).toEqual(order);
  });

  it("passes the payload and awaits async observers one after the other", async () => {
    const events = createCheckoutEvents();
    const log: string[] = [];
    events.subscribe(E.checkoutSuccess, async (payload: { orderId: number }) => {
      log.push(`slow start ${payload.orderId}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push("slow end");
      return { type: "success" };
    });
    events.subscribe(E.checkoutSuccess, () => {
      log.push("fast");
      return { type: "success" };
    });
    await events.emit(E.checkoutSuccess, { orderId: 7 });
    expect(log).toEqual(["slow start 7", "slow end", "fast"]);
  });

  it("unsubscribes, and a change during an emit only affects the next one", async () => {
    const events = createCheckoutEvents();
    const calls: string[] = [];
    let unsubscribeB = () => {};
    events.subscribe(E.paymentSetup, () => {
      calls.push("a");
      unsubscribeB();
    });
    unsubscribeB = events.subscribe(E.paymentSetup, () => {
      calls.push("b");
    });
    await events.emit(E.paymentSetup);
    await events.emit(E.paymentSetup);
    expect(calls).toEqual(["a", "b", "a"]);
    unsubscribeB(); // a second call is harmless
  });

  it("records nothing for observers that return undefined, null or true", async () => {
    const events = createCheckoutEvents();
    events.subscribe(E.checkoutValidation, () => undefined);
    events.subscribe(E.checkoutValidation, () => null);
    events.subscribe(E.checkoutValidation, () => true);
    events.subscribe(E.checkoutValidation, async () => {});
    expect(await events.emit(E.checkoutValidation)).toEqual([]);
    expect(await createCheckoutEvents().emit(E.checkoutValidation)).toEqual([]);
  });

  it("turns a thrown error or a rejection into an error response and goes on", async () => {
    const events = createCheckoutEvents();
    events.subscribe(E.checkoutFail, () => {
      throw new Error("boom");
    });
    events.subscribe(E.checkoutFail, () => Promise.reject("nope"));
    events.subscribe(E.checkoutFail, () => ({ type: "success" }));
    expect(await events.emit(E.checkoutFail)).toEqual([
      { type: "error", message: "boom" },
      { type: "error", message: "nope" },
      { type: "success" },
    ]);
  });

  it.each([
    ["an object without a type", { message: "hi" }],
    ["an unknown type", { type: "ok" }],
    ["false", false],
    ["a string", "success"],
  ])("rejects with an error naming the event for %s", async (_, reply) => {
    const events = createCheckoutEvents();
    events.subscribe(E.shippingRatesFail, () => reply as unknown as ObserverResponse);
    await expect(events.emit(E.shippingRatesFail)).rejects.toThrow(/"shipping_rates_fail".*invalid response/);
    await expect(events.emitWithAbort(E.shippingRatesFail)).rejects.toThrow(/shipping_rates_fail/);
  });

  it("in abort mode stops at the first error or failure", async () => {
    for (const stop of ["error", "failure", "fail"] as const) {
      const events = createCheckoutEvents();
      const ran: string[] = [];
      const observer = (name: string, type: ObserverResponse["type"]) => () => {
        ran.push(name);
        return { type };
      };
      events.subscribe(E.paymentSetup, observer("ok", "success"));
      events.subscribe(E.paymentSetup, observer(stop, stop));
      events.subscribe(E.paymentSetup, observer("after", "success"));
      const responses = await events.emitWithAbort(E.paymentSetup);
      expect(ran).toEqual(["ok", stop]);
      expect(responses.map((r) => r.type)).toEqual(["success", stop]);
    }
  });

  it("in abort mode a thrown error also stops; without abort everything runs", async () => {
    const events = createCheckoutEvents();
    let ranAfter = 0;
    events.subscribe(E.checkoutValidation, () => {
      throw new Error("crash");
    });
    events.subscribe(E.checkoutValidation, () => {
      ranAfter += 1;
      return { type: "success" };
    });
    expect(await events.emitWithAbort(E.checkoutValidation)).toEqual([{ type: "error", message: "crash" }]);
    expect(ranAfter).toBe(0);
    expect(await events.emit(E.checkoutValidation)).toHaveLength(2);
    expect(ranAfter).toBe(1);
  });
});

describe("validationOutcome", () => {
  it("is processing with no responses or only successes", () => {
    expect(validationOutcome([])).toBe("processing");
    expect(validationOutcome([{ type: "success" }, { type: "success", errorMessage: "ignored" }])).toBe("processing");
  });

  it("collects notices (default context cw/checkout) and merged field errors from error and failure responses", () => {
    const outcome = validationOutcome([
      { type: "success", errorMessage: "not shown", validationErrors: { x: { message: "not set" } } },
      { type: "error", errorMessage: "Fix the gift note.", validationErrors: { gift_note: { message: "Too long" } } },
      {
        type: "fail",
        errorMessage: "Pick a slot.",
        messageContext: "cw/checkout/shipping-methods",
        validationErrors: { slot: { message: "Required", hidden: true } },
      },
      { type: "failure", errorMessage: "" },
    ]);
    expect(outcome).toEqual({
      notices: [
        { message: "Fix the gift note.", context: "cw/checkout" },
        { message: "Pick a slot.", context: "cw/checkout/shipping-methods" },
      ],
      validationErrors: {
        gift_note: { message: "Too long", hidden: false },
        slot: { message: "Required", hidden: true },
      },
    });
  });

  it("is not processing when an error response carries neither message nor field errors", () => {
    expect(validationOutcome([{ type: "error" }])).toEqual({ notices: [], validationErrors: {} });
  });
});

describe("afterProcessingOutcome", () => {
  describe("with an error (checkout_fail)", () => {
    it("shows the first error/failure response with a message and completes without retry", () => {
      expect(
        afterProcessingOutcome({
          hasError: true,
          responses: [
            { type: "success", message: "not this" },
            { type: "error" },
            { type: "fail", message: "Card declined.", messageContext: "cw/checkout/payments" },
            { type: "error", message: "not this either", retry: true },
          ],
        }),
      ).toEqual({
        status: "complete",
        hasError: true,
        notice: { id: "checkout", message: "Card declined.", context: "cw/checkout/payments" },
      });
    });

    it("goes back to idle when that response asks to retry (context defaults to cw/checkout)", () => {
      expect(afterProcessingOutcome({ hasError: true, responses: [{ type: "error", message: "Try again.", retry: true }] })).toEqual({
        status: "idle",
        hasError: true,
        notice: { id: "checkout", message: "Try again.", context: "cw/checkout" },
      });
    });

    it("shows the generic notice and goes idle when no response has a message", () => {
      const generic = { status: "idle", hasError: true, notice: { id: "checkout", message: GENERIC_ERROR, context: "cw/checkout" } };
      expect(afterProcessingOutcome({ hasError: true, responses: [] })).toEqual(generic);
      expect(afterProcessingOutcome({ hasError: true, responses: [{ type: "success" }, { type: "error" }] })).toEqual(generic);
    });

    it("adds no generic notice when error notices already exist", () => {
      expect(afterProcessingOutcome({ hasError: true, responses: [], hasErrorNotices: true })).toEqual({ status: "idle", hasError: true });
    });
  });

  describe("without an error (checkout_success)", () => {
    it("completes on a success response, with its redirectUrl when it is a string", () => {
      expect(afterProcessingOutcome({ hasError: false, responses: [{ type: "success", redirectUrl: "/thanks" }] })).toEqual({
        status: "complete",
        hasError: false,
        redirectUrl: "/thanks",
      });
      expect(afterProcessingOutcome({ hasError: false, responses: [{ type: "success", redirectUrl: 3 as unknown as string }] })).toEqual({
        status: "complete",
        hasError: false,
      });
    });

    it("completes when no observer answered", () => {
      expect(afterProcessingOutcome({ hasError: false, responses: [] })).toEqual({ status: "complete", hasError: false });
    });

    it("shows an error/failure response's message and completes without retry, even next to a success", () => {
      expect(
        afterProcessingOutcome({
          hasError: false,
          responses: [{ type: "success" }, { type: "failure", message: "Order flagged.", messageContext: "cw/checkout/order-information" }],
        }),
      ).toEqual({
        status: "complete",
        hasError: false,
        notice: { id: "checkout", message: "Order flagged.", context: "cw/checkout/order-information" },
      });
    });

    it("sets hasError (and idle) when the error response asks to retry", () => {
      expect(afterProcessingOutcome({ hasError: false, responses: [{ type: "error", message: "Retry please.", retry: true }] })).toEqual({
        status: "idle",
        hasError: true,
        notice: { id: "checkout", message: "Retry please.", context: "cw/checkout" },
      });
    });

    it("shows no notice for an error response without a message", () => {
      expect(afterProcessingOutcome({ hasError: false, responses: [{ type: "error", retry: true }] })).toEqual({
        status: "idle",
        hasError: true,
      });
      expect(afterProcessingOutcome({ hasError: false, responses: [{ type: "fail" }] })).toEqual({ status: "complete", hasError: false });
    });
  });
});

describe("paymentSetupOutcome", () => {
  const billing = { first_name: "Ada", country: "GB" };
  const shipping = { first_name: "Ada", country: "FR" };

  it("is ready when no observer answered", () => {
    expect(paymentSetupOutcome([])).toEqual({ status: "ready" });
  });

  it("is ready with paymentMethodData and the addresses from the success response's meta", () => {
    expect(
      paymentSetupOutcome([
        { type: "success", meta: { paymentMethodData: { token: "old" } } },
        { type: "success", meta: { paymentMethodData: { token: "tok_1" }, billingAddress: billing, shippingAddress: shipping } },
      ]),
    ).toEqual({ status: "ready", paymentMethodData: { token: "tok_1" }, billingAddress: billing, shippingAddress: shipping });
  });

  it("is ready without extra data when the success response has no (usable) meta", () => {
    expect(paymentSetupOutcome([{ type: "success" }])).toEqual({ status: "ready" });
    expect(paymentSetupOutcome([{ type: "success", meta: { paymentMethodData: "x" as unknown as Record<string, unknown> } }])).toEqual({
      status: "ready",
    });
  });

  it("has_error on a failure: non-dismissible cw-payment-error notice in the payments context, billing address kept", () => {
    for (const type of ["failure", "fail"] as const) {
      expect(
        paymentSetupOutcome([
          { type: "success" },
          { type, message: "Card declined.", meta: { billingAddress: billing, shippingAddress: shipping } },
        ]),
      ).toEqual({
        status: "has_error",
        reason: "failure",
        notice: { id: "cw-payment-error", message: "Card declined.", context: "cw/checkout/payments", isDismissible: false },
        billingAddress: billing,
      });
    }
  });

  it("has_error on an error: the message in its messageContext and the field errors", () => {
    expect(
      paymentSetupOutcome([
        {
          type: "error",
          message: "Check the card fields.",
          messageContext: "cw/checkout/express-payments",
          validationErrors: { card_number: { message: "Invalid" } },
        },
        { type: "fail", message: "second, ignored" },
      ]),
    ).toEqual({
      status: "has_error",
      reason: "error",
      notice: { id: "cw-payment-error", message: "Check the card fields.", context: "cw/checkout/express-payments", isDismissible: false },
      validationErrors: { card_number: { message: "Invalid", hidden: false } },
    });
  });

  it("has_error without a notice when the response carries no message", () => {
    expect(paymentSetupOutcome([{ type: "error" }])).toEqual({ status: "has_error", reason: "error", validationErrors: {} });
    expect(paymentSetupOutcome([{ type: "fail" }])).toEqual({ status: "has_error", reason: "failure" });
  });
});
