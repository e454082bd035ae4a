/** The owner's stock notices as written (decision 0099): subject, text and HTML, the product's words escaped. */
import { describe, expect, it } from "vitest";
import { renderStockAlert, type StockAlertEmailData } from "./stock-alert.ts";

const data = (patch: Partial<StockAlertEmailData> = {}): StockAlertEmailData => ({
  kind: "low",
  alertId: 7,
  siteTitle: "Cartwright Demo",
  productName: "Print <b>& frame</b>",
  options: "",
  sku: "P-1",
  stock: 2,
  lowAmount: 5,
  orderId: 12,
  editorUrl: "https://shop.example.com/admin/products/3",
  orderUrl: "https://shop.example.com/admin/orders/12",
  reportUrl: "https://shop.example.com/admin/stock?status=low",
  ...patch,
});

describe("renderStockAlert", () => {
  it("writes the low-stock notice with the product, its SKU, the stock left, the amount and the links", () => {
    const mail = renderStockAlert(data());
    expect(mail.subject).toBe("[Cartwright Demo] Product low in stock: Print <b>& frame</b>");
    expect(mail.text.split("\n")).toEqual([
      "Print <b>& frame</b> is low in stock: 2 units left (low at 5 units or fewer), after order #12.",
      "",
      "Product: Print <b>& frame</b>",
      "SKU: P-1",
      "Stock now: 2 units",
      "",
      "Edit the product: https://shop.example.com/admin/products/3",
      "See order #12: https://shop.example.com/admin/orders/12",
      "See the stock report: https://shop.example.com/admin/stock?status=low",
      "",
    ]);
    expect(mail.html).toContain("Print &lt;b&gt;&amp; frame&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>&");
  });

  it("names a variation's options, and the order that took more than the shelf held", () => {
    const mail = renderStockAlert(data({ kind: "backorder", productName: "Hoodie", options: "Red, L", stock: -3, sku: "" }));
    expect(mail.subject).toBe("[Cartwright Demo] Product on backorder: Hoodie (Red, L)");
    expect(mail.text).toContain("Order #12 took more of Hoodie (Red, L) than was in stock: 3 units on backorder.");
    expect(mail.text).not.toContain("SKU:");
  });

  it("writes the out-of-stock notice, without an order's link when none took it", () => {
    const mail = renderStockAlert(data({ kind: "out", stock: 0, orderId: null, orderUrl: null }));
    expect(mail.text.split("\n")[0]).toBe("Print <b>& frame</b> is out of stock: 0 units left.");
    expect(mail.text).not.toContain("See order");
  });
});
