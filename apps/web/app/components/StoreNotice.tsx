/** The dismissible store-wide notice (spec §4): dismissing remembers it in a cookie for the whole site. */
import { useState } from "react";
import { storeNoticeCookie } from "../lib/cookies.ts";
import { layoutMessages } from "../messages.ts";

/** `dismissible` is false on pages that are never hydrated (a form's page): a button there would do nothing. */
export function StoreNotice({ id, text, dismissible = true }: { id: string; text: string; dismissible?: boolean }) {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const dismiss = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain session cookie, as the spec describes it
    document.cookie = `${encodeURIComponent(storeNoticeCookie(id))}=hidden; path=/`;
    setHidden(true);
  };
  return (
    <section className="store-notice" aria-label={layoutMessages.storeNoticeLabel}>
      <p className="store-notice__text">{text}</p>
      {dismissible && (
        <button type="button" className="store-notice__dismiss" onClick={dismiss}>
          {layoutMessages.dismissNotice}
        </button>
      )}
    </section>
  );
}
