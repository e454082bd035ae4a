import { describe, expect, it } from "vitest";
import {
  addDays,
  FORM_MESSAGES,
  fill,
  formatTime,
  isCalendarDate,
  isMaskComplete,
  isOnStep,
  isRestrictedDomain,
  isValidEmail,
  isValidPhoneNumber,
  isValidWebAddress,
  isWithinTimeLimit,
  megabytes,
  parseNumber,
  parseTime12h,
  parseTime24h,
  passwordClassLevel,
  withScheme,
} from "./rules.ts";

describe("the spec's quoted messages (§5.4)", () => {
  it("are the catalogue's", () => {
    expect(FORM_MESSAGES.required).toBe("This field is required.");
    expect(FORM_MESSAGES.email).toBe("Please enter a valid email address.");
    expect(fill(FORM_MESSAGES.maxLength, { 0: 2000 })).toBe("Please enter no more than 2000 characters.");
    expect(fill(FORM_MESSAGES.min, { 0: 5 })).toBe("Please enter a value greater than or equal to 5");
    expect(fill(FORM_MESSAGES.max, { 0: 10 })).toBe("Please enter a value less than or equal to 10");
  });
  it("fill named and numbered placeholders, leaving unknown ones", () => {
    expect(fill(FORM_MESSAGES.checkLimit, { "#": 2 })).toBe("Please choose no more than 2 options.");
    expect(fill(FORM_MESSAGES.timeLimit, { minTime: "9:00 AM", maxTime: "5:00 PM" })).toBe("Please enter a time from 9:00 AM to 5:00 PM.");
    expect(fill(FORM_MESSAGES.totalSize, { totalSize: "3.5", maxSize: "2" })).toBe(
      "The selected files come to 3.5 MB, above the limit of 2 MB.",
    );
    expect(fill("{0} {x}", {})).toBe("{0} {x}");
  });
});

describe("email (WPForms rules, 6–254)", () => {
  const local63 = "a".repeat(63);
  it.each([
    ["a@b.co", true],
    ["a@b.c", false],
    [`${local63}@example.com`, true],
    [`${local63}a@example.com`, false],
    [`a@${"b".repeat(63)}.com`, true],
    [`a@${"b".repeat(64)}.com`, false],
    [`${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}.com`, true],
    [`${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}.com`, false],
    ["a.@b.com", true], // WPForms checks dots only at the ends of the whole address
    ["a.@b.com", true], // WPForms checks dots only at the ends of the whole address
    ["a..b@c.com", false],
    ["a@b..com", false],
    ["a@-b.com", false],
    ["a@localhost", false],
    ["jane.doe+tee@shop.example", true],
  ])("%s → %s", (address, valid) => {
    expect(isValidEmail(address)).toBe(valid);
  });

  it.each([
    ["jo@mailinator.com", true],
    ["jo@MAILINATOR.com", true],
    ["jo@a.mailinator.com", true],
    ["jo@notmailinator.com", false],
    ["jo@example.org", true],
    ["jo@example.com", false],
  ])("restricted %s → %s", (address, restricted) => {
    expect(isRestrictedDomain(address, ["mailinator.com", "example.org"])).toBe(restricted);
  });
});

describe("url: https:// prepended", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["  shop.example/help ", "https://shop.example/help"],
    ["//cdn.example/x", "https://cdn.example/x"],
    ["http://example.com", "http://example.com"],
    ["https://example.com", "https://example.com"],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(withScheme(input)).toBe(output);
  });
  it.each([
    ["https://example.com", true],
    ["http://example.com/a?b=c", true],
    ["https://localhost", false],
    ["javascript:alert(1)", false],
    ["ftp://example.com", false],
    ["https://exa mple.com", false],
  ])("%j valid %s", (url, valid) => {
    expect(isValidWebAddress(url)).toBe(valid);
  });
});

describe("numbers and steps (from min)", () => {
  it.each([
    ["12", 12],
    ["-3.5", -3.5],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", null],
    ["+1", null],
    ["1,5", null],
    ["", null],
    ["--1", null],
  ])("%j → %j", (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });
  it.each([
    [10, 5, 0, true],
    [12, 5, 0, false],
    [7, 5, 2, true],
    [8, 5, 2, false],
    [0.3, 0.1, 0, true],
    [0.35, 0.1, 0, false],
    [1.15, 0.05, 1, true],
    [-4, 2, 0, true],
    [3, 0, 0, true],
  ])("%s on a step of %s from %s → %s", (value, step, base, ok) => {
    expect(isOnStep(value, step, base)).toBe(ok);
  });
});

describe("time12h and time24h (§5.4)", () => {
  it.each([
    ["9 AM", 540],
    ["9:30 am", 570],
    ["09:30:15 PM", 21 * 60 + 30],
    ["12:00 AM", 0],
    ["12:00 PM", 720],
    ["11:59PM", 23 * 60 + 59],
    ["1:00 p.m.", 780],
    ["13:00 PM", null],
    ["0:30 AM", null],
    ["9:60 AM", null],
    ["9:30", null],
  ])("12h %j → %j", (text, minutes) => {
    expect(parseTime12h(text)).toBe(minutes);
  });
  it.each([
    ["0:00", 0],
    ["23:59", 1439],
    ["09:05", 545],
    ["24:00", null],
    ["12:60", null],
    ["9 AM", null],
    ["12", null],
  ])("24h %j → %j", (text, minutes) => {
    expect(parseTime24h(text)).toBe(minutes);
  });
  it.each([
    [540, "12h", "9:00 AM"],
    [1020, "12h", "5:00 PM"],
    [0, "12h", "12:00 AM"],
    [725, "12h", "12:05 PM"],
    [545, "24h", "09:05"],
  ] as const)("formats %s as %s %s", (minutes, format, text) => {
    expect(formatTime(minutes, format)).toBe(text);
  });
  it.each([
    [540, 540, 1020, true],
    [1020, 540, 1020, true],
    [539, 540, 1020, false],
    [1021, 540, 1020, false],
    [23 * 60, 22 * 60, 2 * 60, true],
    [60, 22 * 60, 2 * 60, true],
    [120, 22 * 60, 2 * 60, true],
    [121, 22 * 60, 2 * 60, false],
    [12 * 60, 22 * 60, 2 * 60, false],
  ])("time-limit: %s within %s..%s → %s (wrapping past midnight)", (minutes, min, max, ok) => {
    expect(isWithinTimeLimit(minutes, min, max)).toBe(ok);
  });
});

describe("masks, phones, dates, sizes", () => {
  it.each([
    ["(999) 999-9999", "(555) 123-4567", true],
    ["(999) 999-9999", "(555) 123-456", false],
    ["(999) 999-9999", "(555) 123-456a", false],
    ["aa-9999", "AB-1234", true],
    ["aa-9999", "A1-1234", false],
    ["***", "a1B", true],
    ["***", "a1-", false],
  ])("mask %j with %j complete %s", (mask, value, ok) => {
    expect(isMaskComplete(mask, value)).toBe(ok);
  });
  it.each([
    ["+1 (555) 123-4567", true],
    ["555.123.4567", true],
    ["1234", true],
    ["123", false],
    ["+1234567890123456", false],
    ["555-CALL", false],
  ])("phone %j → %s", (phone, ok) => {
    expect(isValidPhoneNumber(phone)).toBe(ok);
  });
  it.each([
    ["2026-02-28", true],
    ["2026-02-29", false],
    ["2028-02-29", true],
    ["2026-13-01", false],
    ["26-01-01", false],
  ])("date %s → %s", (date, ok) => {
    expect(isCalendarDate(date)).toBe(ok);
  });
  it("adds days across month ends", () => {
    expect(addDays("2026-11-29", 3)).toBe("2026-12-02");
  });
  it.each([
    [2 * 1024 * 1024, "2"],
    [3.5 * 1024 * 1024, "3.5"],
    [1536 * 1024 + 1, "1.5"],
    [100 * 1024 * 1024, "100"],
  ])("%s bytes are %s MB", (bytes, text) => {
    expect(megabytes(bytes)).toBe(text);
  });
});

describe("password strength (reading B's class rules)", () => {
  it.each([
    ["abc", 0],
    ["abcdef", 0],
    ["abcde1", 1],
    ["Abcdef", 1],
    ["Abcd1!", 1],
    ["Abcde1!x", 2],
    ["Abcdefg1", 1],
    ["Abcde1!xyz", 3],
    ["Ábcdé1!xýz", 3],
    ["aaaaaaaaaaaaaaaaaaaa", 0],
  ] as const)("%j → %s", (password, level) => {
    expect(passwordClassLevel(password)).toBe(level);
  });
});
