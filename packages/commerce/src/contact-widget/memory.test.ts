import { describe, expect, it } from "vitest";
import { markReported, memoryStorageKey, pageMemoryStore, readMemory, reportKey, shouldReport } from "./memory.ts";

const DAY = 86_400_000;
const t0 = Date.parse("2026-11-23T10:00:00Z");

describe("report keys", () => {
  it("name the widget's and each channel's views and clicks, stored under contactWidget_{id}", () => {
    expect([reportKey("v"), reportKey("c"), reportKey("v", "WhatsApp"), reportKey("c", "Custom_Link_3")]).toEqual([
      "v-widget",
      "c-widget",
      "v-WhatsApp",
      "c-Custom_Link_3",
    ]);
    expect(memoryStorageKey(3)).toBe("contactWidget_3");
  });
});

describe("shouldReport: the 2-day recount (spec §4.2)", () => {
  it.each([
    [0, false],
    [1 * DAY, false],
    [2 * DAY - 1, false],
    [2 * DAY, true],
    [3 * DAY, true],
    [7 * DAY - 1, true],
  ])("reported %i ms ago → due %s", (ago, due) => {
    const memory = pageMemoryStore();
    markReported(memory, "v-widget", t0);
    expect(shouldReport(memory, "v-widget", t0 + ago)).toBe(due);
  });

  it("is due for a key never recorded, and only for that key", () => {
    const memory = pageMemoryStore();
    expect(shouldReport(memory, "c-WhatsApp", t0)).toBe(true);
    markReported(memory, "c-WhatsApp", t0);
    expect(shouldReport(memory, "c-WhatsApp", t0)).toBe(false);
    expect(shouldReport(memory, "c-Phone", t0)).toBe(true);
  });

  it("accepts Dates as well as ms", () => {
    const memory = pageMemoryStore();
    markReported(memory, "v-widget", new Date(t0));
    expect(shouldReport(memory, "v-widget", new Date(t0 + DAY))).toBe(false);
    expect(shouldReport(memory, "v-widget", new Date(t0 + 2 * DAY))).toBe(true);
  });
});

describe("markReported and the 7-day memory (spec §3.4)", () => {
  it("stores JSON [{k, v}] with v the report's time in ms", () => {
    const memory = pageMemoryStore();
    markReported(memory, ["v-widget", "v-Phone"], t0);
    expect(JSON.parse(memory.get() ?? "")).toEqual([
      { k: "v-widget", v: t0 },
      { k: "v-Phone", v: t0 },
    ]);
  });

  it("replaces a key's earlier record", () => {
    const memory = pageMemoryStore();
    markReported(memory, "c-widget", t0);
    markReported(memory, "c-widget", t0 + 3 * DAY);
    expect(readMemory(memory, t0 + 3 * DAY)).toEqual([{ k: "c-widget", v: t0 + 3 * DAY }]);
    expect(shouldReport(memory, "c-widget", t0 + 4 * DAY)).toBe(false);
  });

  it("drops entries 7 days old when it writes, and never reads them", () => {
    const memory = pageMemoryStore(
      JSON.stringify([
        { k: "v-widget", v: t0 - 7 * DAY },
        { k: "v-Phone", v: t0 - 7 * DAY + 1 },
      ]),
    );
    expect(readMemory(memory, t0)).toEqual([{ k: "v-Phone", v: t0 - 7 * DAY + 1 }]);
    markReported(memory, "c-Phone", t0);
    expect(JSON.parse(memory.get() ?? "")).toEqual([
      { k: "v-Phone", v: t0 - 7 * DAY + 1 },
      { k: "c-Phone", v: t0 },
    ]);
  });

  it.each([["not json"], ['{"k":"v-widget"}'], ['[{"k":"v-widget","v":"yesterday"}, 5, null, {"v": 1}]'], ["null"]])(
    "treats unreadable memory %j as empty",
    (text) => {
      const memory = pageMemoryStore(text);
      expect(readMemory(memory, t0)).toEqual([]);
      expect(shouldReport(memory, "v-widget", t0)).toBe(true);
      markReported(memory, "v-widget", t0);
      expect(shouldReport(memory, "v-widget", t0)).toBe(false);
    },
  );

  it("ignores a record from a clock far ahead", () => {
    const memory = pageMemoryStore(JSON.stringify([{ k: "v-widget", v: t0 + 30 * DAY }]));
    expect(shouldReport(memory, "v-widget", t0)).toBe(true);
  });

  it("survives storage that throws", () => {
    const blocked = {
      get(): string | null {
        throw new Error("SecurityError");
      },
      set(): void {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => markReported(blocked, "v-widget", t0)).not.toThrow();
    expect(() => shouldReport(blocked, "v-widget", t0)).not.toThrow();
    expect(shouldReport(blocked, "v-widget", t0)).toBe(true);
  });
});
