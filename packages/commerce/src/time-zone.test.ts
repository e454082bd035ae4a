import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayIn,
  dayRange,
  dayStart,
  dayTimeText,
  longDate,
  offsetLabel,
  shortTime,
  spreadsheetDateTime,
  wallTimeToInstant,
  zoneOffset,
} from "./time-zone.ts";

const HOUR = 3_600_000;
const iso = (day: string, zone: string) => dayStart(day, zone).toISOString();
const hoursIn = (day: string, zone: string) => (dayStart(addDays(day, 1), zone).getTime() - dayStart(day, zone).getTime()) / HOUR;
const ZONES = [
  "UTC",
  "Europe/Paris",
  "Australia/Sydney",
  "America/Los_Angeles",
  "Asia/Kolkata",
  "America/Santiago",
  "Pacific/Chatham",
  "Asia/Kathmandu",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
];

describe("dayStart", () => {
  it("is midnight in UTC", () => {
    expect(iso("2026-11-30", "UTC")).toBe("2026-11-30T00:00:00.000Z");
  });

  it("follows Europe/Paris across the last Sundays of March and October", () => {
    expect(iso("2026-03-29", "Europe/Paris")).toBe("2026-03-28T23:00:00.000Z");
    expect(iso("2026-03-30", "Europe/Paris")).toBe("2026-03-29T22:00:00.000Z");
    expect(hoursIn("2026-03-29", "Europe/Paris")).toBe(23);
    expect(iso("2026-10-25", "Europe/Paris")).toBe("2026-10-24T22:00:00.000Z");
    expect(iso("2026-10-26", "Europe/Paris")).toBe("2026-10-25T23:00:00.000Z");
    expect(hoursIn("2026-10-25", "Europe/Paris")).toBe(25);
    expect(hoursIn("2026-06-15", "Europe/Paris")).toBe(24);
  });

  it("follows Australia/Sydney, whose summer is the northern winter", () => {
    expect(iso("2026-01-15", "Australia/Sydney")).toBe("2026-01-14T13:00:00.000Z");
    expect(iso("2026-07-15", "Australia/Sydney")).toBe("2026-07-14T14:00:00.000Z");
    expect(hoursIn("2026-04-05", "Australia/Sydney")).toBe(25);
    expect(hoursIn("2026-10-04", "Australia/Sydney")).toBe(23);
  });

  it("follows America/Los_Angeles on the second Sunday of March and the first of November", () => {
    expect(iso("2026-03-08", "America/Los_Angeles")).toBe("2026-03-08T08:00:00.000Z");
    expect(hoursIn("2026-03-08", "America/Los_Angeles")).toBe(23);
    expect(iso("2026-03-09", "America/Los_Angeles")).toBe("2026-03-09T07:00:00.000Z");
    expect(hoursIn("2026-11-01", "America/Los_Angeles")).toBe(25);
    expect(iso("2026-11-02", "America/Los_Angeles")).toBe("2026-11-02T08:00:00.000Z");
  });

  it("starts a day whose midnight the clocks skip at the jump (America/Santiago, September 2026)", () => {
    // Chile moves from -04:00 to -03:00 at 00:00 on the first Sunday of September: the day starts at 01:00.
    const start = dayStart("2026-09-06", "America/Santiago");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(dayIn(start.getTime() - 1, "America/Santiago")).toBe("2026-09-05");
    expect(hoursIn("2026-09-06", "America/Santiago")).toBe(23);
  });

  it("starts days past ±12 hours and at a quarter hour where those zones' clocks say so (no offset clamped, no UTC day)", () => {
    // Kiritimati is 14 hours ahead: its 1 May begins at 10:00 UTC on 30 April.
    expect(iso("2026-05-01", "Pacific/Kiritimati")).toBe("2026-04-30T10:00:00.000Z");
    expect(dayIn("2026-04-30T09:59:59.999Z", "Pacific/Kiritimati")).toBe("2026-04-30");
    expect(dayIn("2026-04-30T10:00:00.000Z", "Pacific/Kiritimati")).toBe("2026-05-01");
    // Pago Pago is 11 hours behind: its 1 May begins at 11:00 UTC on 1 May.
    expect(iso("2026-05-01", "Pacific/Pago_Pago")).toBe("2026-05-01T11:00:00.000Z");
    expect(dayIn("2026-05-02T10:59:59.999Z", "Pacific/Pago_Pago")).toBe("2026-05-01");
    // Kathmandu is 5:45 ahead: its day begins at 18:15 UTC, on a quarter hour.
    expect(iso("2026-05-01", "Asia/Kathmandu")).toBe("2026-04-30T18:15:00.000Z");
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"]) expect(hoursIn("2026-05-01", zone)).toBe(24);
  });

  it("is the first instant of its day and the one after the day before's last, in any zone (property)", () => {
    const days = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, fc.constantFrom(...ZONES), (day, zone) => {
        const start = dayStart(day, zone).getTime();
        expect(dayIn(start, zone)).toBe(day);
        expect(dayIn(start - 1, zone)).toBe(addDays(day, -1));
        const hours = hoursIn(day, zone);
        expect(hours).toBeGreaterThanOrEqual(23);
        expect(hours).toBeLessThanOrEqual(25);
      }),
      { numRuns: 400 },
    );
  });
});

describe("dayIn", () => {
  it("puts the instants either side of a local midnight on their own days", () => {
    expect(dayIn("2026-11-29T12:59:59.999Z", "Australia/Sydney")).toBe("2026-11-29");
    expect(dayIn("2026-11-29T13:00:00.000Z", "Australia/Sydney")).toBe("2026-11-30");
    expect(dayIn("2026-11-30T07:59:59.000Z", "America/Los_Angeles")).toBe("2026-11-29");
    expect(dayIn("2026-11-30T08:00:00.000Z", "America/Los_Angeles")).toBe("2026-11-30");
    expect(dayIn("2026-11-30T08:00:00.000Z", "UTC")).toBe("2026-11-30");
  });

  it("agrees with Intl's en-CA date in the zone (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        const intl = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
        expect(dayIn(ms, zone)).toBe(intl);
      }),
    );
  });
});

describe("dayRange", () => {
  it("covers a Paris range from its first midnight to the midnight after its last day", () => {
    expect(dayRange("2026-10-24", "2026-10-25", "Europe/Paris")).toEqual({
      start: "2026-10-23T22:00:00.000Z",
      end: "2026-10-25T23:00:00.000Z",
    });
  });
});

describe("wallTimeToInstant", () => {
  it("reads a wall-clock time in the zone, and a skipped time an hour on, as Temporal's 'compatible' reads it", () => {
    expect(wallTimeToInstant("2026-07-01", "09:30", "Europe/Paris").toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(wallTimeToInstant("2026-03-29", "02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on the last Sunday of October: the first is taken.
    expect(wallTimeToInstant("2026-10-25", "02:30", "Europe/Paris").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
});

describe("labels", () => {
  it("writes the day and the time as Intl's en-US long date and short time in the zone (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(longDate(ms, zone)).toBe(new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: zone }).format(ms));
        expect(shortTime(ms, zone)).toBe(
          new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: zone }).format(ms).replace(/\s/g, " "),
        );
      }),
    );
  });

  it("writes a day and a 24-hour time naming the zone, in UTC as before", () => {
    expect(dayTimeText("2026-11-29T14:05:59.000Z", "UTC")).toBe("2026-11-29 14:05 UTC");
    expect(dayTimeText("2026-11-29T14:05:59.000Z", "Australia/Sydney")).toBe("2026-11-30 01:05 GMT+11");
    expect(dayTimeText("2026-07-01T14:05:00.000Z", "America/Los_Angeles")).toBe("2026-07-01 07:05 PDT");
  });

  it("writes a spreadsheet's date and time on the zone's clock, across Paris' autumn change, and nothing for no instant", () => {
    // Paris goes back from +02:00 to +01:00 at 3 AM on Sunday 25 October 2026.
    expect(spreadsheetDateTime("2026-10-24T22:30:05.000Z", "Europe/Paris")).toBe("2026-10-25 00:30:05");
    expect(spreadsheetDateTime("2026-10-25T02:30:00.000Z", "Europe/Paris")).toBe("2026-10-25 03:30:00");
    expect(spreadsheetDateTime("2026-11-25T09:30:00.999Z", "UTC")).toBe("2026-11-25 09:30:00");
    for (const none of [null, undefined, "", "not a date"]) expect(spreadsheetDateTime(none, "UTC")).toBe("");
  });

  it("names the offset in force", () => {
    expect(offsetLabel(Date.UTC(2026, 0, 15), "Australia/Sydney")).toBe("UTC+11:00");
    expect(offsetLabel(Date.UTC(2026, 6, 15), "America/Los_Angeles")).toBe("UTC-07:00");
    expect(offsetLabel(Date.UTC(2026, 6, 15), "Asia/Kolkata")).toBe("UTC+05:30");
    expect(offsetLabel(Date.UTC(2026, 6, 15), "UTC")).toBe("UTC");
    expect(zoneOffset(Date.UTC(2026, 6, 15, 12, 0, 0, 500), "Europe/Paris")).toBe(2 * HOUR);
  });
});
