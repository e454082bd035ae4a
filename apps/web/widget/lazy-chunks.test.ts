import { describe, expect, it } from "vitest";
import { failedChunkUrl, retryableImport } from "./lazy-chunks.ts";

const BASE = "https://shop.example.com/widget/core-H3s.js";

describe("failedChunkUrl", () => {
  it("reads the chunk Chromium and Firefox name in a failed import's error", () => {
    expect(
      failedChunkUrl(new TypeError("Failed to fetch dynamically imported module: https://shop.example.com/widget/data-Bo0o.js"), BASE),
    ).toBe("https://shop.example.com/widget/data-Bo0o.js");
    expect(failedChunkUrl(new TypeError("error loading dynamically imported module: https://shop.example.com/widget/qr-X1.js"), BASE)).toBe(
      "https://shop.example.com/widget/qr-X1.js",
    );
  });

  it("names nothing for an error without our address: another site's, another folder's, none at all", () => {
    expect(failedChunkUrl(new TypeError("Importing a module script failed."), BASE)).toBeUndefined();
    expect(
      failedChunkUrl(new TypeError("Failed to fetch dynamically imported module: https://evil.example/widget/x.js"), BASE),
    ).toBeUndefined();
    expect(
      failedChunkUrl(new TypeError("Failed to fetch dynamically imported module: https://shop.example.com/other/x.js"), BASE),
    ).toBeUndefined();
    expect(failedChunkUrl("not an error", BASE)).toBeUndefined();
  });
});

describe("retryableImport", () => {
  it("passes a load through, and after a failure whose error names no chunk tries the same load again", async () => {
    let calls = 0;
    const load = retryableImport(async () => {
      calls++;
      if (calls === 1) throw new TypeError("Importing a module script failed.");
      return { value: calls };
    });
    await expect(load()).rejects.toThrow("Importing a module script failed.");
    await expect(load()).resolves.toEqual({ value: 2 });
  });
});
