/**
 * What an uploaded image must be (decision 0045), judged by its bytes and never by its name or the
 * browser's word: a real JPEG, PNG, WebP, AVIF or GIF (file-type's magic bytes), no larger than the
 * limits, and nothing else hidden in it. Everything the shop serves is re-encoded from the decoded
 * pixels anyway, so a hidden part could never be served; refusing it tells the owner why.
 */
import { groupedWhole } from "@cartwright/commerce";

/** The largest upload and the most pixels decoded (a small file may claim a huge picture: a decompression bomb). */
export const MEDIA_LIMITS = { bytes: 20 * 1024 * 1024, pixels: 50_000_000, side: 20_000 } as const;

/** The image types accepted, by the type their bytes show. */
export const ACCEPTED_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

export const MEDIA_MESSAGES = {
  missing: "Choose an image file to upload.",
  empty: "This file is empty.",
  tooLarge: `An image may be at most ${MEDIA_LIMITS.bytes / 1024 / 1024} MB.`,
  tooManyPixels: `This image is too large: at most ${MEDIA_LIMITS.pixels / 1_000_000} megapixels (and ${groupedWhole(MEDIA_LIMITS.side)} pixels a side).`,
  svg: "SVG images cannot be uploaded: upload a JPEG, PNG, WebP, AVIF or GIF.",
  program: "Programs and scripts cannot be uploaded.",
  notImage: "This file is not an image the shop takes: upload a JPEG, PNG, WebP, AVIF or GIF.",
  hidden: "This image carries something else inside it (a web page, a script or an archive): save it again as a plain image.",
  unreadable: "This image cannot be read: it may be damaged or cut short.",
} as const;

/** Detected types that run as code somewhere: named as such in the refusal. */
const PROGRAMS = new Set(["exe", "elf", "macho", "msi", "dmg", "deb", "rpm", "apk", "class", "wasm", "swf", "lnk", "jar", "dex", "cab"]);

/**
 * Markup or script a browser sniffing the file, or a server running it, would find. Looked for where
 * polyglots carry it (the first and last 256 KB: metadata, comments, anything appended), with
 * signatures long enough that compressed pixels do not spell them by chance.
 */
const ACTIVE_TEXT = /<script|<html|<!doctype html|<iframe|<svg[\s>]|<\?php|javascript:/i;
const SCANNED = 256 * 1024;

export function carriesActiveText(bytes: Buffer): boolean {
  if (bytes.length <= 2 * SCANNED) return ACTIVE_TEXT.test(bytes.toString("latin1"));
  return ACTIVE_TEXT.test(bytes.subarray(0, SCANNED).toString("latin1")) || ACTIVE_TEXT.test(bytes.subarray(-SCANNED).toString("latin1"));
}

/** An SVG document: after any BOM, XML declaration, comments and doctype, an <svg> element. */
const SVG_START = /^(\xef\xbb\xbf)?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** A ZIP (or JAR, or Office document) read from its end: its directory record sits in the last 64 KB. */
function endsWithArchive(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 65_557));
  return tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

/** A PDF reader looks for its header in the first kilobyte, whatever comes before it. */
const startsPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes(Buffer.from("%PDF-"));

export type ImageCheck = { contentType: string; extension: string } | { error: string };

/** The image's type when its bytes are one of the accepted images and nothing else, or why it is refused. */
export async function checkImageBytes(bytes: Buffer): Promise<ImageCheck> {
  if (bytes.length === 0) return { error: MEDIA_MESSAGES.empty };
  if (bytes.length > MEDIA_LIMITS.bytes) return { error: MEDIA_MESSAGES.tooLarge };
  // file-type is imported with the first upload, not at start (decision 0050).
  const detected = await (await import("file-type")).fileTypeFromBuffer(bytes);
  if (detected && PROGRAMS.has(detected.ext)) return { error: MEDIA_MESSAGES.program };
  const head = bytes.subarray(0, 1024).toString("latin1");
  if (SVG_START.test(head)) return { error: MEDIA_MESSAGES.svg };
  if (!detected) {
    if (head.startsWith("#!") || head.startsWith("MZ")) return { error: MEDIA_MESSAGES.program };
    return { error: MEDIA_MESSAGES.notImage };
  }
  const extension = ACCEPTED_TYPES[detected.mime];
  if (!extension) return { error: detected.ext === "svg" ? MEDIA_MESSAGES.svg : MEDIA_MESSAGES.notImage };
  if (carriesActiveText(bytes) || endsWithArchive(bytes) || startsPdf(bytes)) return { error: MEDIA_MESSAGES.hidden };
  return { contentType: detected.mime, extension };
}

/** A stored file name from the owner's: lower-case words joined by hyphens, the extension of the type found. */
export function cleanFilename(given: string, extension: string): string {
  const stem = (given.split(/[\\/]/).pop() ?? "")
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${stem || "image"}.${extension}`;
}
