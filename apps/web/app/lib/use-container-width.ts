/**
 * Layout widths (spec §9): a block is large above 700 px, medium above 520, small above 400,
 * otherwise mobile. The width is the block's own (its content box, as CSS container queries
 * see it), not the window's, so the same block lays out alike in a page or a sidebar.
 */
import { useCallback, useState } from "react";

/** Spec §9 "Layout widths": the lower bounds, exclusive, in CSS pixels. */
export const LAYOUT_WIDTHS = { large: 700, medium: 520, small: 400 } as const;

export type WidthClass = "is-large" | "is-medium" | "is-small" | "is-mobile";

/** The server's guess, kept until the block is measured: stable for the first paint on most screens. */
export const DEFAULT_WIDTH_CLASS: WidthClass = "is-large";

export function widthClass(px: number): WidthClass {
  if (px > LAYOUT_WIDTHS.large) return "is-large";
  if (px > LAYOUT_WIDTHS.medium) return "is-medium";
  if (px > LAYOUT_WIDTHS.small) return "is-small";
  return "is-mobile";
}

/**
 * Watches an element's width with a ResizeObserver. Returns a callback ref to put on the block
 * and its width class (DEFAULT_WIDTH_CLASS on the server and until the first measurement).
 */
export function useContainerWidth<T extends Element>(): [ref: (element: T | null) => (() => void) | undefined, className: WidthClass] {
  const [className, setClassName] = useState<WidthClass>(DEFAULT_WIDTH_CLASS);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      setClassName(widthClass(entry.contentBoxSize?.[0]?.inlineSize ?? entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, className];
}
