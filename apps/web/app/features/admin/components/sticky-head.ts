/**
 * The console's sticky heads (an editor's, a settings group's) stay at the window's top while the page scrolls under
 * them: the window's top keeps scroll padding as tall as the tallest, so a field the keyboard moves back to (Shift+Tab)
 * or an error summary's link jumps to stops below the head, not under it (WCAG 2.4.11, decision 0179). On a phone the
 * heads scroll with the page (admin.css): no padding then.
 */
import { type RefObject, useLayoutEffect } from "react";

/** Air between a head's foot and the control brought into view below it. */
const AIR_PX = 8;

/** The height of each head on the page while it is sticky, 0 while it is not. */
const heads = new Map<HTMLElement, number>();

function applyPadding() {
  const tallest = Math.max(0, ...heads.values());
  const root = document.documentElement.style;
  if (tallest > 0) root.scrollPaddingTop = `${tallest + AIR_PX}px`;
  else root.removeProperty("scroll-padding-top");
}

export function useStickyHeadRoom(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const head = ref.current;
    if (!head) return;
    const measure = () => {
      heads.set(head, getComputedStyle(head).position === "sticky" ? head.offsetHeight : 0);
      applyPadding();
    };
    measure();
    // Its words wrap anew as the window narrows; at 760 px wide or less it stops being sticky, whatever its size.
    const watch = new ResizeObserver(measure);
    watch.observe(head);
    window.addEventListener("resize", measure, { passive: true });
    return () => {
      watch.disconnect();
      window.removeEventListener("resize", measure);
      heads.delete(head);
      applyPadding();
    };
  }, [ref]);
}
