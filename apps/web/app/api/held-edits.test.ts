/** The edits a page holds for a moment: handed over when the shopper pauses, or all at once, in order, as the page hides. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldEdits } from "./held-edits.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("held edits", () => {
  it("hands over the last edit held once its wait ends, and nothing dropped", () => {
    const edits = new HeldEdits();
    const address = edits.debounce(1500);
    const handed: string[] = [];
    address.hold(() => handed.push("Los"));
    vi.advanceTimersByTime(1000);
    address.hold(() => handed.push("Los Angeles"));
    vi.advanceTimersByTime(1499);
    expect([handed, address.holding]).toEqual([[], true]);
    vi.advanceTimersByTime(1);
    expect([handed, address.holding]).toEqual([["Los Angeles"], false]);

    address.hold(() => handed.push("San Diego"));
    address.drop();
    vi.advanceTimersByTime(1500);
    edits.handOverAll();
    expect(handed).toEqual(["Los Angeles"]);
  });

  it("hands over every edit held at once, in the order their waits would have ended, and never again", () => {
    const edits = new HeldEdits();
    const [shipping, notes, billing] = [edits.debounce(1500), edits.debounce(1500), edits.debounce(1500)];
    const handed: string[] = [];
    shipping.hold(() => handed.push("shipping: Los"));
    notes.hold(() => handed.push("notes"));
    billing.hold(() => handed.push("billing"));
    // Typed again last: its wait now ends last.
    shipping.hold(() => handed.push("shipping: Los Angeles"));
    edits.handOverAll();
    expect(handed).toEqual(["notes", "billing", "shipping: Los Angeles"]);
    expect([shipping.holding, notes.holding, billing.holding]).toEqual([false, false, false]);
    vi.advanceTimersByTime(1500);
    edits.handOverAll();
    expect(handed).toHaveLength(3);
  });

  it("hands over only the edits named, in the order their waits would have ended, leaving the others held", () => {
    const edits = new HeldEdits();
    const [shipping, quantity, notes] = [edits.debounce(1500), edits.debounce(400), edits.debounce(1500)];
    const handed: string[] = [];
    notes.hold(() => handed.push("notes"));
    quantity.hold(() => handed.push("quantity"));
    shipping.hold(() => handed.push("shipping"));
    edits.handOver([shipping, notes]);
    expect([handed, shipping.holding, notes.holding, quantity.holding]).toEqual([["notes", "shipping"], false, false, true]);
    vi.advanceTimersByTime(1500);
    expect(handed).toEqual(["notes", "shipping", "quantity"]);

    // A typed quantity whose commit holds its update: both go as their part of the page leaves.
    const typing = edits.debounce(600);
    typing.hold(() => quantity.hold(() => handed.push("update-item 3")));
    edits.handOver([typing, quantity]);
    expect([handed.at(-1), typing.holding, quantity.holding]).toEqual(["update-item 3", false, false]);
  });

  it("hands over in the same go an edit that a hand-over holds in turn, and waits for one that holds itself again", () => {
    const edits = new HeldEdits();
    const typing = edits.debounce(600);
    const sending = edits.debounce(400);
    const handed: string[] = [];
    // A typed quantity, once committed, waits again before its update goes.
    typing.hold(() => sending.hold(() => handed.push("update-item 3")));
    edits.handOverAll();
    expect([handed, typing.holding, sending.holding]).toEqual([["update-item 3"], false, false]);

    const polling = edits.debounce(1000);
    const poll = () => {
      handed.push("poll");
      polling.hold(poll);
    };
    polling.hold(poll);
    edits.handOverAll();
    expect([handed, polling.holding]).toEqual([["update-item 3", "poll"], true]);
    vi.advanceTimersByTime(1000);
    expect(handed).toEqual(["update-item 3", "poll", "poll"]);
    polling.drop();
  });
});
