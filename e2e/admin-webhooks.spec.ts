/**
 * Webhooks in the console (decision 0097): the owner adds a webhook for new orders pointing at a
 * receiver on this machine (the journey's shop allows local addresses, WEBHOOKS_ALLOW_PRIVATE), a
 * shopper places an order, the owner sees its delivery in the log with the request and the answer,
 * the receiver checks the signature with the secret the console shows, and the owner redelivers it; a
 * webhook's log of 21 test deliveries pages, a redelivery from its second page heading the first.
 * axe on the list, the new webhook's form and the webhook's page (its log's second page too).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signInAsOwner } from "./support/owner.ts";
import { guestOrderByApi, seriousViolations } from "./support/shopper-order.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

test("the owner adds a webhook, sees an order's delivery in its log, redelivers it, and pages a log", async ({ page, browser }) => {
  // A shopper's whole checkout inside the owner's journey, five axe runs and a paged log: longer than one journey's 30 s.
  test.setTimeout(90_000);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("received, thank you");
    });
  });
  // Beside the journey's shop, in this work's range of ports (E2E_PORT + 3), or any free one.
  const port = Number(process.env.E2E_PORT ?? 3100) + 3;
  await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders-in`;
  try {
    await signInAsOwner(page, "/admin/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Add webhook" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add webhook" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const name = `Orders to the warehouse ${Date.now()}`;
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("combobox", { name: "Topic" }).selectOption("order.created");
    // A bad address is refused beside its field, and nothing is saved.
    await page.getByRole("textbox", { name: "Delivery URL" }).fill("warehouse.example");
    await page.getByRole("button", { name: "Save webhook" }).click();
    await expect(page.getByRole("textbox", { name: "Delivery URL" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Delivery URL" })).toHaveAccessibleDescription(/Enter a full URL/);
    await page.getByRole("textbox", { name: "Delivery URL" }).fill(url);
    await page.getByRole("button", { name: "Save webhook" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Webhook ${name}` })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/webhooks\/\d+$/);
    // The secret the shop made, shown so the receiver can check signatures; http:// is warned about.
    const secret = await page.getByRole("textbox", { name: "Secret" }).inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await expect(page.getByText(/starts with http:\/\//)).toBeVisible();
    await expect(page.getByText("Nothing delivered yet.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A shopper in a browser of their own places an order.
    const shopperContext = await browser.newContext();
    const { orderId } = await guestOrderByApi(shopperContext.request);
    await shopperContext.close();

    // Other journeys place orders too: ours is the one whose body names its id.
    const ours = () => received.filter((r) => JSON.parse(r.body).id === orderId);
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(1);
    const [first] = ours() as [Received];
    expect(first.headers["x-cartwright-webhook-topic"]).toBe("order.created");
    expect(first.headers["x-cartwright-webhook-signature"]).toBe(createHmac("sha256", secret).update(first.body).digest("base64"));
    const deliveryId = String(first.headers["x-cartwright-webhook-delivery-id"]);

    await page.getByRole("button", { name: "Refresh log" }).click();
    const row = page.getByRole("row", { name: new RegExp(`#${deliveryId} order\\.created`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText("HTTP 200");
    await row.getByText("Request and response").click();
    await expect(row.getByText("X-Cartwright-Webhook-Topic: order.created")).toBeVisible();
    await expect(row.getByText("received, thank you")).toBeVisible();
    await expect(row.getByText(`"id": ${orderId},`).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole("button", { name: `Redeliver #${deliveryId}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Delivery #${deliveryId} queued again.` })).toBeVisible();
    await expect.poll(() => ours().length, { timeout: 15_000 }).toBe(2);
    const [, again] = ours() as [Received, Received];
    expect(again.body).toBe(first.body);
    expect(again.headers["x-cartwright-webhook-delivery-id"]).not.toBe(deliveryId);
    await page.getByRole("button", { name: "Refresh log" }).click();
    await expect(
      page.getByRole("row", { name: new RegExp(`#${again.headers["x-cartwright-webhook-delivery-id"]} order\\.created`) }),
    ).toContainText("Delivered");

    // The log pages: a paused webhook of its own (no other journey's order reaches it) and 21 test deliveries.
    const nonce = (await page.request.get("/api/store/v1/cart")).headers().nonce ?? "";
    const made = await page.request.post("/api/admin/v1/webhooks", {
      headers: { nonce },
      data: { name: `Paged log ${Date.now()}`, topic: "coupon.deleted", delivery_url: url, status: "paused" },
    });
    expect(made.status(), await made.text()).toBe(201);
    const paged = (await made.json()) as { id: number };
    const pings: number[] = [];
    for (let n = 0; n < 21; n++) {
      const pinged = await page.request.post(`/api/admin/v1/webhooks/${paged.id}/ping`, { headers: { nonce } });
      expect(pinged.status(), await pinged.text()).toBe(202);
      pings.push(((await pinged.json()) as { id: number }).id);
    }
    const [oldest, ...newer] = pings as [number, ...number[]];
    const logRow = (id: number) => page.getByRole("row", { name: new RegExp(`^#${id} ping`) });
    await page.goto(`/admin/webhooks/${paged.id}`);
    await expect(page.getByText("21 deliveries")).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByText("Page 1 of 2")).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(logRow(newer[19] as number)).toBeVisible();
    await expect(logRow(newer[0] as number)).toBeVisible();
    await expect(logRow(oldest)).toHaveCount(0);
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(`/admin/webhooks/${paged.id}?page=2#webhook-log`);
    await expect(pages.getByText("Page 2 of 2")).toBeFocused();
    await expect(logRow(oldest)).toBeVisible();
    await expect(logRow(newer[0] as number)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // A redelivery from page 2 heads the log: the first page shows it.
    await logRow(oldest)
      .getByRole("button", { name: `Redeliver #${oldest}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Delivery #${oldest} queued again.` })).toBeVisible();
    await expect(page).toHaveURL(`/admin/webhooks/${paged.id}#webhook-log`);
    await expect(page.getByText("22 deliveries")).toBeVisible();
    const head = await page.getByRole("region", { name: "Delivery log" }).getByRole("row").nth(1).getByRole("rowheader").textContent();
    expect(Number(head?.match(/^#(\d+) ping/)?.[1])).toBeGreaterThan(newer[19] as number);
    await expect(logRow(newer[0] as number)).toHaveCount(0);
    // A stale link past the end says where the log ends and links its last page.
    await page.goto(`/admin/webhooks/${paged.id}?page=9`);
    await expect(page.getByText("Nothing on page 9: the list ends at page 2.")).toBeVisible();
    await expect(pages).toHaveCount(0);
    await page.getByRole("link", { name: "Page 2 of 2" }).click();
    await expect(page).toHaveURL(`/admin/webhooks/${paged.id}?page=2#webhook-log`);
    await expect(logRow(newer[0] as number)).toBeVisible();
    await page.request.delete(`/api/admin/v1/webhooks/${paged.id}`, { headers: { nonce } });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
