/**
 * The owner's product list shows a variable product's stock as the shop shows it (decision 0148): from its priced
 * variations, with a hint when none has a price, not the product's own stored column. It runs in the `catalogue`
 * project (playwright.config.ts); its product is hidden from the catalogue and deleted at its end.
 */
import { expect, test } from "@playwright/test";
import { colorAttribute, ownerApiNonce } from "./support/owner.ts";
import { seriousViolations } from "./support/shopper-order.ts";

test("a variable product without a priced variation reads Out of stock in the console's list, then In stock once one is priced", async ({
  page,
}) => {
  const nonce = await ownerApiNonce(page);
  const color = await colorAttribute(page);
  const term = color.term;
  const name = `Unpriced Anorak ${Date.now()}`;
  // Saved before its prices, as an owner may: its own column says in stock, the default.
  const created = await page.request.post("/api/admin/v1/products", {
    headers: { nonce },
    data: {
      name,
      type: "variable",
      catalog_visibility: "hidden",
      attributes: [{ attribute_id: color.id, term_ids: [term("blue"), term("red")], used_for_variations: true }],
      variations: [
        { attributes: [{ attribute_id: color.id, term_id: term("blue") }] },
        { attributes: [{ attribute_id: color.id, term_id: term("red") }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const anorak = await created.json();
  try {
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    const stock = row.locator(".admin-products__stock");
    await expect(stock).toHaveText("Out of stockNo variation has a price yet");
    expect(await seriousViolations(page)).toEqual([]);
    // The list's stock filter finds it where the shop would.
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}&stock_status=outofstock`);
    await expect(row).toBeVisible();
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}&stock_status=instock`);
    await expect(row).toHaveCount(0);

    // The blue one priced: in stock, as the shop now shows it, and the hint gone.
    const variations = anorak.variations.map((v: Record<string, unknown>, i: number) => ({
      id: v.id,
      attributes: v.attributes,
      regular_price: i === 0 ? 6500 : null,
    }));
    const saved = await page.request.patch(`/api/admin/v1/products/${anorak.id}`, { headers: { nonce }, data: { variations } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}&stock_status=instock`);
    await expect(stock).toHaveText("In stock");
  } finally {
    await page.request.delete(`/api/admin/v1/products/${anorak.id}`, { headers: { nonce } });
  }
});
