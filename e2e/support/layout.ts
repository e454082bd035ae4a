/** Layout facts the journeys read in the page (strings: the journeys' TypeScript has no DOM types). */
import type { Locator, Page } from "@playwright/test";

/** How many lines each element's text takes, in document order: 1 each when no amount breaks over two lines. */
export const lineCounts = (page: Page, selector: string) =>
  page.evaluate<number[]>(`Array.from(document.querySelectorAll(${JSON.stringify(selector)}), (element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getClientRects().length;
  })`);

/**
 * Whether the console's toast, once still, covers any of the element (the toast slides in: its box is read after
 * the slide ends). An error toast stays until dismissed, so it must leave the page's controls reachable.
 */
export async function coveredByToast(page: Page, element: Locator): Promise<boolean> {
  const toast = page.locator(".admin-toast");
  await toast.evaluate("(toast) => Promise.all(toast.getAnimations().map((slide) => slide.finished))");
  const [a, b] = await Promise.all([element.boundingBox(), toast.boundingBox()]);
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The same at the page's end, scrolled to afresh at each reading: the room the console keeps for the toast grows a
 * moment after its words wrap anew (a narrower window), so a journey polls this until it holds.
 */
export async function coveredByToastAtPageEnd(page: Page, element: Locator): Promise<boolean> {
  await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
  return coveredByToast(page, element);
}
