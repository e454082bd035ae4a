import { LOCATION_FIELDS as ADDRESS_LOCATION_FIELDS } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import * as places from "../components/country-list.ts";
import type { TimelineEvent } from "./api.ts";
import {
  actorWords,
  addressChanges,
  addressFailureText,
  addressSavedText,
  changedAddressFields,
  describeEvent,
  extraAddressFields,
  formatDateTime,
  formatMoney,
  formatVisitStart,
  keyLabel,
  LOCATION_FIELDS,
  moneyInput,
  orderedTimeline,
  parseMoney,
} from "./format.ts";

describe("money", () => {
  it("writes minor units in the order's currency", () => {
    expect(formatMoney(7150, "USD", undefined, "en-US")).toBe("$71.50");
    expect(formatMoney(7150, "EUR", undefined, "de-DE")).toBe("71,50\u00a0€");
    expect(formatMoney(700, "JPY", undefined, "en-US")).toBe("¥700");
    // The shop's own decimals when the reply gives them: yen kept in hundredths, dollars kept whole.
    expect(formatMoney(2681, "JPY", 2, "en-US")).toBe("¥26.81");
    expect(formatMoney(55, "USD", 0, "en-US")).toBe("$55");
    expect(parseMoney("26.81", "JPY", 2)).toBe(2681);
    expect(parseMoney("55", "USD", 0)).toBe(55);
    expect(parseMoney("55.50", "USD", 0)).toBeNull();
    expect(moneyInput(2681, "JPY", 2)).toBe("26.81");
    expect(moneyInput(1833, "USD")).toBe("18.33");
  });
  it("reads what the owner types", () => {
    expect(parseMoney("12.5", "USD")).toBe(1250);
    // Read in the shop's separators (a point before decimals, commas between thousands, as the console's frame says).
    expect(parseMoney("1,234.50", "EUR")).toBe(123450);
    expect(parseMoney("12,50", "EUR")).toBeNull();
    expect(parseMoney("", "USD")).toBe(0);
    expect(parseMoney(".5", "USD")).toBe(50);
    expect(parseMoney("700", "JPY")).toBe(700);
    for (const bad of ["12.345", "-1", "1e3", "abc", "7.5"]) expect(parseMoney(bad, bad === "7.5" ? "JPY" : "USD")).toBeNull();
    // A dinar keeps three decimals: "1,500" is fifteen hundred where the shop groups thousands with commas, never 1.500.
    expect(parseMoney("1,500", "KWD", 3)).toBe(1500000);
    expect(parseMoney("1.500", "KWD", 3)).toBe(1500);
    expect(parseMoney("1,5", "KWD", 3)).toBeNull();
  });
});

describe("actorWords", () => {
  it("says who did it", () => {
    expect(actorWords({ type: "owner", id: 1, email: "owner@shop.test" })).toBe("by the shop owner (owner@shop.test)");
    expect(actorWords({ type: "manager", id: 7 })).toBe("by a shop manager (#7)");
    expect(actorWords({ type: "guest", email: "ada@example.com" })).toBe("by the guest (ada@example.com)");
    expect(actorWords({ type: "gateway", id: "test_card" })).toBe("by the payment gateway (test_card)");
    expect(actorWords({ type: "shop" })).toBe("by the shop");
    expect(actorWords(null)).toBe("");
  });
  it("names the API key staff acted through", () => {
    expect(actorWords({ type: "manager", id: 7, email: "bo@shop.test", via: "API key Warehouse app" })).toBe(
      "by a shop manager (bo@shop.test) with the API key Warehouse app",
    );
    expect(actorWords({ type: "owner", id: 1, via: "API key ERP" })).toBe("by the shop owner (#1) with the API key ERP");
  });
});

describe("describeEvent", () => {
  const at = "2026-11-20T10:00:00.000Z";
  const say = (event: Partial<TimelineEvent>) => describeEvent({ at, actor: null, type: "placed", ...event }, "USD", "en-US");
  it("puts every kind of event in words", () => {
    expect(say({ type: "placed", actor: { type: "guest", email: "a@b.c" } })).toEqual({
      title: "Order placed",
      details: [],
      by: "by the guest (a@b.c)",
    });
    expect(say({ type: "payment_attempt", status: "failure", amount: 7150, message: "Declined" })).toMatchObject({
      title: "Payment of $71.50 failed",
      details: ["Declined"],
    });
    expect(say({ type: "payment_attempt", status: "success", amount: 7150 }).title).toBe("Payment of $71.50 accepted");
    expect(say({ type: "paid", amount: 7150 }).title).toBe("Paid $71.50");
    expect(
      say({
        type: "status",
        from: "processing",
        status: "cancelled",
        stock_returned: true,
        coupons_returned: ["WINTER"],
        message: "Asked",
      }),
    ).toMatchObject({
      title: "Status changed from Processing to Cancelled",
      details: ["The items went back into stock.", "Coupon uses given back: WINTER.", "Asked"],
    });
    expect(say({ type: "status", status: "on-hold" }).title).toBe("Status: On hold");
    expect(say({ type: "note", message: "Hi", to_customer: true })).toMatchObject({
      title: "Note to the customer (sent by email)",
      details: ["Hi"],
    });
    expect(say({ type: "note", message: "Mine", to_customer: false }).title).toBe("Private note");
    expect(say({ type: "email", email: "customer_completed", to: "a@b.c" }).title).toBe(
      "Email sent: Order complete (to the customer), to a@b.c",
    );
    expect(say({ type: "email", email: "owner_notice", to: "a@b.c", skipped: "switched_off" })).toMatchObject({
      title: "Email not sent: New order notice (to the shop)",
      details: ["It is switched off in Settings → Emails."],
    });
    expect(say({ type: "address", which: "shipping", before: { city: "Paris" }, after: { city: "Lyon" } })).toMatchObject({
      title: "Shipping address changed",
      details: ["City: Paris → Lyon"],
    });
    expect(say({ type: "refund", amount: 1833, method: "gateway", restocked: true, message: "Torn" })).toMatchObject({
      title: "Refunded $18.33 through the payment gateway",
      details: ["The refunded units went back into stock.", "Reason: Torn"],
    });
    expect(say({ type: "refund", amount: 100, method: "manual" }).title).toBe("Refunded $1.00 by hand");
  });
});

describe("timeline order and addresses", () => {
  const events: TimelineEvent[] = [
    { at: "2026-11-20T10:05:00Z", type: "paid", actor: null },
    { at: "2026-11-20T10:00:00Z", type: "placed", actor: null },
  ];
  it("orders the history as the owner chose", () => {
    expect(orderedTimeline(events, false).map((e) => e.type)).toEqual(["placed", "paid"]);
    expect(orderedTimeline(events, true).map((e) => e.type)).toEqual(["paid", "placed"]);
  });
  it("says which fields a refused address edit must fix by their labels, in the form's order", () => {
    const refused = { state: "Please enter a valid state/county", last_name: "Please enter a valid last name", country: "x" };
    expect(addressFailureText("billing", refused)).toBe(
      "The address was not saved. Check these fields: Last name, Country/Region, State/County.",
    );
    expect(addressFailureText("shipping", { postcode: "Please enter a valid zip code" })).toBe(
      "The address was not saved. Check this field: Postcode.",
    );
    // A failure that names no field of the form keeps the server's own message.
    expect(addressFailureText("shipping", { email: "not on a shipping address" })).toBeNull();
    expect(addressFailureText("billing", {})).toBeNull();
  });
  it("sends only the address fields the owner changed, so another tab's change to another field stays", () => {
    const opened = { first_name: "Zoë", phone: "555-0100", postcode: "90001", state: "CA" };
    expect(changedAddressFields(opened, { ...opened, postcode: "90002" })).toEqual({ postcode: "90002" });
    // A field emptied is a change (the server clears it); one typed back as it was is not.
    expect(changedAddressFields(opened, { ...opened, phone: "", state: "CA" })).toEqual({ phone: "" });
    expect(changedAddressFields(opened, { ...opened })).toEqual({});
  });
  it("tells, once an unpaid order's address moves, that its taxes are the old address's until its items are saved", () => {
    const reprice =
      "Billing address saved. The order's taxes are still those worked out for the old address: choose Edit items, then Save items, to work them out for the new one.";
    expect(addressSavedText("Billing address", { state: "NY" }, true)).toBe(reprice);
    expect(addressSavedText("Billing address", { postcode: "12207", city: "Albany" }, true)).toBe(reprice);
    // A name or a phone moves no tax; a paid order's taxes are settled.
    expect(addressSavedText("Billing address", { phone: "555-0101" }, true)).toBe("Billing address saved.");
    expect(addressSavedText("Billing address", { state: "NY" }, false)).toBe("Billing address saved.");
    // Written out for the page's weight: the same fields as the address module's.
    expect(LOCATION_FIELDS).toEqual([...ADDRESS_LOCATION_FIELDS]);
  });
  it("lists an address's shop fields, and what changed in it", () => {
    const address = {
      first_name: "Ada",
      last_name: "Shopper",
      address_1: "1 Test St",
      city: "LA",
      state: "CA",
      postcode: "90001",
      country: "US",
      gift: true,
    };
    expect(extraAddressFields(address)).toEqual([{ key: "gift", value: "Yes" }]);
    expect(addressChanges({ city: "LA", phone: "" }, { city: "LA", phone: "555" })).toEqual(["Phone: (empty) → 555"]);
    // Countries and states by name once the list is loaded, as the address itself prints them; each side's state by its own country.
    expect(addressChanges({ city: "LA", state: "CA", country: "US" }, { city: "LA", state: "NV", country: "US" }, places)).toEqual([
      "State/County: California → Nevada",
    ]);
    expect(addressChanges({ state: "CA", country: "US" }, { state: "", country: "GB" }, places)).toEqual([
      "State/County: California → (empty)",
      "Country/Region: United States → United Kingdom",
    ]);
    expect(
      describeEvent(
        { at: "", type: "address", which: "billing", before: { country: "US" }, after: { country: "GB" }, actor: null } as TimelineEvent,
        "USD",
        "en",
        2,
        places,
      ).details,
    ).toEqual(["Country/Region: United States → United Kingdom"]);
    // A code no list knows (an old event's, a state typed as text) stays as it was; so do codes before the list arrives.
    expect(addressChanges({ state: "Bavaria", country: "XX" }, { state: "Hesse", country: "XX" }, places)).toEqual([
      "State/County: Bavaria → Hesse",
    ]);
    expect(addressChanges({ state: "CA", country: "US" }, { state: "NV", country: "US" })).toEqual(["State/County: CA → NV"]);
    expect(keyLabel("card_last4")).toBe("Card last4");
    expect(keyLabel("Gift wrap")).toBe("Gift wrap");
  });
  it("reads the tracker's session start as UTC and writes it as the order's dates are", () => {
    const shown = formatVisitStart("2026-11-29 21:11:18", "en-US");
    expect(shown).toBe(formatDateTime("2026-11-29T21:11:18Z", "en-US"));
    expect(shown).toMatch(/^Nov 29, 2026/);
    expect(formatVisitStart("yesterday", "en-US")).toBe("yesterday");
  });
});
