import { describe, expect, it } from "vitest";
import { addMonths, dateBounds, isAllowed, localToday, longDate, monthGrid, monthTitle, moveByKey, startDate } from "./calendar.ts";

describe("the date picker's calendar", () => {
  it("lays a month out in weeks from Sunday, other months' days empty", () => {
    const grid = monthGrid("2026-11-25");
    expect(grid).toHaveLength(5);
    expect(grid[0]).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(grid[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    expect(monthGrid("2027-02-10")[0]?.slice(0, 2)).toEqual([null, "2027-02-01"]);
  });

  it("names months and days", () => {
    expect(monthTitle("2026-11-25")).toBe("November 2026");
    expect(longDate("2026-11-25")).toBe("Wednesday 25 November 2026");
  });

  it("moves by the APG keys, months kept inside the target month", () => {
    expect(moveByKey("2026-11-30", "ArrowRight", false)).toBe("2026-12-01");
    expect(moveByKey("2026-11-25", "ArrowUp", false)).toBe("2026-11-18");
    expect(moveByKey("2026-11-25", "Home", false)).toBe("2026-11-22");
    expect(moveByKey("2026-11-25", "End", false)).toBe("2026-11-28");
    expect(moveByKey("2027-01-31", "PageDown", false)).toBe("2027-02-28");
    expect(moveByKey("2026-11-25", "PageUp", true)).toBe("2025-11-25");
    expect(moveByKey("2026-11-25", "Tab", false)).toBeNull();
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
  });

  it("allows the days the server's rule allows: the later of minDate and today + minDaysAhead, up to maxDate", () => {
    const bounds = dateBounds({ minDaysAhead: 3, minDate: "2026-11-20", maxDate: "2027-01-31" }, "2026-11-25");
    expect(bounds).toEqual({ min: "2026-11-28", max: "2027-01-31" });
    expect(isAllowed("2026-11-27", bounds)).toBe(false);
    expect(isAllowed("2026-11-28", bounds)).toBe(true);
    expect(isAllowed("2027-02-01", bounds)).toBe(false);
    expect(dateBounds({}, "2026-11-25")).toEqual({});
  });

  it("opens on the typed day, else the first allowed one", () => {
    expect(startDate("2026-12-24", "2026-11-25", {})).toBe("2026-12-24");
    expect(startDate("2026-13-01", "2026-11-25", { min: "2026-11-28" })).toBe("2026-11-28");
    expect(startDate("", "2026-11-25", { max: "2026-10-01" })).toBe("2026-10-01");
    expect(localToday(new Date(2026, 10, 25, 23, 30))).toBe("2026-11-25");
  });
});
