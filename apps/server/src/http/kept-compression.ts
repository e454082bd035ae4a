/**
 * Buffered replies (pages, catalogue lists) compressed by engines kept for the life of the process (decision 0182).
 *
 * Node's one-call compressors (`zstdCompressSync`, `gzipSync`) make an engine for each reply and close it after. Its
 * state (about 1 MB for zstd, 256 KB for gzip) is over the 32 KB from which the server's glibc maps memory on its own
 * (decision 0062), so every reply mapped, touched and unmapped it afresh: 1–1.4 ms of CPU a reply instead of
 * 0.1–0.3 ms. A kept engine allocates once; each reply is written to it and flushed to the end of a frame, on
 * libuv's pool thread. zstd starts a new frame after `ZSTD_e_end`; gzip is reset after `Z_FINISH` and keeps its memory.
 *
 * This hook runs before @fastify/compress's and answers the encodings it keeps engines for (zstd, gzip), with the
 * plugin's own choice of encoding; it sets `content-encoding`, so the plugin leaves the reply alone. Everything
 * else (brotli, deflate, streams, other types) stays the plugin's.
 */

import { constants, createGzip, createZstdCompress, type Gzip, type ZstdCompress } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The server's preference when the client's weights tie, given to the plugin too (decision 0183): the encodings with a
 * kept engine first. Brotli comes after gzip: it would open an engine a reply (about 1.8 ms of CPU for a page, against
 * 0.56 ms for gzip kept) for a reply 4 % smaller, and every browser that takes brotli takes gzip.
 */
export const DYNAMIC_ENCODINGS: ("zstd" | "gzip" | "br" | "deflate" | "identity")[] = ["zstd", "gzip", "br", "deflate", "identity"];

/** The plugin's default of what is worth compressing, for the types this server sends whole. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|text)(?:;|$)/u;

type Engine = ZstdCompress | Gzip;

/** One engine kept open: replies go through it one at a time, each in a frame of its own. */
export class KeptEngine {
  private engine: Engine | undefined;
  private chunks: Buffer[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  private readonly make: () => Engine;
  private readonly finish: number;
  /** gzip ends its stream at `Z_FINISH` and is reset for the next; zstd begins a new frame by itself. */
  private readonly resetAfter: boolean;

  constructor(make: () => Engine, finish: number, resetAfter: boolean) {
    this.make = make;
    this.finish = finish;
    this.resetAfter = resetAfter;
  }

  compress(input: Buffer): Promise<Buffer> {
    const run = this.queue.then(() => this.throughEngine(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One reply's frame: written, flushed to its end, read out. */
  private throughEngine(input: Buffer): Promise<Buffer> {
    return new Promise((done, fail) => {
      const engine = this.engine ?? this.open();
      const failed = (error: Error) => {
        // A broken engine is dropped; the next reply opens another.
        this.engine = undefined;
        this.chunks = [];
        engine.destroy();
        fail(error);
      };
      engine.once("error", failed);
      engine.write(input);
      engine.flush(this.finish, () => {
        engine.off("error", failed);
        if (this.engine !== engine) return;
        // All of the frame was pushed before this callback; any part still buffered is read out now, through "data".
        while (engine.read() !== null);
        const output = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
        this.chunks = [];
        if (this.resetAfter) (engine as Engine & { reset(): void }).reset();
        done(output);
      });
    });
  }

  private open(): Engine {
    const engine = this.make();
    engine.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    // Each reply listens for its own failure; this one only keeps a stray error from ending the process.
    engine.on("error", () => undefined);
    this.engine = engine;
    return engine;
  }
}

/** The engines a process keeps: one per encoding this hook answers. */
export function keptEngines(): Record<"zstd" | "gzip", KeptEngine> {
  return {
    zstd: new KeptEngine(() => createZstdCompress(), constants.ZSTD_e_end, false),
    gzip: new KeptEngine(() => createGzip(), constants.Z_FINISH, true),
  };
}

/** The encoding @fastify/compress, given DYNAMIC_ENCODINGS, would choose for this request, or undefined when it would send the reply as it is. */
export function chosenEncoding(acceptEncoding: string | undefined): string | undefined {
  if (!acceptEncoding) return undefined;
  // As the plugin reads it: "*" and "x-gzip" stand for gzip.
  return negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), DYNAMIC_ENCODINGS) ?? undefined;
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader("vary");
  const current = Array.isArray(vary) ? vary.join(", ") : vary === undefined ? "" : String(vary);
  if (current.trim() === "*" || /(?:^|,)\s*accept-encoding\s*(?:,|$)/iu.test(current)) return;
  reply.header("vary", current ? `${current}, accept-encoding` : "accept-encoding");
}

/** Whether a reply is one this hook compresses: whole, of a compressible type, big enough, not partial nor already encoded. */
function eligible(request: FastifyRequest, reply: FastifyReply, payload: unknown, fromBytes: number): payload is string | Buffer {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return false;
  if (reply.hasHeader("content-encoding") || request.headers["x-no-compression"] !== undefined) return false;
  if (reply.statusCode === 206 || reply.hasHeader("content-range")) return false;
  if (Buffer.byteLength(payload) < fromBytes) return false;
  return COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? "application/json"));
}

/**
 * Adds the hook; call it before registering @fastify/compress, so that it runs first. Replies of `fromBytes` or
 * more are compressed, as the plugin's `threshold`.
 */
export function registerKeptCompression(app: FastifyInstance, fromBytes: number): void {
  const engines = keptEngines();
  // A callback hook, not an async one: every other reply (each cart call's) passes straight on, with no promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!eligible(request, reply, payload, fromBytes)) return done(null, payload);
    const encoding = chosenEncoding(request.headers["accept-encoding"]);
    if (encoding !== "zstd" && encoding !== "gzip") return done(null, payload);
    engines[encoding].compress(Buffer.isBuffer(payload) ? payload : Buffer.from(payload)).then(
      (compressed) => {
        varyOnEncoding(reply);
        reply.header("content-encoding", encoding);
        reply.header("content-length", compressed.length);
        done(null, compressed);
      },
      (error: unknown) => {
        // Sent as it is rather than failed: the reply is still right, only larger.
        request.log.warn({ err: error, encoding }, "a reply could not be compressed");
        done(null, payload);
      },
    );
  });
}
