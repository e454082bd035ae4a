/**
 * node bench/media.ts: product images (decision 0045) on SQLite. Times the owner's upload of a
 * 12-megapixel JPEG through the owner API (content check, cleaning, the nine resized files, the
 * transaction), and counts the bytes a phone (390 CSS pixels wide at 1×, 2× and 3×) downloads for a
 * product page's main image: before this change the page's <img> took the stored file whole; now
 * the browser takes the smallest srcset file at least as wide as its slot, as AVIF. Never part of npm test.
 */
import sharp from "sharp";
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest, openDatabase } from "../apps/server/src/db/index.ts";
import { ensureOwner } from "../apps/server/src/modules/customers/index.ts";
import { seedDemoShop } from "../apps/server/src/seed/index.ts";
import { StoreClient } from "../test/store-client.ts";

const RUNS = Number(process.argv[2] ?? 3);
const db = openDatabase({ dialect: "sqlite", file: ":memory:" });
await migrateToLatest(db);
await seedDemoShop(db);
await ensureOwner(db, "owner@example.com", "owner-password-2026");
const app = await buildApp({
  config: { logLevel: "silent", production: false, secret: "bench-secret-bench-secret-bench-secret!", rateLimit: false },
  db,
  logger: false,
  web: false,
});
const owner = new StoreClient(app, "browser");
await owner.get("/cart");
await owner.post("/account/sign-in", { email: "owner@example.com", password: "owner-password-2026" });

/** A 4000×3000 picture with smooth gradients and fine detail, as a camera's JPEG at quality 90, taken sideways (EXIF 6). */
async function cameraPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width) ^ (y & 15);
      raw[i + 1] = (y * 255) / height + ((x * y) % 5);
      raw[i + 2] = 128 + 60 * Math.sin(x / 90) * Math.cos(y / 70);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function multipart(filename: string, bytes: Buffer) {
  const boundary = "----cwbench";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const photo = await cameraPhoto();
const nonce = String((await owner.request("GET", "/api/admin/v1/media")).headers.nonce);
const cookie = owner.credentials().cookie ?? "";
const times: number[] = [];
let mediaId = 0;
for (let run = 0; run < RUNS; run++) {
  const body = multipart(`camera-${run}.jpg`, photo);
  const started = performance.now();
  const reply = await app.inject({
    method: "POST",
    url: "/api/admin/v1/media",
    headers: { cookie, nonce, "content-type": body.type },
    payload: body.payload,
  });
  times.push(performance.now() - started);
  if (reply.statusCode !== 201) throw new Error(reply.body);
  mediaId = reply.json().id;
}
const stored = await db
  .selectFrom("media_variants")
  .select((eb) => [eb.fn.sum<number>(eb.fn("length", ["bytes"])).as("bytes"), eb.fn.countAll<number>().as("files")])
  .where("media_id", "=", mediaId)
  .executeTakeFirstOrThrow();
const kept = await db
  .selectFrom("media")
  .select((eb) => eb.fn<number>("length", ["bytes"]).as("bytes"))
  .where("id", "=", mediaId)
  .executeTakeFirstOrThrow();
console.log(
  `kept per upload: the clean image ${(Number(kept.bytes) / 1024).toFixed(0)} KB, ${stored.files} resized files ${(Number(stored.bytes) / 1024).toFixed(0)} KB`,
);
times.sort((a, b) => a - b);
console.log(
  `upload of a 12 MP JPEG (${(photo.length / 1024 / 1024).toFixed(2)} MB): median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms over ${RUNS} (${times.map((t) => t.toFixed(0)).join(", ")})`,
);

const beanie = (await app.inject("/api/store/v1/products/beanie")).json();
const patched = await owner.request("PATCH", `/api/admin/v1/products/${beanie.id}`, { images: [{ id: mediaId }] });
if (patched.statusCode !== 200) throw new Error(patched.body);

/** The file a browser takes for a slot `cssWidth` wide at `dpr`: the smallest candidate at least that wide, else the largest. */
function pick(srcset: string, pixels: number): string {
  const candidates = srcset.split(", ").map((entry) => {
    const [url, width] = entry.split(" ");
    return { url: url as string, width: Number.parseInt(width ?? "0", 10) };
  });
  return (candidates.find((c) => c.width >= pixels) ?? candidates[candidates.length - 1])?.url ?? "";
}

async function bytesOf(url: string, accept: string) {
  const reply = await app.inject({ url, headers: { accept } });
  return { bytes: reply.rawPayload.length, type: String(reply.headers["content-type"]) };
}

const CHROME = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
for (const [label, image, before] of [
  ["demo product (hoodie, the demo's SVG)", (await app.inject("/api/store/v1/products/hoodie")).json().images[0], null],
  ["uploaded 12 MP photograph", (await app.inject("/api/store/v1/products/beanie")).json().images[0], photo.length],
] as const) {
  const original = await bytesOf(`/media/${image.id}/${image.name}`, CHROME);
  const was = before ?? original.bytes;
  for (const dpr of [1, 2, 3]) {
    const file = pick(image.srcset, 390 * dpr);
    const now = await bytesOf(file, CHROME);
    console.log(
      `${label}, main image at 390 px × ${dpr}: before ${(was / 1024).toFixed(1)} KB (the stored file whole), after ${(now.bytes / 1024).toFixed(1)} KB (${file.replace(/^.*-(\d+w)-.*$/, "$1")}, ${now.type})`,
    );
  }
}
await app.close();
await db.destroy();
