/** The scroll trigger (spec §3.1 display_after_page_scroll, §9: checked every 1 s; the percent of the page that can be scrolled). */
import { defaultTriggers } from "@cartwright/commerce/contact-widget";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scrollPercent, watchTriggers } from "./triggers.ts";

/** A window showing 1000 px of a page 4000 px tall, scrolled to `scrollY`. */
function pageWindow(scrollY = 0, scrollHeight = 4000) {
  return {
    scrollY,
    innerHeight: 1000,
    document: { documentElement: { scrollHeight }, addEventListener() {}, removeEventListener() {} },
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("scrollPercent", () => {
  it("is how far the visitor has scrolled, in percent of what the page lets them scroll", () => {
    expect(scrollPercent(pageWindow(0) as unknown as Window)).toBe(0);
    expect(scrollPercent(pageWindow(1500) as unknown as Window)).toBe(50);
    expect(scrollPercent(pageWindow(3000) as unknown as Window)).toBe(100);
  });

  it("is 100 on a page too short to scroll, so any scroll setting is reached", () => {
    expect(scrollPercent(pageWindow(0, 800) as unknown as Window)).toBe(100);
  });
});

describe("the scroll trigger", () => {
  it("shows the widget on the next tick after the visitor scrolled half the page, not before", () => {
    const win = pageWindow(1400);
    const show = vi.fn();
    const triggers = { ...defaultTriggers(), has_display_after_page_scroll: true, display_after_page_scroll: 50 };
    const stop = watchTriggers(win as unknown as Window, triggers, "-", false, { show, autoHide: () => true });
    vi.advanceTimersByTime(3000);
    expect(show).not.toHaveBeenCalled();
    // 1500 px of the 3000 px that a 1000 px window can scroll down a 4000 px page.
    win.scrollY = 1500;
    vi.advanceTimersByTime(1000);
    expect(show).toHaveBeenCalledWith("scroll");
    stop();
  });
});
