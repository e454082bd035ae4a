import { createElement, lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  blockMessages,
  clearCheckoutBlocks,
  getCheckoutBlocks,
  INNER_BLOCK_AREAS,
  normalizeCheckoutBlock,
  registerCheckoutBlock,
  subscribeToCheckoutBlocks,
} from "./registry.ts";

const Note = () => createElement("p", null, "A note");
const valid = { metadata: { name: "my-plugin/note", parent: INNER_BLOCK_AREAS.CHECKOUT_ACTIONS }, component: Note };

afterEach(() => clearCheckoutBlocks());

describe("normalizeCheckoutBlock", () => {
  it("accepts one area or several, and a lazy component", () => {
    expect(normalizeCheckoutBlock(valid)).toEqual({
      blockName: "my-plugin/note",
      areas: [INNER_BLOCK_AREAS.CHECKOUT_ACTIONS],
      component: Note,
    });
    const LazyNote = lazy(async () => ({ default: Note }));
    const both = normalizeCheckoutBlock({
      metadata: { name: "my-plugin/note", parent: [INNER_BLOCK_AREAS.SHIPPING_ADDRESS, INNER_BLOCK_AREAS.BILLING_ADDRESS] },
      component: LazyNote,
    });
    expect(both.areas).toEqual([INNER_BLOCK_AREAS.SHIPPING_ADDRESS, INNER_BLOCK_AREAS.BILLING_ADDRESS]);
    expect(both.component).toBe(LazyNote);
  });

  it("needs the options and their metadata to be objects", () => {
    expect(() => normalizeCheckoutBlock("note")).toThrow(new TypeError(blockMessages.options("note")));
    expect(() => normalizeCheckoutBlock({ ...valid, metadata: undefined })).toThrow(
      "The metadata of a checkout block must be an object; received undefined.",
    );
    expect(() => normalizeCheckoutBlock({ ...valid, metadata: ["my-plugin/note"] })).toThrow("received array");
  });

  it("needs a non-empty block name", () => {
    for (const name of [undefined, "", "  ", 7])
      expect(() => normalizeCheckoutBlock({ ...valid, metadata: { ...valid.metadata, name } })).toThrow(
        "The blockName (metadata.name) of a checkout block must be a non-empty string",
      );
  });

  it("needs a parent that is an inner block area, or a non-empty list of them", () => {
    for (const parent of [undefined, "cw/checkout-sidebar", [], [INNER_BLOCK_AREAS.CHECKOUT_TOTALS, "nowhere"], 3]) {
      expect(() => normalizeCheckoutBlock({ ...valid, metadata: { ...valid.metadata, parent } })).toThrow(
        "The parent of the checkout block 'my-plugin/note' must be a valid inner block area",
      );
    }
  });

  it("needs a function or a lazy component", () => {
    for (const component of [undefined, "Note", {}, createElement(Note)])
      expect(() => normalizeCheckoutBlock({ ...valid, component })).toThrow(
        "The component of the checkout block 'my-plugin/note' must be a function or a lazy component",
      );
  });
});

describe("registerCheckoutBlock", () => {
  it("keeps blocks in registration order, replaces one by name, and tells subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCheckoutBlocks(listener);
    registerCheckoutBlock(valid);
    registerCheckoutBlock({ ...valid, metadata: { name: "other/badge", parent: INNER_BLOCK_AREAS.CHECKOUT_TOTALS } });
    const Replacement = () => null;
    registerCheckoutBlock({ ...valid, component: Replacement });
    expect(getCheckoutBlocks().map((b) => b.blockName)).toEqual(["other/badge", "my-plugin/note"]);
    expect(getCheckoutBlocks()[1]?.component).toBe(Replacement);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    registerCheckoutBlock(valid);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("registers nothing when the registration is invalid", () => {
    expect(() => registerCheckoutBlock({ ...valid, component: "nope" } as never)).toThrow(TypeError);
    expect(getCheckoutBlocks()).toEqual([]);
  });
});
