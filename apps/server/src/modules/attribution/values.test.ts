/** Checking the checkout's attribution data, device types and origin labels (pure functions). */
import { describe, expect, it } from "vitest";
import { deviceType, originLabel, readOrderAttribution, withoutAttribution } from "./values.ts";

describe("readOrderAttribution", () => {
  it("is null without an entry", () => {
    expect(readOrderAttribution(undefined)).toBeNull();
    expect(readOrderAttribution({})).toBeNull();
    expect(readOrderAttribution({ "cw/order-attribution": null })).toBeNull();
  });

  it("trims values, drops (none), empty and unknown keys, turns counts into numbers, adds the device type", () => {
    expect(
      readOrderAttribution({
        "cw/order-attribution": {
          source_type: " organic ",
          utm_source: "google",
          utm_medium: "organic",
          utm_campaign: "(none)",
          utm_term: "",
          session_pages: "3",
          session_count: 2,
          user_agent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148",
          extra: "ignored",
        },
      }),
    ).toEqual({
      source_type: "organic",
      utm_source: "google",
      utm_medium: "organic",
      session_pages: 3,
      session_count: 2,
      user_agent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148",
      device_type: "Tablet",
    });
  });

  it.each([
    [[], "extensions[cw/order-attribution] is not an object."],
    [{ referrer: null }, "extensions[cw/order-attribution].referrer is not text."],
    [{ utm_source: 42 }, "extensions[cw/order-attribution].utm_source is not text."],
  ])("refuses %o, which no page sends", (entry, message) => {
    let thrown: unknown;
    try {
      readOrderAttribution({ "cw/order-attribution": entry });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "rest_invalid_param", status: 400, data: { params: { extensions: message } } });
  });

  it.each([
    [{ session_count: -1 }],
    [{ session_count: "1e3" }],
    [{ referrer: `https://${"a".repeat(1000)}` }],
    [{ source_type: "paid" }],
    // Only an order the owner makes in the console is "admin": a checkout cannot claim it.
    [{ source_type: "admin" }],
    [{ session_start_time: "yesterday" }],
  ])("drops %o, which a stale or edited cookie can hold", (entry) => {
    expect(readOrderAttribution({ "cw/order-attribution": { ...entry, utm_source: "google" } })).toEqual({ utm_source: "google" });
  });

  it("leaves the other extensions alone", () => {
    expect(withoutAttribution({ "cw/order-attribution": {}, "a/b": 1 })).toEqual({ "a/b": 1 });
    expect(withoutAttribution(undefined)).toEqual({});
  });
});

describe("deviceType", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1", "Mobile"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36", "Mobile"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/140.0 Safari/537.36", "Tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148", "Tablet"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36", "Desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15", "Desktop"],
  ])("%s → %s", (agent, expected) => {
    expect(deviceType(agent)).toBe(expected);
  });
});

describe("originLabel", () => {
  it.each([
    ["utm", "google", "Source: Google"],
    ["utm", "newsletter", "Source: Newsletter"],
    ["organic", "duckduckgo", "Organic: Duckduckgo"],
    ["referral", "facebook.com", "Referral: Facebook.com"],
    ["typein", "(direct)", "Direct"],
    ["admin", null, "Web admin"],
    [null, null, "Unknown"],
    ["other", "x", "Unknown"],
  ])("%s / %s → %s", (type, source, label) => {
    expect(originLabel(type, source)).toBe(label);
  });
});
