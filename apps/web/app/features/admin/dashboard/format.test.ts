import { describe, expect, it } from "vitest";
import type { DailySales } from "./api.ts";
import { formatDay, moneyFormat } from "./format.ts";
import { dashboardMessages } from "./messages.ts";
import { chartSummary } from "./SalesChart.tsx";

// Intl puts no-break spaces between a code and its amount.
const spaced = (text: string) => text.replace(/\s/g, " ");

describe("moneyFormat", () => {
  it("writes minor units with the currency's own decimals", () => {
    expect(moneyFormat("USD", undefined, "en").amount(123_450)).toBe("$1,234.50");
    expect(moneyFormat("JPY", undefined, "en").amount(1_500)).toBe("¥1,500");
    // In the decimals the shop keeps its amounts in, when the reply says them.
    expect(moneyFormat("JPY", 2, "en").amount(2_681)).toBe("¥26.81");
    expect(moneyFormat("USD", 0, "en").amount(2_000)).toBe("$2,000");
    expect(moneyFormat("USD", 0, "en").unit).toBe(1);
    expect(spaced(moneyFormat("KWD", undefined, "en").amount(1_234))).toBe("KWD 1.234");
    expect(spaced(moneyFormat("EUR", undefined, "de").amount(99))).toBe("0,99 €");
  });

  it("drops the cents on the axis", () => {
    expect(moneyFormat("USD", undefined, "en").whole(250_000)).toBe("$2,500");
    expect(moneyFormat("USD", undefined, "en").whole(62_500)).toBe("$625");
  });

  it("still writes an amount for a code Intl does not know", () => {
    expect(moneyFormat("XX1", undefined, "en").amount(1_050)).toBe("10.50 XX1");
  });
});

describe("chartSummary", () => {
  const usd = moneyFormat("USD", undefined, "en");
  const day = (date: string, orders: number, sales: number): DailySales => ({ date, orders, sales });

  it("names the range, the total, the orders and the best day from the reply's series", () => {
    const text = chartSummary([day("2026-11-23", 1, 2_000), day("2026-11-24", 0, 0), day("2026-11-25", 2, 5_050)], usd);
    expect(text).toContain(`from ${formatDay("2026-11-23")} to ${formatDay("2026-11-25")}`);
    expect(text).toContain("$70.50 from 3 orders in all");
    expect(text).toContain(`the best day was ${formatDay("2026-11-25")} with $50.50`);
  });

  it("names no best day when nothing sold", () => {
    const text = chartSummary([day("2026-11-24", 0, 0), day("2026-11-25", 0, 0)], usd);
    expect(text).toContain("$0.00 from 0 orders in all.");
    expect(text).not.toContain("best day");
  });
});

describe("the note on orders in another currency", () => {
  it("names the shop's currency and each other one with its paid orders", () => {
    expect(dashboardMessages.otherCurrencies("EUR", [{ currency: "USD", orders: 1 }])).toBe(
      "These figures are in EUR, the shop's currency. Not counted: 1 paid order in USD, placed before the currency changed.",
    );
    expect(
      dashboardMessages.otherCurrencies("EUR", [
        { currency: "GBP", orders: 2 },
        { currency: "USD", orders: 1_204 },
      ]),
    ).toBe(
      "These figures are in EUR, the shop's currency. Not counted: 2 paid orders in GBP, 1,204 paid orders in USD, placed before the currency changed.",
    );
  });
});
