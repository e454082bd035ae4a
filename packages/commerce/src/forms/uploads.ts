/**
 * Which file types a form may accept (console reference A4: an extension allowlist). Web pages
 * and programs are never on it, whatever the owner asks. SVG is, for fields that list it (DEMO.md's
 * custom-tee design): entry files reach only the owner, as attachments under a sandbox policy,
 * never rendered from the shop's origin (decision 0024).
 */
export { fileExtension } from "../contact-widget/contact-form.ts";

/** Every extension a file or camera field may list (lower case, without the dot). */
export const ALLOWED_EXTENSIONS: readonly string[] = [
  "png",
  "jpg",
  "jpeg",
  "gif",
  "webp",
  "heic",
  "svg",
  "pdf",
  "txt",
  "csv",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "rtf",
  "zip",
  "mp3",
  "wav",
  "mp4",
  "mov",
];

/** Spec §5.4: what a file field accepts when the owner names nothing. */
export const DEFAULT_EXTENSIONS: readonly string[] = ["png", "jpg", "jpeg", "gif"];

/** Largest file one field may allow (50 MB), and most files one field may take. */
export const UPLOAD_BOUNDS = { maxFileBytes: 50 * 1024 * 1024, maxFiles: 20 } as const;

/** The file input's accept attribute for a field's extensions. */
export function acceptAttribute(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(",");
}
