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

  // Through the engines kept open (decision 0182): pages asked for at once each get their own whole frame.
  it("go right when many are asked for at once, in zstd and gzip, each saying it varies by encoding once", async () => {
    const plain = await pages.app.inject({ url: "/api/store/v1/products?per_page=20", headers: { "accept-encoding": "identity" } });
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    const asked = Array.from({ length: 24 }, (_, n) => ({
      url: n % 3 ? "/shop" : "/api/store/v1/products?per_page=20",
      encoding: n % 2 ? "gzip" : BROWSER_ENCODINGS,
    }));
    const replies = await Promise.all(
      asked.map(({ url, encoding }) => pages.app.inject({ url, headers: { "accept-encoding": encoding } })),
    );
    replies.forEach((reply, n) => {
      const { url, encoding } = asked[n] as (typeof asked)[number];
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-encoding"]).toBe(encoding === "gzip" ? "gzip" : "zstd");
      expect(reply.headers["content-length"]).toBe(String(reply.rawPayload.length));
      expect(
        String(reply.headers.vary)
          .toLowerCase()
          .match(/accept-encoding/g),
      ).toHaveLength(1);
      const text = decoded(reply.headers["content-encoding"] as string, reply.rawPayload);
      if (url === "/shop") expect(text.trimEnd().endsWith("</html>")).toBe(true);
      else expect(text).toBe(plain.body);
    });
    // Asked not to compress, or for brotli (the plugin's own path), the reply is as before.
    const unasked = await pages.app.inject({ url: "/shop", headers: { "accept-encoding": BROWSER_ENCODINGS, "x-no-compression": "1" } });
    expect(unasked.headers["content-encoding"]).toBeUndefined();
    expect(unasked.body.trimEnd().endsWith("</html>")).toBe(true);
    const brotli = await pages.app.inject({ url: "/shop", headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(decoded("br", brotli.rawPayload).trimEnd().endsWith("</html>")).toBe(true);
  });

  it("answer a browser that takes brotli and gzip alike (Safari) in gzip, whole, its length known", async () => {
    const reply = await pages.app.inject({ url: "/shop", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(reply.headers["content-length"]).toBe(String(reply.rawPayload.length));
    expect(reply.headers.vary).toMatch(/accept-encoding/);
    expect(decoded("gzip", reply.rawPayload).trimEnd().endsWith("</html>")).toBe(true);
  });

  it("keep a page's status and cookies", async () => {
    const missing = await pages.app.inject({ url: "/no-such-page", headers: { "accept-encoding": BROWSER_ENCODINGS } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-length"]).toBe(String(missing.rawPayload.length));
    expect(String(missing.headers["set-cookie"])).toContain("cw_session=");
  });
});
