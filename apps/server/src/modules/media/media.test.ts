/**
 * Checking, cleaning and resizing uploads (decision 0045), on real images made here: orientation
 * applied, nothing upscaled, metadata gone, refused files named with their reason; and the pure
 * parts (widths, names, Accept negotiation, the Store API image).
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImageBytes, cleanFilename, MEDIA_MESSAGES } from "./checks.ts";
import { cleanUpload, ImageRefused, renderVariant, renderVariants } from "./resize.ts";
import { negotiateFormat, storeImage, variantName, variantWidthOf, variantWidths } from "./sizes.ts";
import { cameraJpeg, halves, pngBomb, solid } from "./test-images.ts";

/** The colour of one pixel, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

const isRed = ([r, g, b]: number[]) => (r ?? 0) > 200 && (g ?? 0) < 60 && (b ?? 0) < 60;
const isBlue = ([r, g, b]: number[]) => (r ?? 0) < 60 && (g ?? 0) < 60 && (b ?? 0) > 200;

describe("cleaning an upload", () => {
  it("turns a photograph upright by its EXIF orientation and strips every piece of metadata", async () => {
    // Stored 200×100 (red left, blue right) with orientation 6: a camera held upright, to be turned a quarter clockwise.
    const upload = await cameraJpeg(200, 100, 6);
    expect((await sharp(upload).metadata()).exif?.includes(Buffer.from("Secret Owner Name"))).toBe(true);
    const clean = await cleanUpload(upload, "image/jpeg");
    expect(clean).toMatchObject({ format: "jpeg", width: 100, height: 200 });
    expect(isRed(await pixel(clean.bytes, 50, 20))).toBe(true);
    expect(isBlue(await pixel(clean.bytes, 50, 180))).toBe(true);
    const meta = await sharp(clean.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(clean.bytes.includes(Buffer.from("Secret"))).toBe(false);
    expect(clean.bytes.includes(Buffer.from("GPS"))).toBe(false);
  });

  it("never upscales: a small picture keeps its size, and its widths stop at its own", async () => {
    const small = await (await halves(250, 120)).png().toBuffer();
    const clean = await cleanUpload(small, "image/png");
    expect(clean).toMatchObject({ format: "png", width: 250, height: 120 });
    const widths = variantWidths({ width: clean.width, content_type: "image/png" });
    expect(widths).toEqual([250]);
    const made = await renderVariants(clean.bytes, "image/png", widths, "png");
    expect(made.map((v) => [v.format, v.width])).toEqual([
      ["avif", 250],
      ["webp", 250],
      ["png", 250],
    ]);
    for (const variant of made) expect((await sharp(variant.bytes).metadata()).width).toBe(250);
    // Asked for more than the picture has, the file stays at the picture's size.
    const asked = await renderVariant(clean.bytes, "image/png", 600, "webp");
    expect((await sharp(asked.bytes).metadata()).width).toBe(250);
  });

  it("makes each width in AVIF, WebP and the fallback, the right type, a large picture kept at 2400 pixels", async () => {
    const large = await (await halves(3000, 1500)).jpeg().toBuffer();
    const clean = await cleanUpload(large, "image/jpeg");
    expect(clean).toMatchObject({ width: 2400, height: 1200 });
    const made = await renderVariants(clean.bytes, "image/jpeg", variantWidths({ width: 2400, content_type: "image/jpeg" }), "jpeg");
    expect(made.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual([
      "avif:300x150",
      "webp:300x150",
      "jpeg:300x150",
      "avif:600x300",
      "webp:600x300",
      "jpeg:600x300",
      "avif:1200x600",
      "webp:1200x600",
      "jpeg:1200x600",
    ]);
    for (const variant of made) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format === "heif" ? "avif" : meta.format).toBe(variant.format);
      expect(meta.width).toBe(variant.width);
    }
  });

  it("keeps a GIF's first frame as a PNG", async () => {
    const gif = await solid("gif", 40, 30);
    const clean = await cleanUpload(gif, "image/gif");
    expect(clean).toMatchObject({ format: "png", width: 40, height: 30 });
    expect((await sharp(clean.bytes).metadata()).format).toBe("png");
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    const bomb = pngBomb(30_000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await checkImageBytes(bomb)).toEqual({ contentType: "image/png", extension: "png" });
    const refused = await cleanUpload(bomb, "image/png").catch((error) => error);
    expect(refused).toBeInstanceOf(ImageRefused);
    expect(refused.message).toBe(MEDIA_MESSAGES.tooManyPixels);
  });

  it("refuses an image cut short", async () => {
    const whole = await (await halves(400, 300)).jpeg().toBuffer();
    const refused = await cleanUpload(whole.subarray(0, whole.length / 2), "image/jpeg").catch((error) => error);
    expect(refused).toBeInstanceOf(ImageRefused);
    expect(refused.message).toBe(MEDIA_MESSAGES.unreadable);
  });
});

describe("checking an upload's bytes", () => {
  it("accepts real JPEG, PNG, WebP, AVIF and GIF by their content", async () => {
    for (const [format, type] of [
      ["jpeg", "image/jpeg"],
      ["png", "image/png"],
      ["webp", "image/webp"],
      ["avif", "image/avif"],
      ["gif", "image/gif"],
    ] as const) {
      expect(await checkImageBytes(await solid(format)), format).toMatchObject({ contentType: type });
    }
  });

  it("refuses SVG, programs, other files, empty and oversized files, each with its reason", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>');
    expect(await checkImageBytes(svg)).toEqual({ error: MEDIA_MESSAGES.svg });
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);
    expect(await checkImageBytes(exe)).toEqual({ error: MEDIA_MESSAGES.program });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
    expect(await checkImageBytes(elf)).toEqual({ error: MEDIA_MESSAGES.program });
    expect(await checkImageBytes(Buffer.from("#!/bin/sh\nrm -rf /\n"))).toEqual({ error: MEDIA_MESSAGES.program });
    expect(await checkImageBytes(Buffer.from("%PDF-1.7\n1 0 obj\n"))).toEqual({ error: MEDIA_MESSAGES.notImage });
    expect(await checkImageBytes(Buffer.from("just some words"))).toEqual({ error: MEDIA_MESSAGES.notImage });
    expect(await checkImageBytes(Buffer.alloc(0))).toEqual({ error: MEDIA_MESSAGES.empty });
    expect(await checkImageBytes(Buffer.alloc(21 * 1024 * 1024))).toEqual({ error: MEDIA_MESSAGES.tooLarge });
  });

  it("refuses polyglots: an image carrying a page, a script, an archive or a PDF", async () => {
    const jpeg = await solid("jpeg");
    const png = await solid("png");
    const zipEnd = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    for (const [name, bytes] of [
      ["page after a JPEG", Buffer.concat([jpeg, Buffer.from("<html><body><script>alert(1)</script></body></html>")])],
      ["script in a PNG comment", Buffer.concat([png.subarray(0, 33), Buffer.from("<SCRIPT src=//x.example></SCRIPT>"), png.subarray(33)])],
      ["PHP after a GIF", Buffer.concat([await solid("gif"), Buffer.from("<?php system($_GET['c']); ?>")])],
      ["archive after a JPEG (a GIFAR-style jar)", Buffer.concat([jpeg, Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40), zipEnd])],
      ["PDF inside a JPEG's first kilobyte", Buffer.concat([jpeg.subarray(0, 20), Buffer.from("%PDF-1.4"), jpeg.subarray(20)])],
    ] as const) {
      expect(await checkImageBytes(bytes), name).toEqual({ error: MEDIA_MESSAGES.hidden });
    }
  });

  it("names stored files plainly, with the extension of the type found", () => {
    expect(cleanFilename("Blue Mug (1).JPG", "jpg")).toBe("blue-mug-1.jpg");
    expect(cleanFilename("Café crème.png.exe", "png")).toBe("cafe-creme-png.png");
    expect(cleanFilename("../../etc/passwd", "webp")).toBe("passwd.webp");
    expect(cleanFilename("###", "gif")).toBe("image.gif");
  });
});

describe("resized files' widths, names and formats", () => {
  const media = { id: 7, filename: "mug.jpg", content_type: "image/jpeg", alt: "A mug", width: 800, height: 600, hash: "0123456789" };

  it("gives each standard width below the image's own, then its own; a drawing every width", () => {
    expect(variantWidths({ width: 4000, content_type: "image/jpeg" })).toEqual([300, 600, 1200]);
    expect(variantWidths({ width: 1200, content_type: "image/jpeg" })).toEqual([300, 600, 1200]);
    expect(variantWidths({ width: 800, content_type: "image/png" })).toEqual([300, 600, 800]);
    expect(variantWidths({ width: 120, content_type: "image/png" })).toEqual([120]);
    expect(variantWidths({ width: null, content_type: "image/png" })).toEqual([]);
    expect(variantWidths({ width: 600, content_type: "image/svg+xml" })).toEqual([300, 600, 1200]);
  });

  it("names a file by image, width and content hash, and reads only its own names back", () => {
    expect(variantName(media, 600)).toBe("mug-600w-0123456789");
    expect(variantWidthOf(media, "mug-600w-0123456789")).toBe(600);
    expect(variantWidthOf(media, "mug-800w-0123456789")).toBe(800);
    expect(variantWidthOf(media, "mug-1200w-0123456789")).toBeNull(); // wider than the image
    expect(variantWidthOf(media, "mug-600w-9999999999")).toBeNull(); // an older picture's
    expect(variantWidthOf(media, "cup-600w-0123456789")).toBeNull();
  });

  it("answers AVIF, else WebP, else the fallback, by the Accept header", () => {
    const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    expect(negotiateFormat(chrome, "jpeg")).toBe("avif");
    expect(negotiateFormat("image/webp,*/*", "jpeg")).toBe("webp");
    expect(negotiateFormat("image/avif;q=0, image/webp", "png")).toBe("webp");
    expect(negotiateFormat("*/*", "png")).toBe("png");
    expect(negotiateFormat(undefined, "jpeg")).toBe("jpeg");
  });

  it("shapes the Store API image: the largest file as src, the smallest as thumbnail, every width in srcset", () => {
    expect(storeImage(media)).toEqual({
      id: 7,
      src: "/media/7/mug-800w-0123456789",
      thumbnail: "/media/7/mug-300w-0123456789",
      srcset: "/media/7/mug-300w-0123456789 300w, /media/7/mug-600w-0123456789 600w, /media/7/mug-800w-0123456789 800w",
      sizes: "(max-width: 600px) 100vw, 600px",
      name: "mug.jpg",
      alt: "A mug",
    });
    expect(storeImage({ ...media, hash: "", width: null })).toMatchObject({ src: "/media/7/mug.jpg", srcset: "" });
  });
});
