/**
 * Which replies are compressed (decision 0114): those of TCP's first flight or more, in the encoding the client
 * prefers; smaller ones go as they are, since they arrive in the same round trip either way.
 */
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { productId, StoreClient } from "../../../../test/store-client.ts";
import { COMPRESS_FROM_BYTES } from "../app.ts";

/** What Chromium sends. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ rateLimit: false });
});
afterAll(() => shop.close());

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "zstd") return zstdDecompressSync(body).toString("utf8");
  throw new Error(`unexpected encoding ${encoding}`);
}

describe("compressed replies", () => {
  it("send a cart reply, smaller than the first flight, as it is to a browser that accepts every encoding", async () => {
    const shopper = new StoreClient(shop.app);
    await shopper.get("/api/store/v1/cart");
    const beanie = await productId(shop.app, "beanie");
    const { token } = shopper.credentials();
    const added = await shop.app.inject({
      method: "POST",
      url: "/api/store/v1/cart/add-item",
      headers: { "cart-token": token ?? "", "accept-encoding": BROWSER_ENCODINGS, "content-type": "application/json" },
      payload: { id: beanie, quantity: 2 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.headers["content-encoding"]).toBeUndefined();
    expect(added.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(added.json().items[0].quantity).toBe(2);

    const read = await shop.app.inject({
      url: "/api/store/v1/cart",
      headers: { "cart-token": token ?? "", "accept-encoding": BROWSER_ENCODINGS },
    });
    expect(read.headers["content-encoding"]).toBeUndefined();
    expect(read.json().items_count).toBe(2);
  });

  it("compress a reply of the first flight or more, whole, in the encoding the client accepts", async () => {
    const plain = await shop.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    for (const accepted of ["br", "gzip", BROWSER_ENCODINGS]) {
      const reply = await shop.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": accepted } });
      const encoding = reply.headers["content-encoding"] as string | undefined;
      if (accepted !== BROWSER_ENCODINGS) expect(encoding).toBe(accepted);
      expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      // Compressed in one call, not through a stream of its own: its length is known before it is sent.
      expect(reply.headers["content-length"]).toBe(String(reply.rawPayload.length));
      expect(decoded(encoding, reply.rawPayload)).toBe(plain.body);
    }
  });
});

describe("pages", () => {
  let pages: TestShop;
  beforeAll(async () => {
    pages = await createTestShop({ rateLimit: false, web: true });
  });
  afterAll(() => pages.close());

  // Sent whole (decision 0116): compressed in one call, with a length, rather than through a stream of their own.
  it("go whole, compressed in one piece with their length, as a page or as a page change's data", async () => {
    for (const url of ["/shop", "/shop.data"]) {
      const plain = await pages.app.inject({ url, headers: { "accept-encoding": "identity" } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-length"]).toBe(String(plain.rawPayload.length));
      expect(plain.headers["transfer-encoding"]).toBeUndefined();
      const reply = await pages.app.inject({ url, headers: { "accept-encoding": BROWSER_ENCODINGS } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-length"]).toBe(String(reply.rawPayload.length));
      expect(reply.headers["transfer-encoding"]).toBeUndefined();
      // A page change's data may be under the first flight: it then goes as it is.
      const compressed = plain.rawPayload.length >= COMPRESS_FROM_BYTES;
      expect(reply.headers["content-encoding"]).toBe(compressed ? "zstd" : undefined);
      const text = compressed ? decoded("zstd", reply.rawPayload) : reply.body;
      expect(text).toContain("Classic T-Shirt");
      // The same page, but for the nonces a reply draws afresh.
      expect(text.length).toBe(plain.body.length);
    }
    const shop = await pages.app.inject({ url: "/shop", headers: { "accept-encoding": BROWSER_ENCODINGS } });
    expect(shop.headers["content-encoding"]).toBe("zstd");
    const page = decoded("zstd", shop.rawPayload);
    expect(page.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(page.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("keep a page's status and cookies", async () => {
    const missing = await pages.app.inject({ url: "/no-such-page", headers: { "accept-encoding": BROWSER_ENCODINGS } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-length"]).toBe(String(missing.rawPayload.length));
    expect(String(missing.headers["set-cookie"])).toContain("cw_session=");
  });
});
