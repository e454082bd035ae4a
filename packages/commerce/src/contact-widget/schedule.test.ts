import { describe, expect, it } from "vitest";
import { defaultTriggers } from "./defaults.ts";
import {
  countryAllows,
  type DayHoursRule,
  type DaysCode,
  dateRuleAllows,
  dayHoursRuleAllows,
  offsetMinutes,
  scheduleAllows,
  zonedParts,
} from "./index.ts";

const at = (iso: string) => new Date(iso);

function hoursTriggers(rules: DayHoursRule[], zone = "") {
  return { ...defaultTriggers(), has_day_hours_scheduling_rules: true, day_hours_scheduling_rules: rules, day_time_diff: zone };
}
function rule(days: DaysCode, start: string, end: string): DayHoursRule {
  const [sh, sm] = start.split(":").map(Number);
  const [eh, em] = end.split(":").map(Number);
  return { days, start_hours: sh ?? 0, start_min: sm ?? 0, end_hours: eh ?? 0, end_min: em ?? 0 };
}
function dateTriggers(start: string, end: string, zone = "") {
  return {
    ...defaultTriggers(),
    has_date_scheduling_rules: true,
    date_scheduling_rules: { start_date_time: start, end_date_time: end },
    time_diff: zone,
  };
}

describe("zonedParts", () => {
  it.each([
    ["2026-11-23T20:00:00Z", "", { year: 2026, month: 11, day: 23, hours: 20, minutes: 0, weekday: 1 }],
    ["2026-11-23T20:00:00Z", "Asia/Kolkata", { year: 2026, month: 11, day: 24, hours: 1, minutes: 30, weekday: 2 }],
    ["2026-11-23T20:00:00Z", "+5.5", { year: 2026, month: 11, day: 24, hours: 1, minutes: 30, weekday: 2 }],
    ["2026-11-23T20:00:00Z", "5:30", { year: 2026, month: 11, day: 24, hours: 1, minutes: 30, weekday: 2 }],
    ["2026-11-23T02:00:00Z", "-3:30", { year: 2026, month: 11, day: 22, hours: 22, minutes: 30, weekday: 0 }],
    ["2026-11-23T02:00:00Z", "-3", { year: 2026, month: 11, day: 22, hours: 23, minutes: 0, weekday: 0 }],
    ["2026-11-23T02:00:00Z", "UTC+2", { year: 2026, month: 11, day: 23, hours: 4, minutes: 0, weekday: 1 }],
    ["2026-12-31T23:30:00Z", "Europe/Paris", { year: 2027, month: 1, day: 1, hours: 0, minutes: 30, weekday: 5 }],
    // Unknown zones and offsets beyond ±14 h fall back to UTC.
    ["2026-11-23T20:00:00Z", "Mars/Olympus_Mons", { year: 2026, month: 11, day: 23, hours: 20, minutes: 0, weekday: 1 }],
    ["2026-11-23T20:00:00Z", "+15", { year: 2026, month: 11, day: 23, hours: 20, minutes: 0, weekday: 1 }],
    ["2026-11-23T20:00:00Z", "  ", { year: 2026, month: 11, day: 23, hours: 20, minutes: 0, weekday: 1 }],
    // Daylight-saving changes: Berlin springs forward at 01:00Z, New York falls back at 06:00Z.
    ["2026-03-29T00:59:00Z", "Europe/Berlin", { year: 2026, month: 3, day: 29, hours: 1, minutes: 59, weekday: 0 }],
    ["2026-03-29T01:00:00Z", "Europe/Berlin", { year: 2026, month: 3, day: 29, hours: 3, minutes: 0, weekday: 0 }],
    ["2026-11-01T05:30:00Z", "America/New_York", { year: 2026, month: 11, day: 1, hours: 1, minutes: 30, weekday: 0 }],
    ["2026-11-01T06:30:00Z", "America/New_York", { year: 2026, month: 11, day: 1, hours: 1, minutes: 30, weekday: 0 }],
    ["2026-11-01T04:00:00Z", "America/New_York", { year: 2026, month: 11, day: 1, hours: 0, minutes: 0, weekday: 0 }],
  ])("%s in %j", (iso, zone, parts) => {
    expect(zonedParts(at(iso), zone)).toEqual(parts);
  });

  it.each([
    ["+5.5", 330],
    ["5,5", 330],
    ["-3:30", -210],
    ["+05:45", 345],
    ["0", 0],
    ["-12", -720],
    ["+14", 840],
    ["+14:30", null],
    ["5:75", null],
    ["Asia/Kolkata", null],
  ])("offsetMinutes(%j) = %j", (text, minutes) => {
    expect(offsetMinutes(text)).toBe(minutes);
  });
});

describe("dayHoursRuleAllows: days codes (2026-11-22 is a Sunday)", () => {
  const week = ["22", "23", "24", "25", "26", "27", "28"].map((day) => at(`2026-11-${day}T12:00:00Z`)); // Sun … Sat
  const expected: Record<DaysCode, string> = {
    [-1]: "SMTWTFS",
    0: "S------",
    1: "-M-----",
    2: "--T----",
    3: "---W---",
    4: "----T--",
    5: "-----F-",
    6: "------S",
    7: "SMTWT--",
    8: "-MTWTF-",
    9: "S-----S",
  };
  it.each(Object.entries(expected))("days %s shows on %s", (days, pattern) => {
    const triggers = hoursTriggers([rule(Number(days) as DaysCode, "09:00", "17:00")]);
    const shown = week.map((now, i) => (dayHoursRuleAllows(triggers, now) ? "SMTWTFS"[i] : "-")).join("");
    expect(shown).toBe(pattern);
  });

  it("an unknown days code never matches", () => {
    expect(dayHoursRuleAllows(hoursTriggers([rule(12 as DaysCode, "00:00", "23:59")]), week[1] as Date)).toBe(false);
  });
});

describe("dayHoursRuleAllows: hour and minute boundaries (start and end minute included)", () => {
  const triggers = hoursTriggers([rule(-1, "09:15", "17:45")]);
  it.each([
    ["08:59", false],
    ["09:00", false],
    ["09:14", false],
    ["09:15", true],
    ["09:59", true],
    ["12:00", true],
    ["17:00", true],
    ["17:45", true],
    ["17:46", false],
    ["18:00", false],
  ])("09:15–17:45 at %s → %s", (time, shown) => {
    expect(dayHoursRuleAllows(triggers, at(`2026-11-23T${time}:30Z`))).toBe(shown);
  });

  it.each([
    ["10:19", false],
    ["10:20", true],
    ["10:40", true],
    ["10:41", false],
  ])("a rule inside one hour, 10:20–10:40, at %s → %s", (time, shown) => {
    expect(dayHoursRuleAllows(hoursTriggers([rule(-1, "10:20", "10:40")]), at(`2026-11-23T${time}:00Z`))).toBe(shown);
  });

  it("any rule that holds shows the widget; off or without rules, it always shows", () => {
    const two = hoursTriggers([rule(0, "09:00", "12:00"), rule(1, "13:00", "14:00")]);
    expect(dayHoursRuleAllows(two, at("2026-11-23T13:30:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(two, at("2026-11-23T10:00:00Z"))).toBe(false);
    expect(dayHoursRuleAllows({ ...two, has_day_hours_scheduling_rules: false }, at("2026-11-23T10:00:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(hoursTriggers([]), at("2026-11-23T10:00:00Z"))).toBe(true);
  });
});

describe("dayHoursRuleAllows: time zones", () => {
  it.each([
    ["+5.5", "2026-11-23T03:29:00Z", false],
    ["+5.5", "2026-11-23T03:30:00Z", true],
    ["Asia/Kolkata", "2026-11-23T03:29:00Z", false],
    ["Asia/Kolkata", "2026-11-23T03:30:00Z", true],
    ["Asia/Kolkata", "2026-11-23T04:30:00Z", true],
    ["Asia/Kolkata", "2026-11-23T04:31:00Z", false],
    ["-3:30", "2026-11-23T12:29:00Z", false],
    ["-3:30", "2026-11-23T12:30:00Z", true],
    ["Not/AZone", "2026-11-23T09:00:00Z", true],
    ["Not/AZone", "2026-11-23T03:30:00Z", false],
  ])("09:00–10:00 on Mondays in %j at %s → %s", (zone, iso, shown) => {
    expect(dayHoursRuleAllows(hoursTriggers([rule(1, "09:00", "10:00")], zone), at(iso))).toBe(shown);
  });

  it("matches the days code against the zone's day, not UTC's", () => {
    // Sunday 20:00 UTC is already Monday 01:30 in India.
    const mondays = hoursTriggers([rule(1, "00:00", "23:59")], "Asia/Kolkata");
    expect(dayHoursRuleAllows(mondays, at("2026-11-22T20:00:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(mondays, at("2026-11-23T19:00:00Z"))).toBe(false);
  });
});

describe("dayHoursRuleAllows: across midnight (the day code is the day the span began)", () => {
  const mondayNights = hoursTriggers([rule(1, "22:00", "02:00")]);
  it.each([
    ["2026-11-23T21:59:00Z", false], // Monday, before
    ["2026-11-23T22:00:00Z", true],
    ["2026-11-23T23:30:00Z", true],
    ["2026-11-24T00:00:00Z", true], // Tuesday, still Monday's span
    ["2026-11-24T01:00:00Z", true],
    ["2026-11-24T02:00:00Z", true],
    ["2026-11-24T02:01:00Z", false],
    ["2026-11-23T01:00:00Z", false], // Monday morning belongs to Sunday's span
    ["2026-11-24T23:30:00Z", false], // Tuesday night is not Monday's
  ])("Mondays 22:00–02:00 at %s → %s", (iso, shown) => {
    expect(dayHoursRuleAllows(mondayNights, at(iso))).toBe(shown);
  });

  it.each([
    ["2026-11-23T01:00:00Z", true], // Monday 01:00, Sunday's span
    ["2026-11-28T23:30:00Z", true], // Saturday night
    ["2026-11-28T01:00:00Z", false], // Saturday 01:00, Friday's span
    ["2026-11-22T23:30:00Z", true], // Sunday night
  ])("Sat–Sun 22:00–02:00 at %s → %s", (iso, shown) => {
    expect(dayHoursRuleAllows(hoursTriggers([rule(9, "22:00", "02:00")]), at(iso))).toBe(shown);
  });

  it("crosses midnight in the widget's zone", () => {
    // 22:00–02:00 Mondays in India: Monday 16:30Z … Monday 20:30Z.
    const india = hoursTriggers([rule(1, "22:00", "02:00")], "+5.5");
    expect(dayHoursRuleAllows(india, at("2026-11-23T16:29:00Z"))).toBe(false);
    expect(dayHoursRuleAllows(india, at("2026-11-23T16:30:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(india, at("2026-11-23T19:30:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(india, at("2026-11-23T20:31:00Z"))).toBe(false);
  });
});

describe("dayHoursRuleAllows: daylight-saving change days", () => {
  it.each([
    // Europe/Berlin 2026-03-29: 09:00 CEST is 07:00Z (it would be 08:00Z the day before).
    ["Europe/Berlin", "2026-03-29T06:59:00Z", false],
    ["Europe/Berlin", "2026-03-29T07:00:00Z", true],
    ["Europe/Berlin", "2026-03-29T15:00:00Z", true],
    ["Europe/Berlin", "2026-03-29T15:01:00Z", false],
    // America/New_York 2026-11-01: 09:00 EST is 14:00Z (13:00Z the day before, in EDT).
    ["America/New_York", "2026-11-01T13:00:00Z", false],
    ["America/New_York", "2026-11-01T13:59:00Z", false],
    ["America/New_York", "2026-11-01T14:00:00Z", true],
    ["America/New_York", "2026-11-01T22:00:00Z", true],
    ["America/New_York", "2026-11-01T22:01:00Z", false],
  ])("Sundays 09:00–17:00 in %s at %s → %s", (zone, iso, shown) => {
    expect(dayHoursRuleAllows(hoursTriggers([rule(0, "09:00", "17:00")], zone), at(iso))).toBe(shown);
  });

  it("the repeated hour in New York counts twice, the skipped hour in Berlin never", () => {
    const early = (zone: string) => hoursTriggers([rule(0, "01:00", "01:59")], zone);
    expect(dayHoursRuleAllows(early("America/New_York"), at("2026-11-01T05:30:00Z"))).toBe(true);
    expect(dayHoursRuleAllows(early("America/New_York"), at("2026-11-01T06:30:00Z"))).toBe(true);
    const skipped = hoursTriggers([rule(0, "02:00", "02:59")], "Europe/Berlin");
    expect(dayHoursRuleAllows(skipped, at("2026-03-29T00:59:00Z"))).toBe(false);
    expect(dayHoursRuleAllows(skipped, at("2026-03-29T01:00:00Z"))).toBe(false);
  });
});

describe("dateRuleAllows", () => {
  it.each([
    ["2026-11-23 09:00", "2026-11-23 17:30", "+5.5", "2026-11-23T03:29:00Z", false],
    ["2026-11-23 09:00", "2026-11-23 17:30", "+5.5", "2026-11-23T03:30:00Z", true],
    ["2026-11-23 09:00", "2026-11-23 17:30", "+5.5", "2026-11-23T12:00:00Z", true],
    ["2026-11-23 09:00", "2026-11-23 17:30", "+5.5", "2026-11-23T12:01:00Z", false],
    ["2026-11-23 09:00", "2026-11-23 17:30", "Asia/Kolkata", "2026-11-23T03:30:00Z", true],
    ["2026-11-23 09:00", "2026-11-23 17:30", "-3:30", "2026-11-23T12:30:00Z", true],
    ["2026-11-23 09:00", "2026-11-23 17:30", "-3:30", "2026-11-23T12:29:00Z", false],
    // Open ends.
    ["", "2026-11-23 17:30", "", "2020-01-01T00:00:00Z", true],
    ["", "2026-11-23 17:30", "", "2026-11-23T17:31:00Z", false],
    ["2026-11-23 09:00", "", "", "2099-01-01T00:00:00Z", true],
    ["2026-11-23 09:00", "", "", "2026-11-23T08:59:00Z", false],
    ["", "", "", "2026-11-23T08:59:00Z", true],
    ["  ", " ", "", "2026-11-23T08:59:00Z", true],
    // A bare date starts at 00:00 and ends at 23:59.
    ["2026-11-23", "2026-11-23", "", "2026-11-23T00:00:00Z", true],
    ["2026-11-23", "2026-11-23", "", "2026-11-23T23:59:59Z", true],
    ["2026-11-23", "2026-11-23", "", "2026-11-24T00:00:00Z", false],
    ["2026-11-23", "2026-11-23", "", "2026-11-22T23:59:00Z", false],
    ["2026-11-23T09:00:00", "", "", "2026-11-23T09:00:00Z", true],
    // The daylight-saving change day in Berlin: 03:00 CEST is 01:00Z.
    ["2026-03-29 03:00", "", "Europe/Berlin", "2026-03-29T00:59:00Z", false],
    ["2026-03-29 03:00", "", "Europe/Berlin", "2026-03-29T01:00:00Z", true],
    // An unknown zone is UTC.
    ["2026-11-23 09:00", "", "Nowhere/Land", "2026-11-23T09:00:00Z", true],
    ["2026-11-23 09:00", "", "Nowhere/Land", "2026-11-23T08:59:00Z", false],
  ])("%j … %j in %j at %s → %s", (start, end, zone, iso, shown) => {
    expect(dateRuleAllows(dateTriggers(start, end, zone), at(iso))).toBe(shown);
  });

  it("is ignored when switched off", () => {
    const past = { ...dateTriggers("2020-01-01 00:00", "2020-01-02 00:00"), has_date_scheduling_rules: false };
    expect(dateRuleAllows(past, at("2026-11-23T12:00:00Z"))).toBe(true);
  });
});

describe("countryAllows (spec §5.1)", () => {
  const only = (countries: string[]) => ({ ...defaultTriggers(), has_countries: true, countries });
  it.each([
    [["DE", "AT"], "DE", true],
    [["DE", "AT"], "at", true],
    [["DE", "AT"], "FR", false],
    [["DE", "AT"], "-", true],
    [["DE", "AT"], "", true],
    [[], "FR", true],
  ])("countries %j, visitor %j → %s", (countries, country, shown) => {
    expect(countryAllows(only(countries), country)).toBe(shown);
  });

  it("is ignored when switched off", () => {
    expect(countryAllows({ ...only(["DE"]), has_countries: false }, "FR")).toBe(true);
  });
});

describe("scheduleAllows", () => {
  it("needs the country, the date and the hours rules together", () => {
    const triggers = {
      ...dateTriggers("2026-11-01 00:00", "2026-11-30 23:59"),
      has_countries: true,
      countries: ["DE"],
      has_day_hours_scheduling_rules: true,
      day_hours_scheduling_rules: [rule(8, "09:00", "17:00")],
    };
    expect(scheduleAllows(triggers, at("2026-11-23T10:00:00Z"), "DE")).toBe(true);
    expect(scheduleAllows(triggers, at("2026-11-23T10:00:00Z"), "FR")).toBe(false);
    expect(scheduleAllows(triggers, at("2026-11-22T10:00:00Z"), "DE")).toBe(false);
    expect(scheduleAllows(triggers, at("2026-12-01T10:00:00Z"), "DE")).toBe(false);
  });
});
