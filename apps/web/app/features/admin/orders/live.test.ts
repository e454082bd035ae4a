import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminClient } from "../api.ts";
import { type OrderRow, type OrderUpdates, ordersApi } from "./api.ts";
import { type LiveState, OrderUpdatesWatcher, POLL_INTERVAL_MS } from "./live.ts";

const row = (id: number, status: OrderRow["status"] = "processing"): OrderRow => ({
  id,
  number: String(id),
  status,
  date_created: "2026-11-25T06:00:00.000Z",
  customer: { id: null, guest: true, name: "Ada Shopper", email: "ada@example.com" },
  item_count: 1,
  total: 1800,
  refunded: 0,
  currency: "USD",
  currency_minor_unit: 2,
  payment_method: "cod",
  payment_method_title: "Cash on delivery",
  origin: "Direct",
  date_modified: "2026-11-25T06:00:00.000Z",
});

/** The server as the test plays it: each request waits for an answer the test gives (a reply, or an HTTP status). */
function controlledServer() {
  const requests: { url: string; answer(status: number, body?: unknown): void }[] = [];
  const client = new AdminClient(
    (url) =>
      new Promise<Response>((resolve) => {
        requests.push({
          url,
          answer: (status, body = {}) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
        });
      }),
  );
  return { requests, api: ordersApi(client) };
}

const updates = (latest: number, orders: OrderRow[] = []): OrderUpdates => ({
  latest_id: latest,
  orders,
  counts: {} as OrderUpdates["counts"],
});

describe("OrderUpdatesWatcher", () => {
  let visible: boolean;
  let server: ReturnType<typeof controlledServer>;
  let changes: { state: LiveState; added: number }[];
  let watcher: OrderUpdatesWatcher;

  const request = (index: number) => {
    const made = server.requests[index];
    if (!made) throw new Error(`no request #${index} was made`);
    return made;
  };
  const answer = (index: number, status: number, body?: unknown) => request(index).answer(status, body);
  const urlOf = (index: number) => request(index).url;

  /** Lets the awaited fetch and JSON reading settle. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    visible = true;
    server = controlledServer();
    changes = [];
    watcher = new OrderUpdatesWatcher({
      fetchUpdates: (afterId) => server.api.updates(afterId),
      isVisible: () => visible,
      onChange: (state, added) => changes.push({ state, added }),
    });
  });

  afterEach(() => {
    watcher.stop();
    vi.useRealTimers();
  });

  it("takes the first reply as where counting starts, then counts orders placed after it every 15 s", async () => {
    watcher.start(40);
    expect(server.requests.map((r) => r.url)).toEqual(["/api/admin/v1/orders/updates?after_id=40"]);
    // Orders newer than the shown rows may be filtered out of the page: the first reply is no news.
    answer(0, 200, updates(45, [row(45), row(44)]));
    await settle();
    expect(watcher.current).toEqual({ phase: "watching", latestId: 45, newIds: [] });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(urlOf(1)).toBe("/api/admin/v1/orders/updates?after_id=45");
    answer(1, 200, updates(47, [row(47), row(46)]));
    await settle();
    expect(watcher.current.newIds).toEqual([47, 46]);
    expect(changes.at(-1)?.added).toBe(2);

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(urlOf(2)).toBe("/api/admin/v1/orders/updates?after_id=47");
    // A draft is not an order the owner handles, and an order already counted is not counted twice.
    answer(2, 200, updates(49, [row(49, "checkout-draft"), row(48), row(47)]));
    await settle();
    expect(watcher.current.newIds).toEqual([48, 47, 46]);
    expect(changes.at(-1)?.added).toBe(1);
  });

  it("asks one request at a time: the next tick waits for the answer", async () => {
    watcher.start(0);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(server.requests).toHaveLength(1);
    answer(0, 200, updates(3));
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(server.requests).toHaveLength(2);
  });

  it("does not poll while the page is hidden, and asks at once when it is seen again", async () => {
    watcher.start(10);
    answer(0, 200, updates(10));
    await settle();

    visible = false;
    watcher.visibilityChanged();
    expect(watcher.current.phase).toBe("paused");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 4);
    expect(server.requests).toHaveLength(1);

    visible = true;
    watcher.visibilityChanged();
    expect(watcher.current.phase).toBe("watching");
    expect(server.requests).toHaveLength(2);
    expect(urlOf(1)).toBe("/api/admin/v1/orders/updates?after_id=10");
    answer(1, 200, updates(11, [row(11)]));
    await settle();
    expect(watcher.current.newIds).toEqual([11]);
  });

  it("starts paused in a hidden tab", async () => {
    visible = false;
    watcher.start(5);
    expect(watcher.current.phase).toBe("paused");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(server.requests).toHaveLength(0);
  });

  it("forgets the counted orders once the list shows them, and keeps counting from the newest id", async () => {
    watcher.start(1);
    answer(0, 200, updates(1));
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    answer(1, 200, updates(2, [row(2)]));
    await settle();
    watcher.acknowledge();
    expect(watcher.current).toEqual({ phase: "watching", latestId: 2, newIds: [] });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(urlOf(2)).toBe("/api/admin/v1/orders/updates?after_id=2");
  });

  it("tries again on the next tick after a server error", async () => {
    watcher.start(0);
    answer(0, 503, { code: "busy", message: "Busy" });
    await settle();
    expect(watcher.current.phase).toBe("watching");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(server.requests).toHaveLength(2);
  });

  it.each([401, 403, 404])("stops on %i: the session ended, or the server has no updates", async (status) => {
    watcher.start(0);
    answer(0, status, { code: "x", message: "No" });
    await settle();
    expect(watcher.current.phase).toBe("stopped");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(server.requests).toHaveLength(1);
  });

  it("a stopped watcher ignores the answer still on its way and never asks again", async () => {
    watcher.start(0);
    watcher.stop();
    answer(0, 200, updates(9, [row(9)]));
    await settle();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(server.requests).toHaveLength(1);
    expect(watcher.current.latestId).toBeNull();
  });
});
