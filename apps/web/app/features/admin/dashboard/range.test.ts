import { describe, expect, it } from "vitest";
import { dashboardPath, ordersListPath, presetDays, presetOf, rangeFromSearch } from "./range.ts";

const today = new Date("2026-11-25T15:00:00Z");

describe("presets", () => {
  it("end today, today counted in", () => {
    expect(presetDays("last7", today)).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(presetDays("last30", today)).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(presetDays("month", today)).toEqual({ from: "2026-11-01", to: "2026-11-25" });
  });

  it("are recognised from a range, a custom one is none", () => {
    expect(presetOf({ from: "2026-11-19", to: "2026-11-25" }, today)).toBe("last7");
    expect(presetOf({ from: "2026-11-01", to: "2026-11-25" }, today)).toBe("month");
    expect(presetOf({ from: "2026-11-02", to: "2026-11-25" }, today)).toBeNull();
  });
});

describe("the range in the URL", () => {
  it("round-trips a preset and a custom range", () => {
    for (const range of [presetDays("last7", today), presetDays("month", today), { from: "2026-01-05", to: "2026-02-10" }]) {
      const path = dashboardPath(range, today);
      const back = rangeFromSearch(new URL(path, "http://shop.test").searchParams, today);
      expect(back).toEqual({ ...range, invalid: false });
    }
  });

  it("leaves the default range out of the URL", () => {
    expect(dashboardPath(presetDays("last30", today), today)).toBe("/admin");
    expect(dashboardPath(presetDays("last7", today), today)).toBe("/admin?from=2026-11-19&to=2026-11-25");
  });

  it("takes the last 30 days for a bare URL, and says so when a range was refused", () => {
    expect(rangeFromSearch(new URLSearchParams(), today)).toEqual({ from: "2026-10-27", to: "2026-11-25", invalid: false });
    for (const query of [
      "from=2026-11-25&to=2026-11-01",
      "from=2026-02-30&to=2026-03-01",
      "from=2024-01-01&to=2026-01-01",
      "to=2026-11-01",
    ])
      expect(rangeFromSearch(new URLSearchParams(query), today)).toEqual({ from: "2026-10-27", to: "2026-11-25", invalid: true });
  });
});

describe("ordersListPath", () => {
  const range = { from: "2026-11-01", to: "2026-11-25" };
  it("opens a status tab in the same days", () => {
    expect(ordersListPath(range, { status: "on-hold" })).toBe("/admin/orders?status=on-hold&from=2026-11-01&to=2026-11-25");
  });

  it("opens an origin, its source escaped and left out when there is none", () => {
    expect(ordersListPath(range, { source_type: "typein", source: "(direct)" })).toBe(
      "/admin/orders?source_type=typein&source=%28direct%29&from=2026-11-01&to=2026-11-25",
    );
    expect(ordersListPath(range, { source_type: "unknown", source: "" })).toBe(
      "/admin/orders?source_type=unknown&from=2026-11-01&to=2026-11-25",
    );
  });
});
