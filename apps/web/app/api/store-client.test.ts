/** The client's page-hide flush: what waits in the batch window leaves as the page is hidden or left. */
import { describe, expect, it } from "vitest";
import { flushWhenPageHides, StoreClient } from "./store-client.ts";

interface Sent {
  url: string;
  keepalive: boolean;
  paths: string[];
  answer: () => void;
}

/** A network whose replies arrive when the test says: each batch is answered with a 200 per write. */
function heldNetwork() {
  const sent: Sent[] = [];
  const fetch = (url: string, init: RequestInit) =>
    new Promise<Response>((resolve) => {
      const body = JSON.parse(String(init.body)) as { requests: { path: string }[] };
      const reply = { responses: body.requests.map(() => ({ status: 200, body: {}, headers: {} })) };
      sent.push({
        url,
        keepalive: init.keepalive === true,
        paths: body.requests.map((r) => r.path),
        answer: () => resolve(Response.json(reply)),
      });
    });
  return { client: new StoreClient({ fetch }), sent };
}

/** A window and its document that the test hides and shows. */
function page() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  return {
    win,
    doc,
    setVisibility(state: "hidden" | "visible") {
      doc.visibilityState = state;
      doc.dispatchEvent(new Event("visibilitychange"));
    },
    leave: () => win.dispatchEvent(new Event("pagehide")),
  };
}

/** Lets every promise that can settle, settle. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const ADD = "/api/store/v1/cart/add-item?_locale=site";
const UPDATE = "/api/store/v1/cart/update-item?_locale=site";

describe("the page-hide flush", () => {
  it("sends the queued writes at once with keepalive when the page is hidden, and nothing when it is shown", async () => {
    const { client, sent } = heldNetwork();
    const shown = page();
    flushWhenPageHides(client, shown.win, shown.doc);
    const writes = [client.post("/cart/add-item", { id: 1 }), client.post("/cart/update-item", { key: "a", quantity: 2 })];
    shown.setVisibility("visible");
    expect(sent).toEqual([]);
    shown.setVisibility("hidden");
    expect(sent.map((s) => [s.url, s.keepalive, s.paths])).toEqual([["/api/store/v1/batch?_locale=site", true, [ADD, UPDATE]]]);
    sent[0]?.answer();
    await expect(Promise.all(writes)).resolves.toEqual([{}, {}]);
    // Nothing queued: hiding again sends nothing.
    shown.setVisibility("hidden");
    expect(sent).toHaveLength(1);
  });

  it("sends them on pagehide too, and no longer once its listeners are removed", async () => {
    const { client, sent } = heldNetwork();
    const shown = page();
    const stop = flushWhenPageHides(client, shown.win, shown.doc);
    const first = client.post("/cart/add-item", { id: 1 });
    shown.leave();
    expect(sent.map((s) => s.keepalive)).toEqual([true]);
    sent[0]?.answer();
    await first;
    stop();
    void client.post("/cart/add-item", { id: 2 });
    shown.leave();
    shown.setVisibility("hidden");
    expect(sent).toHaveLength(1);
  });

  it("does not wait for the batch on its way, and a write made afterwards waits for both", async () => {
    const { client, sent } = heldNetwork();
    const shown = page();
    flushWhenPageHides(client, shown.win, shown.doc);
    const onItsWay = client.post("/cart/add-item", { id: 1 });
    client.flush();
    await nextTurn();
    expect(sent).toHaveLength(1);
    const lastEdit = client.post("/cart/update-item", { key: "a", quantity: 3 });
    shown.leave();
    // A page that is gone never sends what waits: the last edit leaves before the batch before it is answered.
    expect(sent.map((s) => [s.keepalive, s.paths])).toEqual([
      [false, [ADD]],
      [true, [UPDATE]],
    ]);
    // The shopper comes back (the page was kept): the next write leaves once both are answered.
    const later = client.post("/cart/add-item", { id: 2 });
    client.flush();
    sent[1]?.answer();
    await lastEdit;
    await nextTurn();
    expect(sent).toHaveLength(2);
    sent[0]?.answer();
    await onItsWay;
    await nextTurn();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.keepalive).toBe(false);
    sent[2]?.answer();
    await later;
  });

  it("sends a batch too large for keepalive without it rather than not at all", async () => {
    const { client, sent } = heldNetwork();
    const shown = page();
    flushWhenPageHides(client, shown.win, shown.doc);
    const long = "x".repeat(1000);
    const address = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, long]));
    const writes = Array.from({ length: 10 }, () =>
      client.post("/cart/update-customer", { billing_address: address, shipping_address: address }),
    );
    shown.leave();
    expect(sent.map((s) => [s.keepalive, s.paths.length])).toEqual([[false, 10]]);
    sent[0]?.answer();
    await Promise.all(writes);
  });
});
