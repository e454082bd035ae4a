/**
 * The list's live part: watches for new orders while the page is visible (live.ts), announces them
 * politely and offers "N new orders — Show", which reloads the list when the owner chooses to.
 */
import { useEffect, useRef, useState } from "react";
import { useAnnounce } from "../components/feedback.tsx";
import { ordersApi } from "./api.ts";
import { OrderUpdatesWatcher } from "./live.ts";
import { ordersMessages as t } from "./messages.ts";

export function useNewOrders(shownLatestId: number, listVersion: unknown) {
  const announce = useAnnounce();
  const [count, setCount] = useState(0);
  const watcher = useRef<OrderUpdatesWatcher>(undefined);
  const firstId = useRef(shownLatestId);

  useEffect(() => {
    const api = ordersApi();
    const live = new OrderUpdatesWatcher({
      fetchUpdates: (afterId) => api.updates(afterId),
      isVisible: () => document.visibilityState === "visible",
      onChange: (state, added) => {
        setCount(state.newIds.length);
        if (added > 0) announce(t.newOrdersArrived(state.newIds.length));
      },
    });
    watcher.current = live;
    live.start(firstId.current);
    const onVisibility = () => live.visibilityChanged();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      live.stop();
    };
  }, [announce]);

  // A reloaded list (Show, a filter, a page) shows what was counted: start counting again.
  useEffect(() => {
    if (listVersion) watcher.current?.acknowledge();
  }, [listVersion]);

  return count;
}

export function NewOrdersButton({ count, onShow }: { count: number; onShow(): void }) {
  if (count === 0) return null;
  return (
    <p className="admin-orders__new">
      <span>{t.newOrders(count)} —</span>{" "}
      <button type="button" className="button admin-button--small" onClick={onShow} aria-label={t.showNewOrders(count)}>
        {t.show}
      </button>
    </p>
  );
}
