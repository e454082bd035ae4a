import { randomBytes } from "node:crypto";
import { constants, createGzip, gunzipSync, zstdDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chosenEncoding, KeptEngine, keptEngines } from "./kept-compression.ts";

/** Text of `bytes` bytes that compresses as a page does, with a random part so no two are alike. */
function pageLike(bytes: number): Buffer {
  const unit = `<li class="product"><a href="/product/${randomBytes(4).toString("hex")}">Classic T-Shirt</a> $18.00</li>\n`;
  return Buffer.from(unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes));
}

describe("kept compression engines", () => {
  it("give each reply a whole frame of its own, replies sent at once included, from one byte to past the stream's buffer", async () => {
    const engines = keptEngines();
    const inputs = [1, 14 * 1024, 20_630, 54_254, 300_000, 2, 70_000, randomBytes(40_000).length].map((size, n) =>
      n === 7 ? randomBytes(size) : pageLike(size),
    );
    for (const [encoding, decompress] of [
      ["zstd", zstdDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      // Twice over, all at once: the engine takes them in turn, and what it kept from one reply never leaks into the next.
      const outputs = await Promise.all([...inputs, ...inputs].map((input) => engines[encoding].compress(input)));
      outputs.forEach((output, n) => {
        expect(decompress(output).equals(inputs[n % inputs.length] as Buffer)).toBe(true);
      });
      expect((outputs[3] as Buffer).length).toBeLessThan(54_254 / 3);
    }
  });

  it("drop an engine that failed: that reply is refused, the next opens a new engine and the ones queued behind it go through", async () => {
    let opened = 0;
    const engine = new KeptEngine(
      () => {
        opened += 1;
        const gzip = createGzip();
        // The first engine breaks as the reply is written to it.
        if (opened === 1) {
          gzip.write = () => {
            gzip.emit("error", new Error("broken engine"));
            return true;
          };
        }
        return gzip;
      },
      constants.Z_FINISH,
      true,
    );
    const [first, second, third] = await Promise.allSettled(
      [pageLike(20_000), pageLike(30_000), pageLike(1)].map((input) => engine.compress(input)),
    );
    expect(first).toMatchObject({ status: "rejected", reason: { message: "broken engine" } });
    expect(second?.status).toBe("fulfilled");
    expect(third?.status).toBe("fulfilled");
    if (second?.status === "fulfilled") expect(gunzipSync(second.value).length).toBe(30_000);
    expect(opened).toBe(2);
  });

  it("choose as @fastify/compress given the server's order: the client's weights first, then zstd, gzip, br, deflate", () => {
    expect(chosenEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    // Safari's list: gzip through its kept engine rather than a brotli engine opened for the reply.
    expect(chosenEncoding("gzip, deflate, br")).toBe("gzip");
    expect(chosenEncoding("br")).toBe("br");
    expect(chosenEncoding("br;q=1, gzip;q=0.5")).toBe("br");
    expect(chosenEncoding("zstd;q=0, gzip")).toBe("gzip");
    expect(chosenEncoding("x-gzip")).toBe("gzip");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("identity")).toBe("identity");
    expect(chosenEncoding("x-bogus")).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});
