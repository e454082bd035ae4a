import { describe, expect, it } from "vitest";
import { agentLink, channelLink, channelVisible, fillMarkers, type LinkableChannel, normaliseChannelValue, qrContent } from "./channels.ts";
import { defaultAgent, defaultChannel } from "./defaults.ts";
import { CHANNEL_KEYS, type Channel, type ChannelKey } from "./types.ts";

const page = { title: "Blue Hoodie & Co", url: "https://shop.example/product/hoodie?x=1" };
const desktop = { page, isMobile: false };
const mobile = { page, isMobile: true };

function channel(key: ChannelKey, value: string, extra: Partial<Channel> = {}): Channel {
  return { ...defaultChannel(key), value, pre_set_message: "", is_use_web_version: false, mail_subject: "", ...extra };
}

describe("normaliseChannelValue (spec §5.2)", () => {
  it.each([
    ["WhatsApp", "+1 (555) 010-2030", "15550102030"],
    ["WhatsApp", "+44_7700-900 123+", "447700900123"],
    ["Viber", " +380 67-123_4567 ", "380671234567"],
    ["Phone", "+1 555 010 2040", "15550102040"],
    ["SMS", "555.010.2040", "5550102040"],
    ["Telegram", "@cartwright_demo", "cartwright_demo"],
    ["Instagram", "@@shop@", "shop"],
    ["X", " @shop ", "shop"],
    ["TikTok", "shop_tok", "shop_tok"],
    ["Snapchat", "@snap-user", "snap-user"],
    ["Email", " hello@example.com ", "hello@example.com"],
    ["Link", " https://example.com/a ", "https://example.com/a"],
    ["WhatsApp", "https://chat.whatsapp.com/AbC", "https://chat.whatsapp.com/AbC"],
    ["Facebook_Messenger", "", ""],
  ] as const)("%s %j → %j", (key, value, expected) => {
    expect(normaliseChannelValue(key, value)).toBe(expected);
  });
});

describe("fillMarkers (spec §5.2)", () => {
  it("fills every {title} and {url} unencoded", () => {
    expect(fillMarkers("About {title} at {url} ({title})", page)).toBe(
      "About Blue Hoodie & Co at https://shop.example/product/hoodie?x=1 (Blue Hoodie & Co)",
    );
    expect(fillMarkers("no markers {other}", page)).toBe("no markers {other}");
  });
});

describe("channelLink: every channel key (reference B3)", () => {
  const cases: [ChannelKey, string, Partial<Channel>, boolean, string | null, boolean?][] = [
    ["WhatsApp", "+1 (555) 010-2030", {}, true, "https://wa.me/15550102030", true],
    ["WhatsApp", "+1 (555) 010-2030", { is_use_web_version: true }, false, "https://web.whatsapp.com/send?phone=15550102030", true],
    ["WhatsApp", "+1 (555) 010-2030", { is_use_web_version: true }, true, "https://wa.me/15550102030", true],
    ["WhatsApp", "+1 (555) 010-2030", { is_use_web_version: false }, false, "https://wa.me/15550102030", true],
    ["WhatsApp", "not a number", {}, true, null],
    ["WeChat", "cartwright_demo", {}, true, "weixin://dl/chat?cartwright_demo", false],
    ["WeChat", "", {}, true, null],
    ["Facebook_Messenger", "cartwright.demo", {}, false, "https://m.me/cartwright.demo", true],
    ["Telegram", "@cartwright_demo", {}, false, "https://t.me/cartwright_demo", true],
    ["Telegram", "+44 7700 900123", {}, false, "https://t.me/+447700900123", true],
    ["Viber", "+380 67 123 4567", {}, true, "viber://chat?number=%2B380671234567", false],
    ["Viber", "+380 67 123 4567", { viber_url: "viber://pa?chatURI=shopbot" }, true, "viber://pa?chatURI=shopbot", false],
    ["Viber", "", { viber_url: "javascript:alert(1)" }, true, null],
    ["Line", "@shopline", {}, true, "https://line.me/R/ti/p/%40shopline", true],
    ["Line", "~friend.id", {}, true, "https://line.me/R/ti/p/~friend.id", true],
    ["X", "@shop", {}, false, "https://x.com/shop", true],
    ["Instagram", "@shop.gram", {}, false, "https://www.instagram.com/shop.gram", true],
    ["Instagram_DM", "@shop.gram", {}, false, "https://ig.me/m/shop.gram", true],
    ["Skype", "live:shop", {}, false, "skype:live%3Ashop?chat", false],
    ["Snapchat", "@snapshop", {}, true, "https://www.snapchat.com/add/snapshop", true],
    ["VK", "shopvk", {}, true, "https://vk.me/shopvk", true],
    ["LinkedIn", "jane-doe", { link_type: "personal" }, false, "https://www.linkedin.com/in/jane-doe", true],
    ["LinkedIn", "acme", { link_type: "company" }, false, "https://www.linkedin.com/company/acme", true],
    ["TikTok", "@shoptok", {}, true, "https://www.tiktok.com/@shoptok", true],
    ["Waze", "52.5163, 13.3777", {}, true, "https://waze.com/ul?ll=52.5163,13.3777&navigate=yes", true],
    ["Waze", "https://waze.com/ul/hu33d", {}, true, "https://waze.com/ul/hu33d", true],
    ["Waze", "Berlin", {}, true, null],
    ["Tawk", "", {}, false, null],
    ["Email", "hello@example.com", {}, false, "mailto:hello@example.com", false],
    ["Email", "not-an-address", {}, false, null],
    ["SMS", "+1 555 010 2040", {}, true, "sms:+15550102040", false],
    ["SMS", "0301234567", {}, true, "sms:0301234567", false],
    ["Phone", "+1 555 010 2040", {}, true, "tel:+15550102040", false],
    ["Phone", "030 1234-567", {}, false, "tel:0301234567", false],
    ["Contact_Us", "", {}, false, null],
    ["Link", "https://example.com/help?a=1", {}, false, "https://example.com/help?a=1", true],
    ["Custom_Link", "mailto:help@example.com", {}, false, "mailto:help@example.com", false],
    ["Custom_Link_3", "tel:+15550102040", {}, false, "tel:+15550102040", false],
    ["Custom_Link_4", "javascript:alert(1)", {}, false, null],
    ["Custom_Link_5", " JavaScript:alert(document.cookie)", {}, false, null],
    ["Link", "data:text/html,<script>alert(1)</script>", {}, false, null],
    ["Link", "//evil.example/x", {}, false, null],
    ["Facebook_Messenger", "https://m.me/shop.page", {}, false, "https://m.me/shop.page", true],
    ["Instagram", "", {}, false, null],
  ];

  it.each(cases)("%s %j %j mobile=%s → %s", (key, value, extra, isMobile, href, newTab) => {
    const link = channelLink(channel(key, value, extra), { page, isMobile });
    if (href === null) expect(link).toBeNull();
    else expect(link).toEqual({ href, newTab });
  });

  it("covers every channel key", () => {
    expect(new Set(cases.map(([key]) => key))).toEqual(new Set(CHANNEL_KEYS));
  });

  it("never builds a javascript: link from any key's value", () => {
    for (const key of CHANNEL_KEYS) {
      for (const value of ["javascript:alert(1)", " javascript:alert(1)", "JAVASCRIPT:alert(1)"]) {
        const link = channelLink(channel(key, value, { viber_url: value }), mobile);
        expect(link?.href ?? "").not.toMatch(/^\s*javascript:/i);
      }
    }
  });
});

describe("channelLink: messages and markers", () => {
  it("WhatsApp carries the pre-set message with {title}/{url} filled and encoded (spaces %20)", () => {
    const link = channelLink(channel("WhatsApp", "+15550102030", { pre_set_message: "Hello, about {title} ({url})" }), mobile);
    expect(link?.href).toBe(
      "https://wa.me/15550102030?text=Hello%2C%20about%20Blue%20Hoodie%20%26%20Co%20(https%3A%2F%2Fshop.example%2Fproduct%2Fhoodie%3Fx%3D1)",
    );
  });

  it("the typed message replaces the pre-set one, also on the web version", () => {
    const ch = channel("WhatsApp", "15550102030", { pre_set_message: "pre-set", is_use_web_version: true });
    expect(channelLink(ch, { ...desktop, message: "Hi 👋 there" })?.href).toBe(
      "https://web.whatsapp.com/send?phone=15550102030&text=Hi%20%F0%9F%91%8B%20there",
    );
  });

  it("mailto has the subject filled, spaces as %20 never +", () => {
    const link = channelLink(channel("Email", "hello@example.com", { mail_subject: "Question about {title}" }), desktop);
    expect(link?.href).toBe("mailto:hello@example.com?subject=Question%20about%20Blue%20Hoodie%20%26%20Co");
    expect(link?.href).not.toContain("+");
  });

  it("mailto carries the pre-set message as its body", () => {
    const link = channelLink(channel("Email", "hello@example.com", { mail_subject: "Hi", pre_set_message: "Page: {url}" }), desktop);
    expect(link?.href).toBe("mailto:hello@example.com?subject=Hi&body=Page%3A%20https%3A%2F%2Fshop.example%2Fproduct%2Fhoodie%3Fx%3D1");
  });

  it("sms has its body filled and encoded", () => {
    const link = channelLink(channel("SMS", "+1 555 010 2040", { pre_set_message: "Saw {title}" }), mobile);
    expect(link?.href).toBe("sms:+15550102040?body=Saw%20Blue%20Hoodie%20%26%20Co");
  });
});

describe("agentLink", () => {
  it("uses the agent's value, message and web-version choice on the channel's service", () => {
    const ch = channel("WhatsApp", "", { is_agent: true });
    const agent = { ...defaultAgent(), value: "+49 151 2345678", pre_set_message: "Hi {title}", use_whatsapp_web: true };
    expect(agentLink(ch, agent, desktop)?.href).toBe("https://web.whatsapp.com/send?phone=491512345678&text=Hi%20Blue%20Hoodie%20%26%20Co");
    const li = channel("LinkedIn", "", { is_agent: true });
    expect(agentLink(li, { ...defaultAgent(), value: "acme", link_type: "company" }, desktop)?.href).toBe(
      "https://www.linkedin.com/company/acme",
    );
  });
});

describe("channelVisible (spec §5.1)", () => {
  it.each([
    ["Phone", "+15550102040", {}, false, true],
    ["Phone", "", {}, false, false],
    ["Phone", "  ", {}, false, false],
    ["Telegram", "@", {}, false, false],
    ["Phone", "+15550102040", { is_desktop: false }, false, false],
    ["Phone", "+15550102040", { is_desktop: false }, true, true],
    ["Phone", "+15550102040", { is_mobile: false }, true, false],
    ["Contact_Us", "", {}, false, true],
    ["Tawk", "", {}, true, true],
    ["Tawk", "", { is_mobile: false }, true, false],
  ] as const)("%s %j %j mobile=%s → %s", (key, value, extra, isMobile, shown) => {
    expect(channelVisible(channel(key, value, extra), isMobile)).toBe(shown);
  });

  it("an agent channel needs one agent with a value on the device that lists agents", () => {
    const empty = channel("WhatsApp", "", { is_agent: true, is_agent_desktop: true, is_agent_mobile: false, agent_data: [defaultAgent()] });
    expect(channelVisible(empty, false)).toBe(false);
    const one = { ...empty, agent_data: [defaultAgent(), { ...defaultAgent(), value: "+15550100000" }] };
    expect(channelVisible(one, false)).toBe(true);
    // On mobile the agent list is off, so the channel's own value counts.
    expect(channelVisible(one, true)).toBe(false);
    expect(channelVisible({ ...one, value: "+15550100001" }, true)).toBe(true);
  });
});

describe("qrContent", () => {
  it("encodes WeChat's chat link, or the link a phone opens", () => {
    expect(qrContent(channel("WeChat", "cartwright_demo"))).toBe("weixin://dl/chat?cartwright_demo");
    expect(qrContent(channel("WeChat", "https://u.wechat.com/abc"))).toBe("https://u.wechat.com/abc");
    const wa: LinkableChannel = channel("WhatsApp", "+15550102030", { is_use_web_version: true });
    expect(qrContent(wa)).toBe("https://wa.me/15550102030");
    expect(qrContent(channel("WeChat", ""))).toBe("");
  });
});
