/**
 * The preview mode (decision 0029): the console's builder runs a form as visitors see it, but
 * nothing reaches the server or the visitor's storage; Submit checks everything and says so, and
 * the builder shows the page the owner picks by a `cwf:show-page` event on the form.
 */
import { showPage } from "./pages.ts";
import type { FormState } from "./state.ts";

/** What a preview's Submit says once every check passed. */
export const PREVIEW_NOTICE = "Preview: the form is checked but not sent.";
/** The event the console sends a preview form to show a page: `detail.page` (1-based). */
export const SHOW_PAGE_EVENT = "cwf:show-page";

export function clearPreviewNotice(state: FormState): void {
  state.form.querySelector(".cwf-preview-notice")?.remove();
}

/** The notice, below the submit button, in a status region read out when it appears. */
export function showPreviewNotice(state: FormState): void {
  clearPreviewNotice(state);
  const notice = document.createElement("p");
  notice.className = "cwf-preview-notice";
  notice.setAttribute("role", "status");
  notice.textContent = PREVIEW_NOTICE;
  const submit = state.form.querySelector(".cwf-submit");
  if (submit) submit.insertAdjacentElement("afterend", notice);
  else state.form.append(notice);
}

/** The page the owner picks in the builder shows at once: no checks, no scrolling, no focus taken. */
export function followOwnerPages(state: FormState): void {
  state.form.addEventListener(SHOW_PAGE_EVENT, (event) => {
    const page = Number((event as CustomEvent<{ page?: unknown }>).detail?.page);
    if (Number.isInteger(page)) showPage(state, page);
  });
}
