/**
 * WCAG 2.4.11 (focus not obscured) in a journey: nothing fixed or sticky on a page (the contact widget, the console's
 * toast, a sticky head) may cover the element the keyboard is on, nor the page's last controls once it is scrolled to
 * its end, where no scrolling can move them clear. Each finding reads "<the control> under <what covers it>".
 * The in-page code is a string: the journeys' TypeScript has no DOM types.
 */
import type { Page } from "@playwright/test";

/** Installs `window.cwCovers(element, foot)`, `cwDescribe`, `cwFocusWalk()` and `cwFocusStep()` in the page (again after each navigation). */
const INSTALL = `(() => {
  if (window.cwCovers) return;
  const describe = (element) => {
    const label = element.getAttribute("aria-label") ?? element.labels?.[0]?.textContent ?? element.textContent ?? "";
    const classes = typeof element.className === "string" && element.className ? "." + element.className.trim().split(/\\s+/)[0] : "";
    const id = element.id ? "#" + element.id : "";
    return element.localName + id + classes + " “" + label.replace(/\\s+/g, " ").trim().slice(0, 40) + "”";
  };
  // Every element of the page and of its open shadow roots (the contact widget draws in one).
  const everything = (root, out) => {
    for (const element of root.querySelectorAll("*")) {
      out.push(element);
      if (element.shadowRoot) everything(element.shadowRoot, out);
    }
    return out;
  };
  // An element and what holds it, across shadow roots: what moves with it cannot cover it.
  const holders = (element) => {
    const chain = new Set();
    for (let node = element; node; node = node.parentNode ?? node.host) chain.add(node);
    return chain;
  };
  // The part of a box inside the window, or null.
  const shown = (box) => {
    const left = Math.max(box.left, 0), top = Math.max(box.top, 0);
    const right = Math.min(box.right, innerWidth), bottom = Math.min(box.bottom, innerHeight);
    return right - left > 1 && bottom - top > 1 ? { left, top, right, bottom } : null;
  };
  // What covers the element; with "foot", only what stands in the window's lower half.
  window.cwCovers = (element, foot = false) => {
    const box = shown(element.getBoundingClientRect());
    if (!box) return [];
    const own = holders(element);
    // In a modal (the mini-cart drawer, a confirm dialog) the page outside lies under its backdrop, by design.
    const modal = [...own].find((node) => node.nodeType === 1 && (node.getAttribute("aria-modal") === "true" || node.matches(":modal")));
    return everything(modal ?? document, [])
      .filter((other) => {
        if (own.has(other)) return false;
        const style = getComputedStyle(other);
        if (style.position !== "fixed" && style.position !== "sticky") return false;
        if (style.visibility === "hidden" || Number(style.opacity) === 0) return false;
        const cover = shown(other.getBoundingClientRect());
        if (!cover || (foot && cover.top + cover.bottom < innerHeight)) return false;
        // More than a pixel's overlap either way: boxes that only touch are clear.
        return Math.min(box.right, cover.right) - Math.max(box.left, cover.left) > 1 &&
          Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top) > 1;
      })
      .map(describe);
  };
  window.cwDescribe = describe;
  // The keyboard's element, into shadow roots; "again" once the walk comes round to one it met.
  let met = new WeakSet();
  window.cwFocusWalk = () => {
    met = new WeakSet();
  };
  window.cwFocusStep = () => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) return { again: false, covered: [] };
    if (met.has(active)) return { again: true, covered: [] };
    met.add(active);
    const covers = window.cwCovers(active);
    return { again: false, covered: covers.length ? [describe(active) + " under " + covers.join(", ")] : [] };
  };
})()`;

/**
 * Tabs through every focusable element of the page (Shift+Tab when `backwards`: a sticky head hides what comes back
 * into view at the top), from where the focus is until it comes round, and answers each one something covered.
 */
export async function coveredWhileTabbing(page: Page, { backwards = false, limit = 400 } = {}): Promise<string[]> {
  await page.evaluate(INSTALL);
  await page.evaluate("window.cwFocusWalk()");
  const found: string[] = [];
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    // Read once the page has drawn the move twice: what the focus set off (a field's hint, a part loaded) has settled.
    const { again, covered } = (await page.evaluate(
      "new Promise((read) => requestAnimationFrame(() => requestAnimationFrame(() => read(window.cwFocusStep()))))",
    )) as { again: boolean; covered: string[] };
    if (again) return found;
    found.push(...covered);
  }
  throw new Error(`Tab did not come round in ${limit} presses`);
}

/**
 * The controls in view at the page's end (the window scrolled as far as it goes) that something at the window's foot
 * covers: no scrolling moves them clear of it. A sticky head at the top is left out: scrolling up moves them clear.
 */
export async function coveredAtPageEnd(page: Page): Promise<string[]> {
  await page.evaluate(INSTALL);
  await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
  return page.evaluate<string[]>(`(() => {
    const controls = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])");
    return Array.from(controls).flatMap((control) => {
      const covers = window.cwCovers(control, true);
      return covers.length ? [window.cwDescribe(control) + " under " + covers.join(", ")] : [];
    });
  })()`);
}
