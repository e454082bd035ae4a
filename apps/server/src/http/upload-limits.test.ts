/** Reading an upload's file part in pieces (decision 0110): exact pieces, each awaited before more is read, the limit kept. */
import { randomBytes } from "node:crypto";
import { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { closeUnreadBodies, FileTooLargeError, readFilePartInPieces } from "./upload-limits.ts";

const PIECE = 256 * 1024;

/** A part's stream fed `total` bytes in pieces of 64 KiB as fast as it takes them; `fed()` says how many it took so far. */
function partOf(bytes: Buffer, limit = Number.POSITIVE_INFINITY) {
  const file = new PassThrough({ highWaterMark: 64 * 1024 }) as PassThrough & { truncated?: boolean };
  let fed = 0;
  const feed = () => {
    while (fed < bytes.length) {
      const next = bytes.subarray(fed, fed + 64 * 1024);
      if (fed + next.length > limit) {
        file.truncated = true;
        file.emit("limit");
      }
      fed += next.length;
      if (!file.write(next)) return void file.once("drain", feed);
    }
    file.end();
  };
  feed();
  return { part: { file }, fed: () => fed };
}

describe("readFilePartInPieces", () => {
  it("hands on exact pieces, the last shorter, whose bytes are the file's", async () => {
    const bytes = randomBytes(3 * PIECE + 1234);
    const { part } = partOf(bytes);
    const pieces: Buffer[] = [];
    const total = await readFilePartInPieces(part, PIECE, async (piece) => {
      pieces.push(Buffer.from(piece));
    });
    expect(total).toBe(bytes.length);
    expect(pieces.map((p) => p.length)).toEqual([PIECE, PIECE, PIECE, 1234]);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
  });

  it("reads no further while a piece is being stored: what it holds stays near one piece", async () => {
    const bytes = randomBytes(40 * PIECE);
    const { part, fed } = partOf(bytes);
    const takenWhileStoring: number[] = [];
    let stored = 0;
    await readFilePartInPieces(part, PIECE, async () => {
      // Let the feeder run as far as the stream lets it while this piece is "written".
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      takenWhileStoring.push(fed() - stored);
      stored += PIECE;
    });
    // Ahead of what was stored: the piece itself and the stream's own buffers, never the file.
    expect(Math.max(...takenWhileStoring)).toBeLessThanOrEqual(2 * PIECE);
  });

  it("hands on nothing past the limit, reads the part to its end and refuses it", async () => {
    const bytes = randomBytes(4 * PIECE);
    const { part, fed } = partOf(bytes, 2 * PIECE);
    let handed = 0;
    await expect(
      readFilePartInPieces(part, PIECE, async (piece) => {
        handed += piece.length;
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(handed).toBeLessThanOrEqual(2 * PIECE);
    expect(fed()).toBe(bytes.length);
  });
});

describe("closeUnreadBodies", () => {
  it("answers a refusal whose connection is already gone without failing (no socket left to read from)", () => {
    const hooks: ((...args: unknown[]) => void)[] = [];
    closeUnreadBodies({ addHook: (_name: string, hook: (...args: unknown[]) => void) => hooks.push(hook) } as never);
    const raw = new IncomingMessage(null as never);
    raw.complete = false;
    let sent: unknown;
    hooks[0]?.({ raw }, { statusCode: 413 }, "refused", (_error: unknown, payload: unknown) => {
      sent = payload;
    });
    expect(sent).toBe("refused");
  });
});
