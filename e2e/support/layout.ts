/** Layout facts the journeys read in the page (strings: the journeys' TypeScript has no DOM types). */
import type { Page } from "@playwright/test";

/** How many lines each element's text takes, in document order: 1 each when no amount breaks over two lines. */
export const lineCounts = (page: Page, selector: string) =>
  page.evaluate<number[]>(`Array.from(document.querySelectorAll(${JSON.stringify(selector)}), (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getClientRects().length;
  })`);
