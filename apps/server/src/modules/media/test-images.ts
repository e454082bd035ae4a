/** Real images made for the media tests (nothing is read from disk): photographs with metadata, an oversized PNG header. */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A picture whose left half is red and right half blue, `width` by `height`. */
export async function halves(width: number, height: number) {
  const left = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#0000ff" } }).composite([{ input: left, left: 0, top: 0 }]);
}

/** A JPEG carrying a camera's metadata: orientation, the owner's name, a GPS position, XMP. */
export async function cameraJpeg(width = 200, height = 100, orientation = 6): Promise<Buffer> {
  const picture = await (await halves(width, height)).png().toBuffer();
  return sharp(picture)
    .withExif({
      IFD0: { Copyright: "Secret Owner Name", Artist: "Secret Owner Name" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2640/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
    })
    .withMetadata({ orientation })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>Secret XMP</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .jpeg({ quality: 90 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim a `side` by `side` greyscale picture: decoding it would take side² bytes. */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc((side + 1) * 4)); // the first rows only: the header is what matters
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const solid = (format: "png" | "gif" | "webp" | "avif" | "jpeg", width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .toFormat(format)
    .toBuffer();
