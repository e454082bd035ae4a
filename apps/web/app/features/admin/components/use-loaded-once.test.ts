import { describe, expect, it } from "vitest";
import { loadedOnce } from "./use-loaded-once.ts";

describe("loadedOnce", () => {
  it("asks once for every field, and keeps what arrived", async () => {
    let asked = 0;
    const list = loadedOnce(async () => {
      asked += 1;
      return ["standard", "reduced-rate"];
    });
    expect(list.value).toBeNull();
    const [first, second] = await Promise.all([list.load(), list.load()]);
    expect(first).toEqual(["standard", "reduced-rate"]);
    expect(second).toBe(first);
    expect(await list.load()).toBe(first);
    expect(list.value).toBe(first);
    expect(asked).toBe(1);
  });

  it("drops a failed request, so the next field asks again", async () => {
    let asked = 0;
    const list = loadedOnce(async () => {
      asked += 1;
      if (asked === 1) throw new Error("offline");
      return [1];
    });
    await expect(list.load()).rejects.toThrow("offline");
    expect(list.value).toBeNull();
    expect(await list.load()).toEqual([1]);
    expect(asked).toBe(2);
  });

  it("asks again after forget, and a request out when forgotten does not put its answer back", async () => {
    let asked = 0;
    const list = loadedOnce(async () => {
      asked += 1;
      return asked;
    });
    const stale = list.load();
    list.forget();
    expect(await stale).toBe(1);
    expect(list.value).toBeNull();
    expect(await list.load()).toBe(2);
    expect(list.value).toBe(2);
    list.forget();
    expect(list.value).toBeNull();
    expect(await list.load()).toBe(3);
  });
});
