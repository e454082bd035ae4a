/**
 * The owner's stock notices (decision 0099): a product an order brought down to low stock, one it
 * brought to out of stock, and one an order took more of than was on the shelf (on backorder,
 * naming the order). Each names the product (a variation with its options), its SKU, the stock left
 * and links to the product's editor, the order and the stock report.
 */
import { emailDocument, escapeHtml, type RenderedEmail } from "./templates.ts";
import { type Delivery, type Mailer, type MailShop, senderFor } from "./transport.ts";

export interface StockAlertEmailData {
  kind: "low" | "out" | "backorder";
  alertId: number;
  siteTitle: string;
  /** The product's name, and a variation's options ("Blue, S"; "" for a product of its own). */
  productName: string;
  options: string;
  sku: string;
  /** The stock the move left, in the product's units (negative: units owed on backorder). */
  stock: number;
  /** The amount the product counts as low at or below. */
  lowAmount: number;
  /** The order whose stock move this was. */
  orderId: number | null;
  editorUrl: string;
  orderUrl: string | null;
  reportUrl: string;
}

const oneLine = (value: string) => value.replace(/[\s\p{Cc}]+/gu, " ").trim();
const units = (n: number) => `${n} ${Math.abs(n) === 1 ? "unit" : "units"}`;

const HEADINGS: Record<StockAlertEmailData["kind"], string> = {
  low: "Product low in stock",
  out: "Product out of stock",
  backorder: "Product on backorder",
};

export function renderStockAlert(data: StockAlertEmailData): RenderedEmail {
  const site = oneLine(data.siteTitle) || "Shop";
  const options = oneLine(data.options);
  const product = `${oneLine(data.productName)}${options ? ` (${options})` : ""}`;
  const sku = oneLine(data.sku);
  const heading = HEADINGS[data.kind];
  const order = data.orderId === null ? "" : `order #${data.orderId}`;
  const lead =
    data.kind === "low"
      ? `${product} is low in stock: ${units(data.stock)} left (low at ${units(data.lowAmount)} or fewer)${order ? `, after ${order}` : ""}.`
      : data.kind === "out"
        ? `${product} is out of stock: ${units(data.stock)} left${order ? `, after ${order}` : ""}.`
        : `${order ? `Order #${data.orderId}` : "An order"} took more of ${product} than was in stock: ${units(-data.stock)} on backorder.`;
  const subject = `[${site}] ${heading}: ${product.slice(0, 120)}`;
  const links = [
    ["Edit the product", data.editorUrl],
    ...(data.orderUrl ? [[`See ${order}`, data.orderUrl]] : []),
    ["See the stock report", data.reportUrl],
  ] as [string, string][];
  const text = [
    lead,
    "",
    `Product: ${product}`,
    ...(sku ? [`SKU: ${sku}`] : []),
    `Stock now: ${units(data.stock)}`,
    "",
    ...links.map(([label, url]) => `${label}: ${url}`),
    "",
  ].join("\n");
  const cell = "padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:left;";
  const rows = [["Product", product], ...(sku ? [["SKU", sku]] : []), ["Stock now", units(data.stock)]]
    .map(
      ([label, value]) => `<tr><th style="${cell}">${escapeHtml(label ?? "")}</th><td style="${cell}">${escapeHtml(value ?? "")}</td></tr>`,
    )
    .join("");
  const html = emailDocument(
    subject,
    `<h1 style="margin:0 0 16px;font-size:20px;">${escapeHtml(heading)}</h1>
<p style="margin:0 0 12px;">${escapeHtml(lead)}</p>
<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;"><tbody>${rows}</tbody></table>
<p style="margin:24px 0 0;">${links.map(([label, url]) => `<a href="${escapeHtml(url)}" style="color:#1a5fb4;">${escapeHtml(label)}</a>`).join(" · ")}</p>`,
  );
  return { subject, text, html };
}

/**
 * Sends one stock notice to `to` (the caller chose it: the stock notices' recipient, else the
 * owner's), or into the outbox only when no address is known. Named `{time}-0-stock-{kind}-{alert id}.eml`
 * in the outbox, apart from any order's files. Rejects on failure.
 */
export async function sendStockAlert(
  mailer: Mailer,
  data: StockAlertEmailData,
  options: { shop: MailShop; to: string | null },
): Promise<Delivery & { to: string }> {
  const from = senderFor(mailer, options.shop);
  const to = options.to ?? (typeof from === "string" ? from : from.address);
  const delivery = await mailer.send(
    { ...renderStockAlert(data), from, to, orderId: 0, kind: `stock-${data.kind}-${data.alertId}` },
    { outboxOnly: !options.to },
  );
  return { ...delivery, to };
}
