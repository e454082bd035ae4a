/** The notices of one context (spec §2 "Notice contexts"), dismissible ones with a button. */
import { useEffect } from "react";
import { useStore } from "zustand";
import { noticeStore, SNACKBAR_MS } from "../../stores/notices.ts";
import { cartPageMessages } from "./messages.ts";

export function Notices({ context }: { context: string }) {
  const notices = useStore(noticeStore, (s) => s.notices).filter((n) => n.context === context);
  useEffect(() => {
    const timers = notices
      .filter((n) => n.type === "snackbar")
      .map((n) => setTimeout(() => noticeStore.getState().remove(n.id, context), SNACKBAR_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, context]);
  if (!notices.length) return null;
  return (
    <div className="notices">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice--${notice.status}`} role={notice.status === "error" ? "alert" : "status"}>
          <span>{notice.content}</span>
          {notice.isDismissible && (
            <button
              type="button"
              className="notice__dismiss"
              aria-label={cartPageMessages.dismiss}
              onClick={() => noticeStore.getState().remove(notice.id, context)}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
