/** The forms' runtime (decision 0027): mounts every scripted form on the page. */
export function boot(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>("form.cwf[data-scripted]")) form.dataset.mounted = "";
}
boot();
