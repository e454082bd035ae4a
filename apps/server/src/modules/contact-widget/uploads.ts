/**
 * The files of a contact message, checked by what they are and not only by their names (DESIGN.md
 * §8, decision 0023): the extension must be one of spec §5.3's and the content's magic bytes
 * (file-type) must belong to that extension's family. Programs, scripts, web pages and SVG images
 * are refused whatever they are called; the type stored is the detected one, never the browser's.
 */
import { fileTypeFromBuffer } from "file-type";

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
  mismatch: (extension: string) => `This file is not really a .${extension} file: its content does not match its name.`,
} as const;

const IMAGE_JPEG = ["jpg"];
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
};

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
  const detected = await fileTypeFromBuffer(data);
  if (detected && PROGRAMS.has(detected.ext)) return { error: UPLOAD_MESSAGES.program };
  if (detected && (FAMILIES[extension] ?? []).includes(detected.ext)) return { extension, contentType: detected.mime };
  const kind = detected && detected.ext !== "xml" && detected.ext !== "html" ? null : looksLike(data);
  if (kind) return { error: UPLOAD_MESSAGES[kind] };
  return { error: UPLOAD_MESSAGES.mismatch(extension) };
}
