/**
 * Uploads stop at their limit (decision 0105). Multipart files are read through @fastify/multipart's
 * per-file limit, so no more than the limit is ever held in memory; but a refused upload used to be read
 * to its end (a 1 GB body was taken in, and thrown away, before the 400 went out). Now:
 *  - an upload route refuses a body whose declared Content-Length is over its cap (its file limit and
 *    MULTIPART_OVERHEAD_BYTES) before reading any of it (`refuseDeclaredOver`, with the route's own
 *    error: the field and the limit named);
 *  - a multipart file is kept no further than its limit (`readFilePart`), then read on to its part's end
 *    and refused: stopping there left the request unread and reset the client's next request on the
 *    connection (keep-alive);
 *  - any error answer to a request whose body was not read to its end reads a little more and then
 *    cuts the connection (`closeUnreadBodies`): a chunked or lying body stops near the limit too.
 */
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { StoreError } from "./errors.ts";

/** What a multipart body may carry besides its files: text fields and the parts' framing. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** A limit as people read it: "20 MB", "512 KB", "300 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The Content-Length a request declares, 0 when none (a chunked body). */
export const declaredLength = (request: FastifyRequest) => Number(request.headers["content-length"] ?? "0") || 0;

/**
 * A route's preHandler (after the scope's sign-in and nonce checks; a multipart body is not read before
 * the handler) refusing a body whose Content-Length is over `maxBytes` before a byte of it is read.
 */
export function refuseDeclaredOver(maxBytes: number, refusal: () => StoreError): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (declaredLength(request) > maxBytes) throw refusal();
  };
}

/** How long, and how much more, a refused upload is read and dropped after its answer before the connection is cut. */
export const LINGER = { ms: 2_000, bytes: 8 * 1024 * 1024 } as const;

/**
 * Error answers to requests whose bodies were not read to their end: what the client is still sending
 * is read and dropped, as a web server's lingering close does, for at most LINGER (so that the client
 * reads the answer instead of a reset, and a small rest leaves the connection usable), then the
 * connection is cut: a huge body is never read through. Left alone, Node would keep the connection
 * open on a body nobody reads any more, and the client would wait on it.
 */
export function closeUnreadBodies(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    // `complete` is false until the body ends (an injected request, which has no socket, has none).
    if (reply.statusCode >= 400 && request.raw.complete === false) linger(request.raw);
    done(null, payload);
  });
}

function linger(request: IncomingMessage): void {
  const socket = request.socket;
  // The connection already gone (a page post refused while its body was being read): nothing left to read.
  if (!socket || socket.destroyed) return;
  let dropped = 0;
  const cut = () => {
    clearTimeout(timer);
    if (!request.complete) socket.destroy();
  };
  const timer = setTimeout(cut, LINGER.ms);
  timer.unref();
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) cut();
  });
  request.once("end", () => clearTimeout(timer));
  socket.once("close", () => clearTimeout(timer));
  request.resume();
}

/** The error a file over its part's limit ends in: the code @fastify/multipart gives it, which the routes map to their answers. */
export class FileTooLargeError extends Error {
  override name = "FileTooLargeError";
  readonly code = "FST_REQ_FILE_TOO_LARGE";
  constructor() {
    super("The file is over its limit.");
  }
}

/**
 * A multipart file part's bytes, at most its `fileSize` limit, read as @fastify/multipart's `toBuffer` reads
 * them (iterating the part's stream on to its end: an unfinished body rejects, as there), then refused with
 * FileTooLargeError when the part passed its limit, which `toBuffer` let through truncated on some routes.
 * Stopping the part's stream at the limit instead left the request unread: the connection hung or was reset
 * under the client's next request on it (decision 0105's amendment). A body that declares its length over
 * the limit is refused unread before this (`refuseDeclaredOver`, /ajax's own check).
 */
export async function readFilePart(part: { file: NodeJS.ReadableStream & { truncated?: boolean } }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let overLimit = false;
  part.file.once("limit", () => {
    overLimit = true;
  });
  for await (const chunk of part.file) if (!overLimit) chunks.push(chunk as Buffer);
  if (overLimit || part.file.truncated) throw new FileTooLargeError();
  return Buffer.concat(chunks);
}

/**
 * A multipart file part handed on in pieces of exactly `pieceBytes` (the last may be shorter), each
 * awaited before more of the part is read, so no more than about one piece is held however large the
 * file is (decision 0110): for a file stored as it arrives. The limit is kept as `readFilePart` keeps
 * it: past the part's `fileSize`, nothing more is handed on, the part is read on to its end, and the
 * read fails with FileTooLargeError; an unfinished body rejects. Answers the bytes handed on. The
 * piece's buffer is filled again once `onPiece` settles: it must have used (written, hashed) the bytes
 * by then, not kept them. The caller undoes what it stored from the pieces when this rejects.
 */
export async function readFilePartInPieces(
  part: { file: NodeJS.ReadableStream & { truncated?: boolean } },
  pieceBytes: number,
  onPiece: (piece: Buffer) => Promise<void>,
): Promise<number> {
  let overLimit = false;
  part.file.once("limit", () => {
    overLimit = true;
  });
  // One piece filled in place and used again once handed on: no joined copies, no garbage of our own.
  const piece = Buffer.allocUnsafeSlow(pieceBytes);
  let filled = 0;
  let handed = 0;
  for await (const chunk of part.file) {
    if (overLimit) continue;
    const bytes = chunk as Buffer;
    for (let at = 0; at < bytes.length; ) {
      const taken = bytes.copy(piece, filled, at, Math.min(bytes.length, at + pieceBytes - filled));
      filled += taken;
      at += taken;
      if (filled === pieceBytes) {
        handed += filled;
        await onPiece(piece);
        filled = 0;
      }
    }
  }
  if (overLimit || part.file.truncated) throw new FileTooLargeError();
  if (filled) {
    handed += filled;
    await onPiece(piece.subarray(0, filled));
  }
  return handed;
}
