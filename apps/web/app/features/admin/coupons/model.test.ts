import { describe, expect, it } from "vitest";
import { setShopAmountFormat, toMinor } from "../money.ts";
import { setShopTimeZone } from "../time-zone.ts";
import type { CouponInput } from "./api.ts";
import { emptyDraft, fromDraft, toDraft } from "./model.ts";

const USD = { currency_code: "USD", currency_minor_unit: 2 };
const JPY = { currency_code: "JPY", currency_minor_unit: 0 };

const coupon: CouponInput = {
  code: "spring",
  description: "Spring",
  type: "fixed_cart",
  amount: 550,
  enabled: true,
  free_shipping: false,
  individual_use: true,
  exclude_sale_items: false,
  product_ids: [1, 2],
  excluded_product_ids: [],
  category_ids: [3],
  excluded_category_ids: [4],
  minimum_spend: 5000,
  maximum_spend: null,
  expires_at: "2030-01-31T22:59:59.000Z",
  usage_limit: 10,
  usage_limit_per_user: null,
  limit_usage_to_x_items: 2,
  allowed_emails: ["*@example.com", "ada@shop.test"],
};

describe("the coupon form's draft", () => {
  it("reads whole units into minor units, refusing what is no amount", () => {
    expect(toMinor("5", 2)).toBe(500);
    expect(toMinor("5.5", 2)).toBe(550);
    expect(toMinor("12.5", 2)).toBe(1250);
    expect(toMinor("300", 0)).toBe(300);
    expect(toMinor("5.005", 2)).toBeUndefined();
    expect(toMinor("-1", 2)).toBeUndefined();
    expect(toMinor("five", 2)).toBeUndefined();
    // In the shop's separators (here "." and ","): "1,500" is fifteen hundred, "5,05" no amount, never five and a bit.
    expect(toMinor("5,05", 2)).toBeUndefined();
    expect(toMinor("1,500", 3)).toBe(1500000);
    expect(toMinor("1.500", 3)).toBe(1500);
  });

  it("goes to the form and back unchanged, the stored expiry kept while its day is", () => {
    const draft = toDraft(coupon, USD);
    expect(draft).toMatchObject({ amount: "5.50", minimum_spend: "50.00", product_ids: "1, 2", expires_on: "2030-01-31" });
    expect(fromDraft(draft, USD, coupon.expires_at)).toEqual({ ok: true, input: coupon });
    const later = fromDraft({ ...draft, expires_on: "2030-02-01" }, USD, coupon.expires_at);
    expect(later.ok && later.input.expires_at).toBe("2030-02-01T23:59:59.999Z");
  });

  it("expires at the end of its day in the shop's time zone", () => {
    const draft = { ...toDraft(coupon, USD), expires_on: "2030-12-31" };
    // Sydney is at +11:00 in its summer: the 31st ends at 13:00 UTC that day.
    const sydney = fromDraft(draft, USD, coupon.expires_at, "Australia/Sydney");
    expect(sydney.ok && sydney.input.expires_at).toBe("2030-12-31T12:59:59.999Z");
    const losAngeles = fromDraft(draft, USD, coupon.expires_at, "America/Los_Angeles");
    expect(losAngeles.ok && losAngeles.input.expires_at).toBe("2031-01-01T07:59:59.999Z");
    setShopTimeZone("Australia/Sydney");
    try {
      expect(toDraft({ ...coupon, expires_at: "2030-12-31T12:59:59.999Z" }, USD).expires_on).toBe("2030-12-31");
    } finally {
      setShopTimeZone("UTC");
    }
  });

  it("writes percentages as basis points and money in the currency's own decimals", () => {
    const percent = fromDraft({ ...emptyDraft(), code: "p", amount: "12.5" }, USD);
    expect(percent.ok && percent.input.amount).toBe(1250);
    const yen = fromDraft({ ...emptyDraft(), code: "y", type: "fixed_cart", amount: "300", minimum_spend: "1000" }, JPY);
    expect(yen.ok && [yen.input.amount, yen.input.minimum_spend]).toEqual([300, 1000]);
    expect(toDraft({ ...coupon, type: "percent", amount: 1250 }, USD).amount).toBe("12.5");
  });

  it("shows a percentage and money in the shop's decimal separator, and reads them back", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: " " });
    try {
      const draft = toDraft({ ...coupon, type: "percent", amount: 1250, minimum_spend: 150000 }, USD);
      expect(draft).toMatchObject({ amount: "12,5", minimum_spend: "1500,00" });
      const back = fromDraft({ ...draft, minimum_spend: "1 500,00" }, USD, coupon.expires_at);
      expect(back.ok && [back.input.amount, back.input.minimum_spend]).toEqual([1250, 150000]);
    } finally {
      setShopAmountFormat({ decimalSeparator: ".", thousandSeparator: "," });
    }
  });

  it("refuses a percentage with a thousand separator or the other decimal separator, naming the shop's format", () => {
    setShopAmountFormat({ decimalSeparator: ",", thousandSeparator: "." });
    try {
      for (const amount of ["1.000", "12.5", "12,555"]) {
        const refused = fromDraft({ ...emptyDraft(), code: "big", type: "percent", amount }, USD);
        expect(refused.ok ? {} : refused.errors, amount).toEqual({
          amount:
            'Enter a percentage as the shop writes numbers, such as 20 or 7,25: digits, "," before at most 2 decimal places, no "." between thousands.',
        });
      }
      // A fixed coupon's amount is money: grouped thousands read as the shop writes them.
      const fixed = fromDraft({ ...emptyDraft(), code: "big", type: "fixed_cart", amount: "1.000" }, USD);
      expect(fixed.ok && fixed.input.amount).toBe(100000);
    } finally {
      setShopAmountFormat({ decimalSeparator: ".", thousandSeparator: "," });
    }
  });

  it("reads the allowed e-mails one per line or split by commas, a line with a space staying one address", () => {
    const read = fromDraft(
      { ...emptyDraft(), code: "mails", amount: "5", allowed_emails: " bob@example.com \nnot an email\n\n*@shop.test, ada@shop.test" },
      USD,
    );
    expect(read.ok && read.input.allowed_emails).toEqual(["bob@example.com", "not an email", "*@shop.test", "ada@shop.test"]);
  });

  it("names in one round what the server would refuse without its database, beside the numbers it cannot read", () => {
    const draft = {
      ...emptyDraft(),
      code: "spring sale",
      type: "percent" as const,
      amount: "150",
      minimum_spend: "50",
      maximum_spend: "10",
      usage_limit: "0",
      usage_limit_per_user: "1.5",
      product_ids: "7",
      excluded_product_ids: "7",
    };
    const result = fromDraft(draft, USD);
    expect(result.ok ? {} : result.errors).toEqual({
      code: "A code has no spaces or commas.",
      amount: "A percentage is at most 100 %.",
      maximum_spend: "The maximum spend cannot be below the minimum spend.",
      excluded_product_ids: "A product cannot be both included and excluded.",
      usage_limit: expect.any(String),
      usage_limit_per_user: expect.any(String),
    });
  });

  it("leaves empty fields as none and names the fields that are not numbers", () => {
    const bare = fromDraft({ ...emptyDraft(), code: "free", free_shipping: true }, USD);
    expect(bare.ok && bare.input).toMatchObject({ amount: 0, minimum_spend: null, usage_limit: null, product_ids: [], expires_at: null });
    const wrong = fromDraft({ ...emptyDraft(), amount: "ten", usage_limit: "1.5", product_ids: "1, two", expires_on: "soon" }, USD);
    expect(wrong.ok ? [] : Object.keys(wrong.errors).sort()).toEqual(["amount", "code", "expires_at", "product_ids", "usage_limit"]);
  });

  it("refuses a limit of 0 or past the API's largest in the owner's words, not the schema's", () => {
    const zero = fromDraft(
      { ...emptyDraft(), code: "z", amount: "10", usage_limit: "0", usage_limit_per_user: "0", limit_usage_to_x_items: "0" },
      USD,
    );
    expect(zero.ok ? {} : zero.errors).toEqual({
      usage_limit: "Enter a whole number from 1 to 1,000,000,000.",
      usage_limit_per_user: "Enter a whole number from 1 to 1,000,000,000.",
      limit_usage_to_x_items: "Enter a whole number from 1 to 1,000,000,000.",
    });
    // A negative limit is a whole number, just outside the range: the message gives the range.
    const negative = fromDraft({ ...emptyDraft(), code: "n", amount: "10", usage_limit: "-3", usage_limit_per_user: "2.5" }, USD);
    expect(negative.ok ? {} : negative.errors).toEqual({
      usage_limit: "Enter a whole number from 1 to 1,000,000,000.",
      usage_limit_per_user: "Enter a whole number from 1 to 1,000,000,000.",
    });
    const huge = fromDraft({ ...emptyDraft(), code: "h", amount: "10", usage_limit: "1000000001" }, USD);
    expect(huge.ok ? [] : Object.keys(huge.errors)).toEqual(["usage_limit"]);
    const bounds = fromDraft({ ...emptyDraft(), code: "b", amount: "10", usage_limit: "1", usage_limit_per_user: "1000000000" }, USD);
    expect(bounds.ok && [bounds.input.usage_limit, bounds.input.usage_limit_per_user]).toEqual([1, 1_000_000_000]);
  });
});
