/**
 * The resized files of an image (decision 0045): which widths it has, their names and addresses,
 * the format a request is answered in, and the Store API image shape built from them. Pure.
 */
import type { StoreImage } from "@cartwright/commerce";

/** The widths made of every image, never wider than the image itself (nothing is upscaled). */
export const VARIANT_WIDTHS = [300, 600, 1200] as const;

export type VariantFormat = "avif" | "webp" | "jpeg" | "png";

export const FORMAT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** What the shaping and serving need of a media row. */
export interface MediaFacts {
  id: number;
  filename: string;
  content_type: string;
  alt: string;
  width: number | null;
  height: number | null;
  hash: string;
}

/** The default `sizes`: a picture at most 600 CSS pixels wide, the whole width of a phone. */
export const DEFAULT_SIZES = "(max-width: 600px) 100vw, 600px";

const isScalable = (contentType: string) => contentType === "image/svg+xml";

/**
 * The widths an image's files come in: each standard width below its own, and its own width when it
 * is narrower than the largest; a drawing (SVG) scales, so it gets every standard width.
 */
export function variantWidths(media: Pick<MediaFacts, "width" | "content_type">): number[] {
  if (isScalable(media.content_type)) return [...VARIANT_WIDTHS];
  const own = media.width;
  if (!own || own < 1) return [];
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] as number;
  const below = VARIANT_WIDTHS.filter((w) => w < own);
  return own <= largest ? [...below, own] : [...VARIANT_WIDTHS];
}

/** The format for browsers that take neither AVIF nor WebP: JPEG for photographs sent as JPEG, PNG for the rest. */
export const fallbackFormat = (contentType: string): VariantFormat => (contentType === "image/jpeg" ? "jpeg" : "png");

/** The file name without its extension, as the variants' names start. */
export const stemOf = (filename: string) => filename.replace(/\.[^.]*$/, "") || "image";

/** A resized file's name: the image's name, the width and the content hash (a new picture gets a new name). */
export const variantName = (media: Pick<MediaFacts, "filename" | "hash">, width: number) =>
  `${stemOf(media.filename)}-${width}w-${media.hash}`;

/** The width a requested name stands for, when it is one of the image's variant names. */
export function variantWidthOf(media: MediaFacts, name: string): number | null {
  const match = /^(.+)-(\d{1,5})w-([0-9a-f]{10})$/.exec(name);
  if (!match || match[1] !== stemOf(media.filename) || match[3] !== media.hash) return null;
  const width = Number(match[2]);
  return variantWidths(media).includes(width) ? width : null;
}

export const mediaLink = (id: number, filename: string) => `/media/${id}/${encodeURIComponent(filename)}`;
export const variantLink = (media: MediaFacts, width: number) => `/media/${media.id}/${encodeURIComponent(variantName(media, width))}`;

/**
 * The format a request gets (decision 0045: one address per width, the format chosen by the
 * request's Accept header, answered with `Vary: Accept`): AVIF, else WebP, else the fallback.
 */
export function negotiateFormat(accept: string | undefined, fallback: VariantFormat): VariantFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (type && !(q && Number(q.slice(2)) === 0)) accepted.add(type);
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return fallback;
}

/**
 * The Store API image (spec: id, src, thumbnail, srcset, sizes, name, alt): `src` the largest file
 * (at most 1200 pixels wide), `thumbnail` the smallest, `srcset` every width so a phone takes the
 * small one. An image whose size is unknown is sent as it is stored.
 */
export function storeImage(media: MediaFacts): StoreImage {
  const widths = media.hash ? variantWidths(media) : [];
  const original = mediaLink(media.id, media.filename);
  if (!widths.length)
    return { id: media.id, src: original, thumbnail: original, srcset: "", sizes: "", name: media.filename, alt: media.alt };
  const links = widths.map((w) => ({ w, src: variantLink(media, w) }));
  return {
    id: media.id,
    src: links[links.length - 1]?.src ?? original,
    thumbnail: links[0]?.src ?? original,
    srcset: links.map((l) => `${l.src} ${l.w}w`).join(", "),
    sizes: DEFAULT_SIZES,
    name: media.filename,
    alt: media.alt,
  };
}
