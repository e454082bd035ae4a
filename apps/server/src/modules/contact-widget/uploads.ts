/**
 * The files of a contact message, checked by what they are and not only by their names (DESIGN.md
 * §8, decision 0023): the extension must be one of spec §5.3's and the content's magic bytes
 * (file-type) must belong to that extension's family. Programs, scripts and web pages are refused
 * whatever they are called; an SVG only as an .svg for a field that lists svg (a public form's; the
 * contact form never does). The type stored is the detected one, never the browser's.
 */
import { carriesActiveText } from "../media/index.ts";

/** At most this many files per message, each at most this size (the /ajax body limit stops larger ones first). */
export const MESSAGE_FILE_LIMITS = { perMessage: 3, bytes: 5 * 1024 * 1024 } as const;

const mb = MESSAGE_FILE_LIMITS.bytes / 1024 / 1024;

/** What a refused file is told, on its field. */
export const UPLOAD_MESSAGES = {
  empty: "This file is empty.",
  tooLarge: `Each file may be at most ${mb} MB.`,
  tooMany: `You can send at most ${MESSAGE_FILE_LIMITS.perMessage} files.`,
  program: "Programs and scripts cannot be sent.",
  markup: "Web pages and SVG images cannot be sent.",
  scriptedSvg: "SVG images that carry scripts, links to scripts or embedded pages cannot be sent.",
  hidden: "This image carries a web page or a script inside it and cannot be sent.",
  mismatch: (extension: string) => `This file is not really a .${extension} file: its content does not match its name.`,
} as const;

const IMAGE_JPEG = ["jpg"];
/** Image formats a browser shows inline: a polyglot among them (an image that is also a page or a script) is refused. */
const IMAGES = new Set(["jpg", "png", "apng", "gif", "webp", "heic"]);
const OLE = ["cfb"]; // Office 97–2003 documents are OLE compound files
const ISO_MEDIA = ["mp4", "m4v", "mov", "3gp", "3g2", "m4a", "f4v"];
const OGG = ["ogv", "ogg", "ogx", "oga", "opus"];
const OPEN_XML = ["docx", "xlsx", "pptx"];

/** Each allowed extension (spec §5.3) and the detected types its content may have. */
const FAMILIES: Record<string, readonly string[]> = {
  jpg: IMAGE_JPEG,
  jpeg: IMAGE_JPEG,
  png: ["png", "apng"],
  gif: ["gif"],
  pdf: ["pdf", "ai"],
  doc: OLE,
  xls: OLE,
  ppt: OLE,
  pps: OLE,
  // One Office Open XML document under another's name is still a document.
  docx: OPEN_XML,
  xlsx: OPEN_XML,
  pptx: OPEN_XML,
  ppsx: OPEN_XML,
  odt: ["odt"],
  mp3: ["mp3"],
  mp4: ISO_MEDIA,
  mov: ISO_MEDIA,
  "3gp": ISO_MEDIA,
  wav: ["wav"],
  mpg: ["mpg"],
  avi: ["avi"],
  wmv: ["asf", "wmv"],
  ogv: OGG,
  // Beyond spec §5.3, for the public forms' own allowlist (@cartwright/commerce/forms uploads.ts).
  webp: ["webp"],
  heic: ["heic"],
  ods: ["ods"],
  rtf: ["rtf"],
  zip: ["zip"],
};

/** Text formats with no magic bytes: accepted when the bytes are UTF-8 text that no browser would run. */
const PLAIN_TEXT: Record<string, string> = { txt: "text/plain", csv: "text/csv" };

/** An SVG document (after any BOM, XML declaration, comments and doctype), for fields that list svg. */
const SVG_DOCUMENT = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** What lets an SVG run code or pull a page in: such an SVG is refused even where svg is allowed. */
const SVG_ACTIVE_CONTENT = /<script|<foreignObject|<iframe|<embed|<object|\son[a-z]+\s*=|(?:java|vb)script\s*:|data\s*:\s*text\/html/i;

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** Detected types that run as code somewhere: named as such in the refusal. */
const PROGRAMS = new Set(["exe", "elf", "macho", "msi", "dmg", "deb", "rpm", "apk", "class", "wasm", "swf", "lnk", "jar", "dex", "cab"]);

export interface AcceptedFile {
  /** The lower-case extension of the visitor's file name (one of spec §5.3's). */
  extension: string;
  /** The detected media type, stored and served instead of what the browser claimed. */
  contentType: string;
}

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
};

/** Text that browsers would render or run: a script's "#!", or markup (HTML, XML, SVG) after any BOM and blanks. */
function looksLike(data: Buffer): "program" | "markup" | null {
  const head = data
    .subarray(0, 512)
    .toString("latin1")
    .replace(/^\xef\xbb\xbf/, "");
  if (head.startsWith("#!") || head.startsWith("MZ")) return "program";
  if (/^\s*</.test(head)) return "markup";
  return null;
}

/**
 * The file's type when its content belongs to its extension's family, or why it is refused. The
 * extension itself is checked by the form's rules (checkContactForm) before this is asked.
 */
export async function checkFileContent(fileName: string, data: Buffer): Promise<AcceptedFile | { error: string }> {
  if (data.length === 0) return { error: UPLOAD_MESSAGES.empty };
  if (data.length > MESSAGE_FILE_LIMITS.bytes) return { error: UPLOAD_MESSAGES.tooLarge };
  const extension = fileExtension(fileName);
  // file-type is imported with the first upload, not at start (decision 0050).
  const detected = await (await import("file-type")).fileTypeFromBuffer(data);
  if (detected && PROGRAMS.has(detected.ext)) return { error: UPLOAD_MESSAGES.program };
  if (detected && (FAMILIES[extension] ?? []).includes(detected.ext)) {
    // The media library's rule (decision 0045): markup hidden in an image's metadata or after its end.
    if (IMAGES.has(detected.ext) && carriesActiveText(data)) return { error: UPLOAD_MESSAGES.hidden };
    return { extension, contentType: detected.mime };
  }
  // Reached only for a field that lists svg (a form's, never the contact form's: spec §5.3 has none).
  if (extension === "svg" && isUtf8Text(data)) {
    const text = data.toString("utf8").replace(/^\uFEFF/, "");
    if (!SVG_DOCUMENT.test(text.slice(0, 4096))) return { error: UPLOAD_MESSAGES.mismatch(extension) };
    if (SVG_ACTIVE_CONTENT.test(text)) return { error: UPLOAD_MESSAGES.scriptedSvg };
    return { extension, contentType: "image/svg+xml" };
  }
  const text = PLAIN_TEXT[extension];
  if (text && !detected && !looksLike(data) && isUtf8Text(data)) return { extension, contentType: text };
  const kind = detected && detected.ext !== "xml" && detected.ext !== "html" ? null : looksLike(data);
  if (kind) return { error: UPLOAD_MESSAGES[kind] };
  return { error: UPLOAD_MESSAGES.mismatch(extension) };
}
