import { describe, expect, it } from "vitest";
import { AdminClient } from "../api.ts";
import { ordersApi, ordersCsvUrl, printUrl } from "./api.ts";
import { ordersMessages } from "./messages.ts";
import { orderQuery } from "./query.ts";

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A client whose fetch records each call and answers with the given bodies in turn. */
function recordingApi(...bodies: unknown[]) {
  const calls: Call[] = [];
  const client = new AdminClient(async (url, init) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(bodies.shift() ?? {}), { status: 200, headers: { "content-type": "application/json" } });
  }, "nonce-1");
  return { api: ordersApi(client), calls };
}

describe("ordersApi", () => {
  it("asks the list for the page's tab, filters, sorting and page", async () => {
    const { api, calls } = recordingApi({ orders: [], counts: {}, total: 0, page: 2, pages: 1 });
    await api.list(orderQuery(new URLSearchParams("status=on-hold&search=ada&source_type=utm&source=google&orderby=total&page=2")));
    expect(calls[0]?.url).toBe(
      "/api/admin/v1/orders?status=on-hold&search=ada&source_type=utm&source=google&orderby=total&page=2&per_page=20",
    );
    expect(calls[0]?.init?.method).toBe("GET");
  });

  it("asks for the orders after an id, 0 included", async () => {
    const { api, calls } = recordingApi({ latest_id: 0, orders: [], counts: {} });
    await api.updates(0);
    expect(calls[0]?.url).toBe("/api/admin/v1/orders/updates?after_id=0");
  });

  it("posts the bulk status change with the nonce", async () => {
    const { api, calls } = recordingApi({ updated: [4], failed: [] });
    const rows = [
      { id: 4, date_modified: "2026-11-20T10:05:00.000Z" },
      { id: 9, date_modified: "2026-11-21T08:00:00.000Z" },
    ];
    expect(await api.bulkStatus(rows, "completed")).toEqual({ updated: [4], failed: [] });
    expect(calls[0]?.url).toBe("/api/admin/v1/orders/bulk/status");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      ids: [4, 9],
      status: "completed",
      date_modified: { "4": "2026-11-20T10:05:00.000Z", "9": "2026-11-21T08:00:00.000Z" },
    });
    expect((calls[0]?.init?.headers as Record<string, string> | undefined)?.nonce).toBe("nonce-1");
  });
});

describe("links", () => {
  it("exports the CSV of the tab, filters and sorting shown, without the page", () => {
    expect(ordersCsvUrl(orderQuery(new URLSearchParams("status=completed&from=2026-03-01&order=asc&page=4")))).toBe(
      "/api/admin/v1/orders/export.csv?status=completed&from=2026-03-01&order=asc",
    );
    expect(ordersCsvUrl(orderQuery(new URLSearchParams("")))).toBe("/api/admin/v1/orders/export.csv");
  });

  it("prints the selected orders' documents", () => {
    expect(printUrl([3, 12], "packing-slip")).toBe("/admin/orders/print?ids=3,12&document=packing-slip");
    expect(printUrl([7], "invoice")).toBe("/admin/orders/print?ids=7&document=invoice");
  });
});

describe("the bulk summary", () => {
  it("says how many changed and how many did not", () => {
    expect(ordersMessages.bulkSummary({ updated: [1, 2, 3], failed: [] }, "on-hold")).toBe("3 orders marked on hold.");
    expect(
      ordersMessages.bulkSummary({ updated: [1], failed: [{ id: 2, code: "cw_rest_order_status_unchanged", message: "x" }] }, "completed"),
    ).toBe("1 order marked completed. 1 order not changed.");
    expect(ordersMessages.bulkSummary({ updated: [], failed: [] }, "cancelled")).toBe("Nothing changed.");
  });
});
