/**
 * The notices of one context (spec §2 "Notice contexts", §4 "Notice behaviour"): dismissible ones
 * get a button; snackbars dismiss themselves after 10 s, fading for 0.5 s; a new error or
 * warning scrolls into view (100 px above it) and takes focus after 0.5 s, unless the shopper
 * is typing in a field.
 */
import { useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import { CONTEXTS, type Notice, noticeStore, noticesOf, SNACKBAR_MS, SNACKBAR_TRANSITION_MS } from "../../stores/notices.ts";
import { cartPageMessages as t } from "./messages.ts";

const SCROLL_OFFSET_PX = 100;

/** The region's name for a context; an extension's own context keeps the cart's. */
const regionLabel = (context: string) => {
  const area = (Object.keys(CONTEXTS) as (keyof typeof CONTEXTS)[]).find((key) => CONTEXTS[key] === context);
  return t.notices[area ?? "cart"];
};
const FOCUS_AFTER_MS = 500;

/** One context's notices, or several contexts' in one area (named for the first), each text once. */
export function NoticeList({ context }: { context: string | readonly string[] }) {
  const contexts = typeof context === "string" ? [context] : context;
  const all = useStore(noticeStore, (s) => s.notices);
  const notices = noticesOf(all, contexts);
  if (!notices.length) return null;
  // Dismissing a text takes its copies in the other contexts too, or the next would take its place.
  const dismiss = (notice: Notice) =>
    noticeStore.getState().removeWhere((n) => contexts.includes(n.context) && (n.content === notice.content || n.id === notice.id));
  return (
    <section className="notice-list" aria-label={regionLabel(contexts[0] ?? "")}>
      {notices.map((notice) => (
        <NoticeItem key={`${notice.id}\u0000${notice.content}`} notice={notice} onDismiss={() => dismiss(notice)} />
      ))}
    </section>
  );
}

/** Typing in a field (other than a radio button) is not interrupted by a notice. */
const typingInField = () => {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement) return active.type !== "radio";
  return active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
};

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState(false);
  const snackbar = notice.type === "snackbar";
  const urgent = notice.status === "error" || notice.status === "warning";

  useEffect(() => {
    if (!snackbar) return;
    let removal: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      setLeaving(true);
      removal = setTimeout(() => noticeStore.getState().remove(notice.id, notice.context), SNACKBAR_TRANSITION_MS);
    }, SNACKBAR_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(removal);
    };
  }, [snackbar, notice.id, notice.context]);

  useEffect(() => {
    const element = ref.current;
    if (!urgent || snackbar || !element || typingInField()) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const rect = element.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) {
      window.scrollTo({ top: rect.top + window.scrollY - SCROLL_OFFSET_PX, behavior: reduce ? "auto" : "smooth" });
    }
    const timer = setTimeout(() => {
      if (!typingInField()) element.focus({ preventScroll: true });
    }, FOCUS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [urgent, snackbar]);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`notice notice--${notice.status}${snackbar ? " notice--snackbar" : ""}${leaving ? " notice--leaving" : ""}`}
      role={urgent ? "alert" : "status"}
    >
      <span className="notice__content">{notice.content}</span>
      {notice.isDismissible && (
        <button type="button" className="notice__dismiss" aria-label={t.dismiss} onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
