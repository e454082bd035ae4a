import { describe, expect, it } from "vitest";
import { downloadRows } from "./downloads.server.ts";

const download = {
  id: 7,
  order_id: 31,
  product_id: 4,
  product_name: "Sock pattern",
  file_name: "Sock pattern (PDF)",
  downloads_remaining: 2,
  access_expires: "2026-12-30T12:00:00.000Z",
  download_url: "/download/0123456789abcdef0123456789abcdef",
};

describe("downloadRows", () => {
  it("says what is left and until when, in the shop's time zone", () => {
    const [row] = downloadRows([download], "UTC");
    expect(row).toMatchObject({
      product: "Sock pattern",
      file: "Sock pattern (PDF)",
      remaining: "2 left",
      expiresAt: download.access_expires,
    });
    expect(row?.expires).toMatch(/December 30, 2026/);
    expect(row?.orderLink).toBeNull();
  });
  it("says Unlimited and Never, and links the order when asked", () => {
    const [row] = downloadRows(
      [{ ...download, downloads_remaining: null, access_expires: null }],
      "UTC",
      (id) => `/my-account/orders/${id}`,
    );
    expect(row).toMatchObject({ remaining: "Unlimited", expires: "Never", expiresAt: null, orderLink: "/my-account/orders/31" });
    expect(downloadRows(undefined, "UTC")).toEqual([]);
  });
});
