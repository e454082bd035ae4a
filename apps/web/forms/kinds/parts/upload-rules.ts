/**
 * The upload checks a visitor sees at once (spec §5.4), with the field's own messages: extension,
 * size per file, how many files, and the form's combined size (post_max_size, in MB).
 */
import type { CameraField, FileUploadField } from "@cartwright/commerce/forms";
import { FORM_MESSAGES, fileExtension, fill, megabytes } from "@cartwright/commerce/forms";

type FileRules = Pick<FileUploadField | CameraField, "extensions" | "maxFileBytes">;

/** Why one file is refused, or null when it fits the field. */
export function fileProblem(field: FileRules, file: { name: string; size: number }): string | null {
  if (!field.extensions.includes(fileExtension(file.name))) return FORM_MESSAGES.fileExtension;
  if (file.size > field.maxFileBytes) return fill(FORM_MESSAGES.fileSize, { 0: megabytes(field.maxFileBytes) });
  return null;
}

/** The combined size message while the entry's files are over the limit, else null. */
export function totalSizeProblem(totalBytes: number, maxBytes: number): string | null {
  if (!(maxBytes > 0) || totalBytes <= maxBytes) return null;
  return fill(FORM_MESSAGES.totalSize, { totalSize: megabytes(totalBytes), maxSize: megabytes(maxBytes) });
}

/**
 * The files kept after adding `added` to `current`: refused ones are left out with their reason; a
 * one-file field replaces its file; more than maxFiles keeps the first ones and says so.
 */
export function addFiles<F extends { name: string; size: number }>(
  field: FileRules & { maxFiles: number },
  current: readonly F[],
  added: readonly F[],
): { files: F[]; problems: string[] } {
  const problems: string[] = [];
  const fitting = added.filter((file) => {
    const problem = fileProblem(field, file);
    if (problem) problems.push(`${file.name}: ${problem}`);
    return problem === null;
  });
  let files = field.maxFiles === 1 ? fitting.slice(-1) : [...current, ...fitting];
  if (field.maxFiles === 1 && files.length === 0) files = [...current];
  if (files.length > field.maxFiles) {
    problems.push(fill(FORM_MESSAGES.fileCount, { 0: field.maxFiles }));
    files = files.slice(0, field.maxFiles);
  }
  return { files, problems };
}

/** A size as a visitor reads it: "850 KB", "1.4 MB". */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
