import { type Currency, currencyFields, DEFAULT_CURRENCY } from "@cartwright/commerce";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../db/revisions.ts";
import type { RateOption } from "../shipping/index.ts";
import { rateView } from "./cart-view.ts";

const usd = (): Currency => ({ ...DEFAULT_CURRENCY });
const pickup = (): RateOption => ({
  rate_id: "pickup_location:1",
  instance_id: 1,
  method_id: "pickup_location",
  name: "Local pickup (Main Street Store)",
  description: "Open every day 9am–6pm.",
  delivery_time: "",
  cost: 0,
  taxable: false,
  meta_data: [{ key: "pickup_location", value: "Main Street Store" }],
});
const viewOf = (rate: RateOption, taxes: number, selected: boolean, currency: Currency) =>
  rateView(rate, taxes, selected, currency, currencyFields(currency));

describe("a shipping rate's view (decision 0122)", () => {
  it("is the Store API's rate: the option without its cost and tax flag, with price, taxes, choice and currency", () => {
    const currency = deepFreeze(usd());
    const { cost: _cost, taxable: _taxable, ...shown } = pickup();
    expect(viewOf(deepFreeze(pickup()), 36, true, currency)).toEqual({
      ...shown,
      price: "0",
      taxes: "36",
      selected: true,
      ...currencyFields(currency),
    });
  });

  it("is one frozen object per shared option, tax, choice and currency, which every cart offered it sends", () => {
    const rate = deepFreeze(pickup());
    const currency = deepFreeze(usd());
    const view = viewOf(rate, 0, false, currency);
    expect(Object.isFrozen(view)).toBe(true);
    expect(viewOf(rate, 0, false, currency)).toBe(view);
    expect(viewOf(rate, 0, true, currency)).not.toBe(view);
    expect(viewOf(rate, 36, true, currency).taxes).toBe("36");
    // Another settings revision's currency object: views of its own, though the texts be the same.
    const euro = deepFreeze({ ...usd(), code: "EUR", symbol: "€", prefix: "€" });
    expect(viewOf(rate, 0, false, euro).currency_code).toBe("EUR");
    expect(viewOf(rate, 0, false, deepFreeze(usd()))).not.toBe(view);
  });

  it("is made afresh, and left unfrozen, for an option that is not shared", () => {
    const rate = pickup();
    const currency = deepFreeze(usd());
    const view = viewOf(rate, 0, false, currency);
    expect(Object.isFrozen(view)).toBe(false);
    expect(viewOf(rate, 0, false, currency)).not.toBe(view);
  });
});
