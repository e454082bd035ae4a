/**
 * Loading a lazy chunk again after it failed (a network blip): Chromium keeps a failed dynamic import's error for
 * the page's life, so importing the same address again fails at once without a request. The address the browser
 * names in its error (Chromium and Firefox do) is imported afresh under a query of its own; a browser that names
 * none is asked for the same import again.
 */

/** A lazy import that remembers its last failure, so the next call asks for the chunk afresh. */
export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let failure: unknown;
  let retries = 0;
  return () => {
    const url = failure === undefined ? undefined : failedChunkUrl(failure, import.meta.url);
    const attempt = url ? (import(/* @vite-ignore */ `${url}?retry=${++retries}`) as Promise<T>) : load();
    return attempt.then(
      (module) => {
        failure = undefined;
        return module;
      },
      (error: unknown) => {
        failure = error;
        throw error;
      },
    );
  };
}

/** The script a failed dynamic import's error names, when it is one of ours: beside `base` (a chunk's own address). */
export function failedChunkUrl(error: unknown, base: string): string | undefined {
  const message = error instanceof Error ? error.message : "";
  const named = /\bhttps?:\/\/[^\s"'?#]+\.js\b/.exec(message)?.[0];
  if (!named) return undefined;
  const folder = new URL(".", base).href;
  return named.startsWith(folder) ? named : undefined;
}
