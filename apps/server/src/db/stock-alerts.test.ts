/** The crossing rule of the stock notices (decision 0099): which notices one stock move owes. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../modules/settings/index.ts";
import { stillStands } from "../modules/stock/index.ts";
import { type StockMove, stockCrossings } from "./stock-alerts.ts";

const move = (before: number, after: number, extra: Partial<StockMove> = {}): StockMove => ({
  before,
  after,
  lowAmount: 2,
  outAmount: 0,
  backorders: false,
  ...extra,
});

describe("stockCrossings", () => {
  it("owes 'low' only on the move that reaches the low amount from above", () => {
    expect(stockCrossings(move(5, 3))).toEqual([]);
    expect(stockCrossings(move(3, 2))).toEqual(["low"]);
    expect(stockCrossings(move(5, 1))).toEqual(["low"]);
    expect(stockCrossings(move(2, 1))).toEqual([]);
  });

  it("owes 'out' (and not 'low' too) on the move that reaches the out-of-stock amount from above", () => {
    expect(stockCrossings(move(1, 0))).toEqual(["out"]);
    expect(stockCrossings(move(9, 0))).toEqual(["out"]);
    expect(stockCrossings(move(0, -1))).toEqual([]);
    expect(stockCrossings(move(6, 3, { outAmount: 3, lowAmount: 5 }))).toEqual(["out"]);
    expect(stockCrossings(move(6, 4, { outAmount: 3, lowAmount: 5 }))).toEqual(["low"]);
  });

  it("owes 'backorder' for every move that leaves a backorderable product owing units, with 'out' when it also crossed", () => {
    expect(stockCrossings(move(1, -2, { backorders: true }))).toEqual(["out", "backorder"]);
    expect(stockCrossings(move(-2, -3, { backorders: true }))).toEqual(["backorder"]);
    expect(stockCrossings(move(1, 0, { backorders: true }))).toEqual(["out"]);
    expect(stockCrossings(move(1, -2))).toEqual(["out"]);
  });

  it("owes nothing for a move up or no move", () => {
    expect(stockCrossings(move(1, 5))).toEqual([]);
    expect(stockCrossings(move(-3, 0, { backorders: true }))).toEqual([]);
    expect(stockCrossings(move(2, 2))).toEqual([]);
  });

  it("a product's own amount of 0 or below the out-of-stock amount never owes 'low'", () => {
    expect(stockCrossings(move(3, 1, { lowAmount: 0 }))).toEqual([]);
    expect(stockCrossings(move(3, 0, { lowAmount: 0 }))).toEqual(["out"]);
  });
});

describe("stillStands", () => {
  it("a notice stands while the stock is still at or below what it crossed", () => {
    expect(stillStands("low", 2, 2, 0)).toBe(true);
    expect(stillStands("low", 3, 2, 0)).toBe(false);
    expect(stillStands("out", 0, 2, 0)).toBe(true);
    expect(stillStands("out", 1, 2, 0)).toBe(false);
    expect(stillStands("backorder", -1, 2, 0)).toBe(true);
    expect(stillStands("backorder", 0, 2, 0)).toBe(false);
  });
});

it("the statement's default amounts are the settings' defaults", () => {
  expect(DEFAULT_SETTINGS.lowStockAmount).toBe(2);
  expect(DEFAULT_SETTINGS.outOfStockAmount).toBe(0);
});
