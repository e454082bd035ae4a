import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map.ts";

describe("BoundedMap", () => {
  it("holds at most maxEntries, letting the oldest go", () => {
    const map = new BoundedMap<number, string>({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) map.set(i, `v${i}`);
    expect(map.size).toBe(3);
    expect([7, 8, 9].map((k) => map.get(k))).toEqual(["v7", "v8", "v9"]);
    expect(map.has(6)).toBe(false);
  });

  it("holds at most maxBytes as sizeOf counts them, whatever the count allows", () => {
    const map = new BoundedMap<string, string>({ maxEntries: 1000, maxBytes: 100, sizeOf: (key, value) => key.length + value.length });
    for (let i = 0; i < 500; i++) map.set(`k${i}`, "x".repeat(i % 40));
    expect(map.bytes).toBeLessThanOrEqual(100);
    expect(map.size).toBeGreaterThan(0);
    // What is held is exactly what is counted.
    let counted = 0;
    for (let i = 0; i < 500; i++) if (map.has(`k${i}`)) counted += `k${i}`.length + (map.get(`k${i}`) as string).length;
    expect(map.bytes).toBe(counted);
  });

  it("never keeps one value larger than the whole budget", () => {
    const map = new BoundedMap<string, string>({ maxEntries: 10, maxBytes: 10, sizeOf: (_key, value) => value.length });
    map.set("small", "abc");
    map.set("huge", "x".repeat(11));
    expect(map.has("huge")).toBe(false);
    expect(map.get("small")).toBe("abc");
  });

  it("counts a key set again once, as the newest", () => {
    const map = new BoundedMap<string, string>({ maxEntries: 2, maxBytes: 100, sizeOf: (_key, value) => value.length });
    map.set("a", "1234");
    map.set("b", "12");
    map.set("a", "1");
    expect(map.bytes).toBe(3);
    map.set("c", "");
    // "b" was the oldest once "a" was set again.
    expect(map.has("b")).toBe(false);
    expect(map.has("a")).toBe(true);
    map.delete("a");
    expect(map.bytes).toBe(0);
    map.set("d", "12345");
    map.clear();
    expect([map.size, map.bytes]).toEqual([0, 0]);
  });
});
