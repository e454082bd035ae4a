/** The widget checks a schema cannot make (decision 0019): zones, origins, channel values per service. */
import { describe, expect, it } from "vitest";
import { channelValueError, isOrigin, isTimeZone, schemaErrors } from "./validation.ts";

describe("isTimeZone", () => {
  it.each(["", "UTC", "Europe/Paris", "America/Argentina/Buenos_Aires", "+5.5", "-3", "5:30", "+14"])("takes %j", (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });
  it.each(["Mars/Olympus", "+15", "5.5.5", "GMT+25", "Europe/"])("refuses %j", (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});

describe("isOrigin", () => {
  it.each(["https://blog.example.com", "http://localhost:3000", "https://xn--bcher-kva.example"])("takes %j", (origin) => {
    expect(isOrigin(origin)).toBe(true);
  });
  it.each([
    "https://blog.example.com/",
    "https://blog.example.com/path",
    "https://Blog.example.com",
    "https://blog.example.com:443",
    "ftp://blog.example.com",
    "blog.example.com",
    "https://user@blog.example.com",
    "*",
  ])("refuses %j", (origin) => {
    expect(isOrigin(origin)).toBe(false);
  });
});

describe("channelValueError", () => {
  it.each([
    ["WhatsApp", "+1 (555) 010-2030"],
    ["Phone", "+44 20 7946 0000"],
    ["SMS", "15550102040"],
    ["Email", "hello@example.com"],
    ["Telegram", "@cartwright_demo"],
    ["Facebook_Messenger", "cartwright.demo"],
    ["Skype", "live:.cid.123abc"],
    ["LinkedIn", "https://www.linkedin.com/company/example"],
    ["Link", "https://example.com/faq?x=1"],
    ["Waze", "48.8584, 2.2945"],
    ["Contact_Us", ""],
    ["Tawk", ""],
    ["Email", ""],
  ])("takes %s %j", (type, value) => {
    expect(channelValueError(type, value)).toBeNull();
  });
  it.each([
    ["WhatsApp", "call me"],
    ["Phone", "12"],
    ["Email", "hello@"],
    ["Link", "javascript:alert(1)"],
    ["Custom_Link_3", "/relative"],
    ["Telegram", "two words"],
    ["Waze", "somewhere"],
  ])("refuses %s %j", (type, value) => {
    expect(channelValueError(type, value)).toEqual(expect.any(String));
  });
});

describe("schemaErrors", () => {
  it("names each error by its full path, with the values an enum allows", async () => {
    expect(
      await schemaErrors({
        settings: { widget_color: "#12", cta_type: "grid", unknown: 1 },
        channels: [{ channel_type: "Email", is_mobile: "yes" }],
      }),
    ).toEqual({
      "settings.widget_color": "must be a colour such as #1d4ed8 (#rgb or #rrggbb)",
      "settings.cta_type": 'must be one of "simple-view", "chat-view"',
      "settings.unknown": "is not a field of a widget",
      "channels.0.is_mobile": "must be true or false",
    });
    expect(await schemaErrors({})).toEqual({});
    expect(await schemaErrors([])).toEqual({ body: "must be an object" });
  });
});
