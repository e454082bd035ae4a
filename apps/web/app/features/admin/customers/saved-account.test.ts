/** The account a save answered, handed to the page it opens once. */
import { describe, expect, it } from "vitest";
import type { CustomerDetail } from "./api.ts";
import { handSavedAccount, takeSavedAccount } from "./saved-account.ts";

const account = (id: number): CustomerDetail => ({
  id,
  email: `c${id}@example.com`,
  first_name: "Ada",
  last_name: "Lovelace",
  role: "customer",
  created_at: "2026-12-06T10:00:00.000Z",
  payment_methods: [],
  version: "v".repeat(22),
  addresses: { billing: {}, shipping: {} },
  orders: [],
  totals: {
    orders: 0,
    paid_orders: 0,
    spend: 0,
    average_order: 0,
    first_order_at: null,
    last_order_at: null,
    currency_code: "USD",
    currency_minor_unit: 2,
  },
});

describe("the saved account's handoff", () => {
  it("gives the handed account to its own page once; the next visit reads it", () => {
    const saved = account(7);
    handSavedAccount(saved);
    expect(takeSavedAccount(7)).toBe(saved);
    expect(takeSavedAccount(7)).toBeUndefined();
  });

  it("gives another account's page nothing and drops what was handed, so no later visit shows it", () => {
    handSavedAccount(account(7));
    expect(takeSavedAccount(8)).toBeUndefined();
    expect(takeSavedAccount(7)).toBeUndefined();
  });
});
