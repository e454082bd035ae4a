/**
 * Webhooks in the console (decision 0097): the owner adds a webhook for new orders pointing at a
 * receiver on this machine (the journey's shop allows local addresses, WEBHOOKS_ALLOW_PRIVATE), a
 * shopper places an order, the owner sees its delivery in the log with the request and the answer,
 * the receiver checks the signature with the secret the console shows, and the owner redelivers it.
 * axe on the list, the new webhook's form and the webhook's page.
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

test("the owner adds a webhook, sees an order's delivery in its log and redelivers it", async ({ page, browser }) => {
  // A shopper's whole checkout inside the owner's journey, and four axe runs: longer than one journey's 30 s on a busy machine.
  test.setTimeout(60_000);
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
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
