import { describe, expect, it } from "vitest";
import { BoundedMap } from "./bounded-map.ts";

describe("BoundedMap", () => {
  it("holds at most maxEntries, letting the least recently used go", () => {
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

  it("lets the least recently used go first when bytes run out: a read makes an entry the newest", () => {
    const map = new BoundedMap<string, string>({ maxEntries: 100, maxBytes: 12, sizeOf: (_key, value) => value.length });
    map.set("a", "aaaa");
    map.set("b", "bbbb");
    map.set("c", "cccc");
    // "a" is read, so "b" is now the least recently used.
    expect(map.get("a")).toBe("aaaa");
    map.set("d", "dddd");
    expect(map.has("b")).toBe(false);
    expect(["a", "c", "d"].map((k) => map.get(k))).toEqual(["aaaa", "cccc", "dddd"]);
    expect(map.bytes).toBe(12);
    // A larger value lets as many of the least recently used go as it needs: "a", then "c" ("d" was read last).
    map.get("d");
    map.set("e", "eeeeeeee");
    expect([...["a", "c", "d", "e"]].filter((k) => map.has(k))).toEqual(["d", "e"]);
    expect(map.bytes).toBe(12);
  });

  it("evicts by bytes with many entries of different sizes, always the least recently used first", () => {
    const map = new BoundedMap<number, string>({ maxEntries: 1000, maxBytes: 1000, sizeOf: (_key, value) => value.length });
    const order: number[] = [];
    const touch = (k: number) => {
      const at = order.indexOf(k);
      if (at >= 0) order.splice(at, 1);
      order.push(k);
    };
    for (let i = 0; i < 300; i++) {
      map.set(i, "x".repeat(10 + ((i * 37) % 90)));
      touch(i);
      // Every third step reads an earlier key still held, as a shopper returning to a cart.
      const back = i - ((i * 7) % 20);
      if (i % 3 === 0 && map.get(back) !== undefined) touch(back);
      // What is held is always a run of the most recently used, within the budget.
      const held = order.filter((k) => map.has(k));
      expect(held).toEqual(order.slice(order.length - held.length));
      expect(map.bytes).toBeLessThanOrEqual(1000);
    }
  });

  it("reads from an unbounded map change nothing", () => {
    const map = new BoundedMap<string, number>({ maxEntries: Number.POSITIVE_INFINITY });
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1);
    expect([map.size, map.get("b")]).toEqual([2, 2]);
  });
});
