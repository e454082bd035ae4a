/** Downloads' pure rules (decision 0094): what a purchase grants, when it expires, what a log keeps, how a file is named. */

/** Downloads a line grants of each file: the product's limit for each unit bought; null: unlimited. */
export function downloadsGranted(limit: number | null, quantity: number): number | null {
  if (limit === null || limit < 0) return null;
  return limit * Math.max(1, quantity);
}

/** When access granted at `at` ends: `days` later; null: never. */
export function accessExpires(days: number | null, at: string): string | null {
  if (days === null || days <= 0) return null;
  return new Date(Date.parse(at) + days * 86_400_000).toISOString();
}

/** Why a download is refused, or null when it may go ahead. */
export type DownloadRefusal = "not_found" | "not_paid" | "expired" | "used_up" | "sign_in" | "not_yours";

export interface PermissionState {
  orderStatus: string;
  orderCustomerId: number | null;
  downloadsRemaining: number | null;
  accessExpires: string | null;
}

/** Statuses in which an order's downloads may be made: paid and not taken back. */
export const DOWNLOADABLE_STATUSES = ["processing", "completed"];

/**
 * The checks before a download, in the order a shopper should hear them: an account's order needs
 * its owner signed in (a forwarded e-mail link is no key to it); then paid, in time, downloads left.
 */
export function refusalOf(state: PermissionState, signedInAs: number, now: string): DownloadRefusal | null {
  if (state.orderCustomerId) {
    if (!signedInAs) return "sign_in";
    if (signedInAs !== state.orderCustomerId) return "not_yours";
  }
  if (!DOWNLOADABLE_STATUSES.includes(state.orderStatus)) return "not_paid";
  if (state.accessExpires !== null && state.accessExpires <= now) return "expired";
  if (state.downloadsRemaining !== null && state.downloadsRemaining <= 0) return "used_up";
  return null;
}

/**
 * The part of a client's address a download's log keeps: IPv4 without its last byte (a.b.c.0),
 * IPv6 to its first 48 bits (a:b:c::), so a log can show roughly where a download came from
 * without naming the person's connection.
 */
export function shortenedAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (address.includes(":")) {
    const head = address.split("::")[0] ?? "";
    const groups = head.split(":").filter(Boolean);
    const full = address.includes("::") ? groups : address.split(":");
    return `${full
      .slice(0, 3)
      .map((g) => g.toLowerCase())
      .join(":")}::`;
  }
  return "";
}

/** A Content-Disposition header for a download: the name in plain ASCII and in full as RFC 6266/5987 say. */
export function attachmentHeader(fileName: string): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, "_").trim() || "download";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A file's name with only its last path part, at most 200 characters: what a browser's upload sends is not trusted. */
export function uploadName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  const printable = [...last].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join("");
  return printable.trim().slice(0, 200);
}

/** Content types served as they are; anything else is served as bytes, so no download renders as a page of the shop. */
const SAFE_TYPES = new Set([
  "application/pdf",
  "application/zip",
  "application/epub+zip",
  "application/x-mobipocket-ebook",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/flac",
  "video/mp4",
  "video/webm",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
  "text/plain",
  "text/csv",
  "application/json",
]);

/** The Content-Type a file is served with: its upload's when it is a known safe type, else application/octet-stream. */
export function servedType(contentType: string): string {
  const base = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return SAFE_TYPES.has(base) ? base : "application/octet-stream";
}

/** The type an upload is kept with, from its name when the browser said nothing useful. */
export function typeOfUpload(fileName: string, said: string): string {
  const base = said.split(";")[0]?.trim().toLowerCase() ?? "";
  if (base && base !== "application/octet-stream") return base;
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  const byExt: Record<string, string> = {
    pdf: "application/pdf",
    zip: "application/zip",
    epub: "application/epub+zip",
    mobi: "application/x-mobipocket-ebook",
    mp3: "audio/mpeg",
    ogg: "audio/ogg",
    wav: "audio/wav",
    flac: "audio/flac",
    mp4: "video/mp4",
    webm: "video/webm",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    webp: "image/webp",
    gif: "image/gif",
    txt: "text/plain",
    csv: "text/csv",
    json: "application/json",
  };
  return byExt[ext] ?? "application/octet-stream";
}

/** Bytes in each chunk row of a file uploaded now (decision 0100: 256 KiB read in 0.2 ms, 40 MB in 30 ms on SQLite). */
export const CHUNK_BYTES = 256 * 1024;

/**
 * How long after a counted download a request that does not start at byte 0 may continue it without
 * counting again (decision 0100, amended): a phone that lost its connection picks up where it stopped.
 * An hour: a 50 MB file takes minutes even on a slow line; a link used up stops giving bytes soon after.
 */
export const RESUME_WINDOW_MS = 3_600_000;

/**
 * How far before the point the sending reached a continuation may start: the bytes a download's
 * last stretch may have lost in flight (the server's socket buffer, up to 4 MB on Linux, the network's
 * and the client's) when its connection dropped; measured on loopback: 3 MB.
 * At most half the file, so that no continuation of a finished download gives back its first half.
 */
export const IN_FLIGHT_BYTES = 8 * 1024 * 1024;

/** What a link knows of its last counted download. */
export interface CountedDownload {
  /** When it was counted (ISO); null: never. */
  countedAt: string | null;
  /** How far its sending reached, its continuations included (bytes from the start); null: unknown. */
  reached: number | null;
}

/**
 * Whether a request for the bytes from `start` (> 0) of a file of `size` bytes continues the link's
 * last counted download (decision 0100, amended), so it counts nothing and needs no download left:
 * it comes within RESUME_WINDOW_MS of the count, and starts where that download's sending reached or
 * a little before (what may have been lost in flight: IN_FLIGHT_BYTES, at most half the file). A range
 * that skips ahead, or starts further back (bytes the shopper already had), is a new download.
 */
export function continuesDownload(start: number, size: number, counted: CountedDownload, now: string): boolean {
  if (start <= 0 || counted.countedAt === null || counted.reached === null) return false;
  if (Date.parse(now) - Date.parse(counted.countedAt) >= RESUME_WINDOW_MS) return false;
  const slack = Math.min(IN_FLIGHT_BYTES, Math.ceil(size / 2));
  return start <= counted.reached && start >= counted.reached - slack;
}

/** Whether a link's last counted download may still be continued at all (a HEAD's or a 416's check): in its window, with a reach known. */
export function resumable(counted: CountedDownload, now: string): boolean {
  return counted.countedAt !== null && counted.reached !== null && Date.parse(now) - Date.parse(counted.countedAt) < RESUME_WINDOW_MS;
}

/** What a Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type RangeAsked =
  /** No usable Range (none, another unit, bad syntax, or several ranges): the whole file, 200. */
  | { kind: "whole" }
  /** One satisfiable range, inclusive bounds: 206. */
  | { kind: "part"; start: number; end: number }
  /** A byte range none of the file satisfies: 416. */
  | { kind: "unsatisfiable" };

/**
 * Reads a Range header for a file of `size` bytes. One range is answered; several are answered
 * with the whole file (the RFC lets a server ignore Range; a download needs no multipart reply).
 */
export function rangeAsked(header: string | undefined, size: number): RangeAsked {
  if (!header) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last n bytes.
    const n = Number(last);
    if (n === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}

/** A file's validators: a strong ETag from its SHA-256, Last-Modified from its upload (files never change). */
export function fileValidators(digest: string, createdAt: string): { etag: string; lastModified: string } {
  return { etag: `"${digest.slice(0, 32)}"`, lastModified: new Date(createdAt).toUTCString() };
}

/**
 * Whether an If-Range lets the Range apply (RFC 9110 §13.1.5): absent, or the file's ETag, or
 * exactly its Last-Modified date. A weak tag never matches; otherwise the whole file is answered.
 */
export function ifRangeHolds(ifRange: string | undefined, validators: { etag: string; lastModified: string }): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === validators.etag;
  if (value.startsWith("W/")) return false;
  return value === validators.lastModified;
}

/**
 * Whether a request says it is speculative, a browser fetching a link ahead of a click that may never
 * come: `Sec-Purpose: prefetch` (Fetch's metadata, also `prefetch;prerender`), the older `Purpose:
 * prefetch` (Chromium's link prefetch) and `X-Moz: prefetch` (Firefox's before Sec-Purpose). Only
 * browsers send them, and only for such requests: a reliable sign, unlike a user agent's name.
 */
export function isSpeculative(headers: Record<string, string | string[] | undefined>): boolean {
  const said = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value.join(",") : (value ?? "")).toLowerCase();
  };
  return /(^|[\s,;])prefetch\b/.test(said("sec-purpose")) || said("purpose").trim() === "prefetch" || said("x-moz").trim() === "prefetch";
}
