/**
 * A multi-page form's pages as the browser's history, on the shop's own form page only (decision 0172): each page the
 * form moves to is an entry (the page and its depth in the entry's state, the address unchanged), so Back and Forward
 * move between pages with every answer still in the form, focus and scrolling as Next and Previous give them. The
 * one-tag embed never calls this: a host page's history is the host's.
 */
import { shownPageAt } from "@cartwright/commerce/forms";
import { goToPage, PAGE_EVENT } from "./pages.ts";
import { currentValues, type FormState } from "./state.ts";

/** The form's part of an entry's state. */
const STATE_KEY = "cartwrightFormPage";

interface PageEntry {
  /** `{form id}-{copy}`: the form the entry is of. */
  form: string;
  page: number;
  /** How many of the form's entries lie behind this one. */
  depth: number;
}

function entryOf(historyState: unknown, form: string): PageEntry | null {
  const entry = (historyState as Record<string, PageEntry | undefined> | null)?.[STATE_KEY];
  return entry?.form === form && Number.isInteger(entry.page) && Number.isInteger(entry.depth) ? entry : null;
}

/** The current entry's state with the form's part set: whatever else the page keeps there stays. */
function stateWith(entry: PageEntry): Record<string, unknown> {
  const current: unknown = history.state;
  return { ...(typeof current === "object" && current !== null ? current : {}), [STATE_KEY]: entry };
}

/**
 * Opens the page the current entry names when the visitor's answers were put back with the page (this browser's
 * draft or a resume link; a reload, or a return to an entry of an earlier load), else page 1; from then on the
 * form's pages and the browser's history move together.
 */
export function keepPagesInHistory(state: FormState, answersKept: boolean): void {
  const form = `${state.formId}-${state.copy}`;
  const kept = entryOf(history.state, form);
  if (kept && answersKept) state.page = shownPageAt(state.definition, currentValues(state), kept.page);
  let at = kept?.depth ?? 0;
  // The pages of the entries this page load wrote, by depth: only those are gone back to in place.
  const written: number[] = [];
  written[at] = state.page;
  let ownBacks = 0;
  let traversing = false;
  history.replaceState(stateWith({ form, page: state.page, depth: at }), "");
  // A page change scrolls to the form's top itself; the browser's own restoring would pull the other way.
  history.scrollRestoration = "manual";

  state.form.addEventListener(PAGE_EVENT, () => {
    if (traversing) return;
    // Previous, or a jump to an error, onto the entry behind's page goes back to that entry: Back then leaves it.
    if (written[at - 1] === state.page) {
      at -= 1;
      ownBacks += 1;
      history.back();
      return;
    }
    at += 1;
    written.length = at;
    written[at] = state.page;
    history.pushState(stateWith({ form, page: state.page, depth: at }), "");
  });

  window.addEventListener("popstate", (event) => {
    // The form's own history.back() lands on the page it already shows.
    if (ownBacks > 0) {
      ownBacks -= 1;
      return;
    }
    const entry = entryOf(event.state, form);
    if (!entry) return;
    const back = entry.depth < at;
    at = entry.depth;
    if (!state.form.isConnected) {
      // Sent, the thanks in its place: Back steps over the sent form's entries to the page before it; nothing is sent again.
      if (back) history.go(-(entry.depth + 1));
      return;
    }
    traversing = true;
    goToPage(state, shownPageAt(state.definition, currentValues(state), entry.page));
    traversing = false;
  });
}
