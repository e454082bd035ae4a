/** The tracker over a cookie jar in memory: records, visits, pages, lifetimes, consent, the checkout fields. */
import {
  attributionFields,
  ATTRIBUTION_COOKIES as C,
  CONSENT_COOKIE,
  type CookieJar,
  clearAttribution,
  parsePairs,
  trackingAllowed,
} from "@cartwright/commerce/attribution";
import { describe, expect, it } from "vitest";
import { trackerConfig } from "./config.ts";
import { formatVisitDate, lifetimeMinutes, promoCodeFrom, type TrackerConfig, trackVisit } from "./tracker.ts";

/** Cookies with their lifetimes in minutes, as the tracker set them. */
function memoryJar() {
  const values = new Map<string, { value: string; minutes: number }>();
  const jar: CookieJar & { minutes(name: string): number | undefined; names(): string[] } = {
    get: (name) => values.get(name)?.value,
    set: (name, value, minutes) => void values.set(name, { value, minutes }),
    remove: (name) => void values.delete(name),
    minutes: (name) => values.get(name)?.minutes,
    names: () => [...values.keys()].sort(),
  };
  return jar;
}

const config: TrackerConfig = {
  lifetimeMinutes: lifetimeMinutes(6),
  domain: "shop.example",
  consent: "not-required",
  promoCode: false,
  fieldPrefix: "cw_order_attribution_",
};
const UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0";
const view = (url: string, referrer = "", now = new Date("2026-03-01T10:20:30.456Z")) => ({
  url: `https://shop.example${url}`,
  referrer,
  userAgent: UA,
  now,
  random: () => 0.25,
});
const pairs = (jar: CookieJar, name: string) => parsePairs(jar.get(name));

describe("lifetimes", () => {
  it("counts months as 30 days in whole minutes: 6 months are 259,200 minutes", () => {
    expect(lifetimeMinutes(6)).toBe(259_200);
    expect(lifetimeMinutes(0.5)).toBe(21_600);
    expect(lifetimeMinutes(0.00001)).toBe(0);
    expect(lifetimeMinutes(-1)).toBe(0);
  });

  it("takes the shop's settings, and none at all when attribution is off", () => {
    const settings = {
      orderAttribution: {
        enabled: true,
        lifetimeMonths: 6,
        consent: "required" as const,
        cookieDomain: ".Shop.Example",
        fieldPrefix: "cw_order_attribution_",
        promoCode: true,
      },
    };
    expect(trackerConfig(settings)).toEqual({
      lifetimeMinutes: 259_200,
      domain: "shop.example",
      consent: "required",
      promoCode: true,
      fieldPrefix: "cw_order_attribution_",
    });
    expect(trackerConfig({ orderAttribution: { ...settings.orderAttribution, enabled: false } })).toBeNull();
  });
});

describe("a visitor's journey", () => {
  it("lands from a search with a campaign, browses, comes back directly in the same session and keeps the campaign", () => {
    const jar = memoryJar();
    trackVisit(config, view("/?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "https://www.google.com/"), jar);
    expect(pairs(jar, C.current)).toMatchObject({ typ: "utm", src: "newsletter", mdm: "email", cmp: "spring", trm: "(none)" });
    expect(jar.get(C.first)).toBe(jar.get(C.current));
    expect(pairs(jar, C.currentAdd)).toEqual({
      fd: "2026-03-01 10:20:30",
      ep: "https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
      rf: "https://www.google.com/",
    });
    expect(pairs(jar, C.session)).toEqual({
      pgs: "1",
      cpg: "https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
    });
    expect(pairs(jar, C.udata)).toEqual({ vst: "1", uip: "(none)", uag: UA });
    expect(jar.minutes(C.current)).toBe(259_200);
    expect(jar.minutes(C.session)).toBe(30);

    trackVisit(config, view("/product/hoodie", "https://shop.example/"), jar);
    trackVisit(config, view("/cart", "https://shop.example/product/hoodie"), jar);
    // Typed in again, same session.
    trackVisit(config, view("/"), jar);
    expect(pairs(jar, C.current)).toMatchObject({ typ: "utm", src: "newsletter" });
    expect(pairs(jar, C.session)?.pgs).toBe("4");
    expect(pairs(jar, C.udata)?.vst).toBe("1");
    expect(pairs(jar, C.currentAdd)?.ep).toContain("utm_source=newsletter");
  });

  it("counts a new visit when the session has lapsed, and a later referral replaces current but never first", () => {
    const jar = memoryJar();
    trackVisit(config, view("/"), jar);
    expect(pairs(jar, C.current)).toMatchObject({ typ: "typein", src: "(direct)", mdm: "(none)" });
    jar.remove(C.session); // 30 minutes later
    trackVisit(config, view("/", "https://www.facebook.com/groups/x"), jar);
    expect(pairs(jar, C.current)).toMatchObject({ typ: "referral", src: "facebook.com", mdm: "referral", cnt: "/groups/x" });
    expect(pairs(jar, C.first)).toMatchObject({ typ: "typein" });
    expect(pairs(jar, C.firstAdd)?.rf).toBe("(none)");
    expect(pairs(jar, C.currentAdd)?.rf).toBe("https://www.facebook.com/groups/x");
    expect(pairs(jar, C.udata)?.vst).toBe("2");
    expect(pairs(jar, C.session)?.pgs).toBe("1");
  });

  it("gives a promo code once, when the shop hands them out", () => {
    const jar = memoryJar();
    trackVisit({ ...config, promoCode: true }, view("/"), jar);
    expect(pairs(jar, C.promo)).toEqual({ code: "325000" });
    trackVisit({ ...config, promoCode: true }, { ...view("/"), random: () => 0.9 }, jar);
    expect(pairs(jar, C.promo)).toEqual({ code: "325000" });
    expect(promoCodeFrom(0)).toBe("100000");
    expect(promoCodeFrom(0.9999999)).toBe("999999");
  });

  it("writes the visit date as YYYY-MM-DD HH:MM:SS in UTC", () => {
    expect(formatVisitDate(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31 23:59:59");
  });
});

describe("consent", () => {
  it("sets cookies without asking when the shop needs no consent, until the visitor withdraws it", () => {
    const jar = memoryJar();
    expect(trackingAllowed(config, jar)).toBe(true);
    jar.set(CONSENT_COOKIE, "deny", 0);
    expect(trackingAllowed(config, jar)).toBe(false);
  });

  it("needs the visitor's consent when the shop requires it", () => {
    const jar = memoryJar();
    const required = { ...config, consent: "required" as const };
    expect(trackingAllowed(required, jar)).toBe(false);
    jar.set(CONSENT_COOKIE, "allow", 0);
    expect(trackingAllowed(required, jar)).toBe(true);
  });

  it("deletes every attribution cookie when consent is withdrawn, and only those", () => {
    const jar = memoryJar();
    trackVisit({ ...config, promoCode: true }, view("/?utm_source=x"), jar);
    jar.set("cw_session", "cart", 0);
    expect(jar.names()).toHaveLength(8);
    clearAttribution(jar);
    expect(jar.names()).toEqual(["cw_session"]);
  });
});

describe("the checkout fields", () => {
  it("map the cookies onto the 16 fields", () => {
    const jar = memoryJar();
    trackVisit(config, view("/?utm_source=google&utm_medium=cpc&utm_term=hoodie", "https://www.google.com/"), jar);
    trackVisit(config, view("/checkout", "https://shop.example/"), jar);
    expect(attributionFields(jar)).toEqual({
      source_type: "utm",
      referrer: "https://www.google.com/",
      utm_campaign: "(none)",
      utm_source: "google",
      utm_medium: "cpc",
      utm_content: "(none)",
      utm_id: "(none)",
      utm_term: "hoodie",
      utm_source_platform: "(none)",
      utm_creative_format: "(none)",
      utm_marketing_tactic: "(none)",
      session_entry: "https://shop.example/?utm_source=google&utm_medium=cpc&utm_term=hoodie",
      session_start_time: "2026-03-01 10:20:30",
      session_pages: "2",
      session_count: "1",
      user_agent: UA,
    });
  });

  it("are null when nothing was tracked", () => {
    expect(attributionFields(memoryJar())).toBeNull();
  });
});
