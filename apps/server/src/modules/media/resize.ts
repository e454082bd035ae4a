/**
 * Decoding, cleaning and resizing images with sharp (libvips; decision 0045). Loaded on first use,
 * so a process that only serves stored files never loads it. Every file made here is encoded
 * afresh from the decoded pixels: metadata (EXIF with its GPS position, XMP, comments) is dropped,
 * EXIF orientation is applied to the pixels, colours are converted to sRGB, and an animation keeps
 * its first frame.
 */
import type { Sharp, SharpOptions } from "sharp";
import { MEDIA_LIMITS, MEDIA_MESSAGES } from "./checks.ts";
import type { VariantFormat } from "./sizes.ts";

/** The stored image is at most this many pixels a side: enough for a zoomed product page, far less than a camera's. */
export const MASTER_SIDE = 2400;

let loaded: Promise<typeof import("sharp")["default"]> | undefined;
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded pictures in memory between uploads.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

const DECODE: SharpOptions = { limitInputPixels: MEDIA_LIMITS.pixels, failOn: "error" };

/** Thrown for an image that cannot be decoded or is too large: its message is the owner's. */
export class ImageRefused extends Error {}

function encode(image: Sharp, format: VariantFormat): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 2 });
  if (format === "webp") return image.webp({ quality: 78 });
  if (format === "jpeg") return image.jpeg({ quality: 82, mozjpeg: true });
  return image.png({ compressionLevel: 9, adaptiveFiltering: true });
}

/** The format an upload is kept in: its own, except a GIF, whose first frame is kept as PNG. */
export const masterFormat = (contentType: string): VariantFormat =>
  contentType === "image/jpeg" ? "jpeg" : contentType === "image/webp" ? "webp" : contentType === "image/avif" ? "avif" : "png";

export interface CleanImage {
  bytes: Buffer;
  format: VariantFormat;
  width: number;
  height: number;
}

/**
 * The image the shop keeps of an upload: its size checked from the header before anything is
 * decoded, turned upright, at most MASTER_SIDE a side, metadata stripped, in its own format.
 */
export async function cleanUpload(bytes: Buffer, contentType: string): Promise<CleanImage> {
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    // The header only: nothing is decoded, so the size is checked here with its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(MEDIA_MESSAGES.unreadable);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MEDIA_LIMITS.pixels || width > MEDIA_LIMITS.side || height > MEDIA_LIMITS.side) {
    throw new ImageRefused(MEDIA_MESSAGES.tooManyPixels);
  }
  if (!width || !height) throw new ImageRefused(MEDIA_MESSAGES.unreadable);
  const format = masterFormat(contentType);
  try {
    const image = sharp(bytes, DECODE)
      .rotate()
      .resize({ width: MASTER_SIDE, height: MASTER_SIDE, fit: "inside", withoutEnlargement: true });
    const { data, info } = await encode(image, format === "png" ? "png" : format).toBuffer({ resolveWithObject: true });
    return { bytes: data, format, width: info.width, height: info.height };
  } catch {
    throw new ImageRefused(MEDIA_MESSAGES.unreadable);
  }
}

export interface Variant {
  width: number;
  height: number;
  format: VariantFormat;
  bytes: Buffer;
}

/**
 * One resized file of a stored image (its own bytes: an upload's clean copy, or the demo's SVG),
 * `width` pixels wide, never wider than the image unless it is a drawing.
 */
export async function renderVariant(source: Uint8Array, contentType: string, width: number, format: VariantFormat): Promise<Variant> {
  const sharp = await loadSharp();
  const input = Buffer.from(source);
  let image: Sharp;
  if (contentType === "image/svg+xml") {
    // A drawing is rasterised at the density that gives the width asked for.
    const declared = (await sharp(input).metadata()).width ?? width;
    image = sharp(input, { ...DECODE, density: Math.max(1, (72 * width) / declared) }).resize({ width });
  } else {
    image = sharp(input, DECODE).resize({ width, withoutEnlargement: true });
  }
  const { data, info } = await encode(image, format).toBuffer({ resolveWithObject: true });
  return { width, height: info.height, format, bytes: data };
}

/** Every resized file of an image: each width in AVIF, WebP and the fallback format. */
export async function renderVariants(
  source: Uint8Array,
  contentType: string,
  widths: number[],
  fallback: VariantFormat,
): Promise<Variant[]> {
  const formats: VariantFormat[] = ["avif", "webp", fallback];
  const jobs = widths.flatMap((width) => formats.map((format) => () => renderVariant(source, contentType, width, format)));
  // Two at a time: libvips uses every core for each, and the machine serves shoppers meanwhile.
  const done: Variant[] = [];
  for (let i = 0; i < jobs.length; i += 2) done.push(...(await Promise.all(jobs.slice(i, i + 2).map((job) => job()))));
  return done;
}
