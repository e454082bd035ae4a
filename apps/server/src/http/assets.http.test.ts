/** The storefront's scripts go out as the build precompressed them, matched to the request's Accept-Encoding. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../test/app.ts";
import { WEB_BUILD_DIR } from "../web.ts";
import { staticFileOptions } from "./assets.ts";

type Reply = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** The body as the browser's code sees it, after undoing the Content-Encoding. */
function decoded(response: Reply): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload);
  if (encoding === "gzip") return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

describe("the storefront's built scripts", () => {
  let shop: TestShop;
  let entry: string;
  const onDisk = (suffix = "") => readFileSync(join(WEB_BUILD_DIR, "client", `${entry}${suffix}`));

  beforeAll(async () => {
    shop = await createTestShop({ web: true });
    const page = await shop.app.inject("/shop");
    entry = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(page.body)?.[1] ?? "";
    expect(entry).not.toBe("");
  });
  afterAll(() => shop.close());

  const get = (acceptEncoding?: string) =>
    shop.app.inject({ url: entry, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  it.each([
    ["gzip, deflate, br", "br", ".br"],
    ["br", "br", ".br"],
    ["gzip", "gzip", ".gz"],
    ["br;q=0, gzip", "gzip", ".gz"],
  ])("Accept-Encoding '%s' gets the build's %s file as it is", async (acceptEncoding, encoding, suffix) => {
    const response = await get(acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    // The precompressed file byte for byte: nothing compressed it again on the way out.
    expect(response.rawPayload.equals(onDisk(suffix))).toBe(true);
    expect(Number(response.headers["content-length"])).toBe(onDisk(suffix).length);
    expect(decoded(response).equals(onDisk())).toBe(true);
  });

  it.each([[undefined], ["identity"]])("Accept-Encoding %s gets the file itself, with the same headers", async (acceptEncoding) => {
    const response = await get(acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.equals(onDisk())).toBe(true);
  });

  it("gives each encoding its own ETag, so a cached copy is revalidated in its own encoding", async () => {
    const br = await get("br");
    const gzip = await get("gzip");
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await shop.app.inject({ url: entry, headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("does not serve the precompressed forms under addresses of their own", async () => {
    const response = await shop.app.inject(`${entry}.br`);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-encoding"]).not.toBe("br");
  });
});

describe("a script without all its precompressed forms", () => {
  const directory = mkdtempSync(join(tmpdir(), "cw-assets-"));
  // Text long enough for on-the-fly compression (over its 1 KB threshold).
  const script = Buffer.from(`export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `line ${i}`))};\n`);
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(directory, "assets"));
    // only-gzip.js has no .br; plain.js has neither form.
    writeFileSync(join(directory, "assets/only-gzip.js"), script);
    writeFileSync(join(directory, "assets/only-gzip.js.gz"), gzipSync(script, { level: 9 }));
    writeFileSync(join(directory, "assets/plain.js"), script);
    // The server's stack: on-the-fly compression for whatever is not precompressed, then the files.
    app = Fastify();
    await app.register(compress, { threshold: 1024 });
    await app.register(fastifyStatic, {
      ...staticFileOptions(directory, { assetCacheControl: "immutable-test", fileCacheControl: "hourly-test" }),
      wildcard: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("falls back from brotli to the gzip file", async () => {
    const response = await app.inject({ url: "/assets/only-gzip.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["cache-control"]).toBe("immutable-test");
    expect(response.rawPayload.equals(readFileSync(join(directory, "assets/only-gzip.js.gz")))).toBe(true);
    expect(decoded(response).equals(script)).toBe(true);
  });

  it("sends a file with no precompressed form compressed on the fly, once", async () => {
    const response = await app.inject({ url: "/assets/plain.js", headers: { "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.headers["cache-control"]).toBe("immutable-test");
    expect(decoded(response).equals(script)).toBe(true);
  });

  it("sends the file itself to a request that accepts neither", async () => {
    for (const url of ["/assets/only-gzip.js", "/assets/plain.js"]) {
      const response = await app.inject({ url });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.rawPayload.equals(script)).toBe(true);
    }
  });
});
