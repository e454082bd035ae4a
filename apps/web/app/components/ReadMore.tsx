/**
 * 'Read more'/'Read less' (spec §2 "Other shared pieces", §9 "read-more clamp 3 lines"): the
 * content is clamped to 3 lines (CSS line-clamp, in app.css), and a button shows only when it
 * overflows them. The clamp starts once the page is hydrated, so without JavaScript the whole
 * text is there to read. Focusing a link hidden by the clamp opens it.
 */
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { readMoreMessages as t } from "../messages.ts";

export function ReadMore({ children, className = "" }: { children: ReactNode; className?: string }) {
  const id = useId();
  const content = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const clamped = enhanced && !expanded;

  // Before paint: clamp, then measure while clamped, again whenever the width changes, and again
  // for new children (they may overflow without changing the clamped box's size).
  useLayoutEffect(() => setEnhanced(true), []);
  useLayoutEffect(() => {
    const element = content.current;
    if (!clamped || !element) return;
    const measure = () => setOverflows(element.scrollHeight - element.clientHeight > 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [clamped, children]);

  // A link or control below the clamp that takes keyboard focus opens the text, so it can be seen.
  useLayoutEffect(() => {
    const element = content.current;
    if (!clamped || !overflows || !element) return;
    const reveal = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.getBoundingClientRect().bottom > element.getBoundingClientRect().bottom) setExpanded(true);
    };
    element.addEventListener("focusin", reveal);
    return () => element.removeEventListener("focusin", reveal);
  }, [clamped, overflows]);

  return (
    <div className={`read-more ${className}`.trim()}>
      <div id={id} ref={content} className={`read-more__content${clamped ? " read-more__content--clamped" : ""}`}>
        {children}
      </div>
      {enhanced && overflows && (
        <button
          type="button"
          className="link-button read-more__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t.readLess : t.readMore}
        </button>
      )}
    </div>
  );
}
