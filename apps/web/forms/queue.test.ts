import { describe, expect, it } from "vitest";
import { type FormsQueueEntry, readEntry } from "./queue.ts";

describe("the runtime's queue entries", () => {
  it("a bare root (the one-tag embed's shadow root) mounts for visitors", () => {
    const root = { nodeType: 11 } as unknown as ShadowRoot;
    expect(readEntry(root)).toEqual({ root, preview: false });
  });

  it("the builder's entry names its root and asks for the preview mode", () => {
    const root = { nodeType: 11 } as unknown as ShadowRoot;
    expect(readEntry({ root, preview: true })).toEqual({ root, preview: true });
  });

  it("only a preview flag that is true makes a preview", () => {
    const root = { nodeType: 11 } as unknown as ShadowRoot;
    expect(readEntry({ root } as FormsQueueEntry)).toEqual({ root, preview: false });
    expect(readEntry({ root, preview: "yes" } as unknown as FormsQueueEntry)).toEqual({ root, preview: false });
  });
});
