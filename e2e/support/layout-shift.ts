/**
 * Layout shifts in a journey (decision 0180): the shifts Chromium reports (the Web Vitals' cumulative layout shift, a
 * score: the share of the window that moved times how far, as a share of the window), read by a PerformanceObserver the
 * page gets before its own scripts, and where the page's frame (the console's header and menu, the shop's header)
 * stood in the first frame drawn. The in-page code is a string: the journeys' TypeScript has no DOM types.
 */
import type { Page } from "@playwright/test";

/** Web Vitals' "good": a page whose shifts add up to more than this moves under its reader. */
export const GOOD_LAYOUT_SHIFT = 0.1;

/** The console's frame: its header's links and buttons and its menu's links. */
export const CONSOLE_FRAME = ".admin-header a, .admin-header button, #admin-nav a";
/** The shop's frame: its header's links and buttons. */
export const SHOP_FRAME = ".site-header a, .site-header button";

const watch = (frame: string) => `(() => {
  const describe = (element) => {
    if (!element || element.nodeType !== 1) return element ? "text in " + describe(element.parentElement) : "a removed element";
    const classes = typeof element.className === "string" && element.className ? "." + element.className.trim().split(/\\s+/)[0] : "";
    const id = element.id ? "#" + element.id : "";
    return element.localName + id + classes + " “" + (element.textContent ?? "").replace(/\\s+/g, " ").trim().slice(0, 30) + "”";
  };
  const shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((source) => describe(source.node)) });
  }).observe({ type: "layout-shift", buffered: true });
  // Where an element stands in the page (not the window: scrolling moves nothing).
  const place = (element) => {
    const box = element.getBoundingClientRect();
    return [box.x + scrollX, box.y + scrollY, box.width, box.height].map(Math.round).join(",");
  };
  const drawn = () => [...document.querySelectorAll(${JSON.stringify(frame)})].filter((element) => element.getClientRects().length > 0);
  // The first frame draws nothing before the page's stylesheets are in: read it then.
  const styled = () => [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet);
  let first = null;
  const look = () => {
    // Parsed up to the main area: the frame before it is whole.
    const found = document.querySelector("main") ? drawn() : [];
    if (found.length && styled()) first = found.map((element) => ({ element, at: place(element) }));
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  window.cwLayout = {
    score: () => shifts.reduce((sum, shift) => sum + shift.value, 0),
    shifts: () => shifts.map((shift) => shift.value.toFixed(4) + ": " + shift.moved.join(", ")),
    moved: () =>
      first === null
        ? ["nothing of the frame drawn"]
        : first
            .filter(({ element, at }) => !element.isConnected || place(element) !== at)
            .map(({ element, at }) => describe(element) + (element.isConnected ? " " + at + " → " + place(element) : " drawn again")),
  };
})()`;

/** From the page's next load on, every page it opens is watched. */
export async function watchLayout(page: Page, frame: string): Promise<void> {
  await page.addInitScript({ content: watch(frame) });
}

export interface LayoutReading {
  /** The shifts' sum, none of them after the reader's own input. */
  score: number;
  /** Each shift: "<value>: <what moved>". */
  shifts: string[];
  /** Each element of the frame that stands elsewhere than in the first frame: "<element> <x,y,w,h> → <x,y,w,h>". */
  moved: string[];
}

/** What the page's shifts add up to so far, and which of its frame's elements moved since the first frame. */
export const layoutSoFar = (page: Page) =>
  page.evaluate<LayoutReading>("({ score: cwLayout.score(), shifts: cwLayout.shifts(), moved: cwLayout.moved() })");
