import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OrderHistory } from "./api.ts";
import { TotalsSection } from "./DetailParts.tsx";

const totals = (paidInOtherCurrencies: number): OrderHistory["totals"] => ({
  orders: 7,
  paid_orders: 6,
  spend: 2681,
  average_order: 2681,
  paid_in_other_currencies: paidInOtherCurrencies,
  first_order_at: "2026-12-01T10:00:00.000Z",
  last_order_at: "2026-12-07T10:00:00.000Z",
  currency_code: "EUR",
  currency_minor_unit: 2,
});
const text = (of: OrderHistory["totals"]) =>
  renderToStaticMarkup(createElement(TotalsSection, { totals: of }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'");

describe("a customer's totals", () => {
  it("say when paid orders in another currency are left out of the spend and its average", () => {
    expect(text(totals(5))).toContain(
      "Spend and the average order are in EUR, the shop's currency: 5 paid orders in another currency, placed before it changed, are not added.",
    );
    expect(text(totals(1))).toContain("1 paid order in another currency, placed before it changed, is not added.");
    expect(text(totals(0))).not.toContain("another currency");
  });
});
