/**
 * The footer banner of a shop still being set up (spec §4 "Store notice and coming-soon banner"):
 * dismissing tells the server, with the visitor's nonce, then hides the banner whatever the reply.
 */
import { useState } from "react";
import { layoutMessages } from "../messages.ts";
import { useCartHandle } from "../stores/cart-provider.tsx";

export const COMING_SOON_DISMISS_URL = "/api/store/v1/visitor/meta";

/** `dismissible` is false on pages that are never hydrated (a form's page): a button there would do nothing. */
export function ComingSoonBanner({ text, dismissUrl, dismissible = true }: { text: string; dismissUrl: string; dismissible?: boolean }) {
  const cart = useCartHandle();
  const [state, setState] = useState<"shown" | "dismissing" | "hidden">("shown");
  if (state === "hidden") return null;
  const dismiss = () => {
    setState("dismissing");
    const hide = () => setState("hidden");
    fetch(dismissUrl, {
      method: "POST",
      headers: { "content-type": "application/json", nonce: cart.nonce() },
      body: JSON.stringify({ meta: { coming_soon_banner_dismissed: "yes" } }),
    }).then(hide, hide);
  };
  return (
    <aside className="coming-soon-banner" aria-label={layoutMessages.comingSoonLabel}>
      <p className="coming-soon-banner__text">{text}</p>
      {dismissible && (
        <button
          type="button"
          className="coming-soon-banner__dismiss"
          aria-label={layoutMessages.dismissComingSoon}
          disabled={state === "dismissing"}
          onClick={dismiss}
        >
          ×
        </button>
      )}
    </aside>
  );
}
