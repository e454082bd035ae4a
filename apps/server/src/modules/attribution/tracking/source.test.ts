/** Source detection as tables of page addresses and referrers (spec §4.5; reference §2 rules). */
import { describe, expect, it } from "vitest";
import { REFERRER_ALIASES, SEARCH_ENGINES } from "./search-engines.ts";
import { detectSource, isInternalHost, searchEngineOf, type Visit } from "./source.ts";

const SHOP = "https://shop.example/";
const landing = (over: Partial<Visit>): Visit => ({
  url: SHOP,
  referrer: "",
  domain: "shop.example",
  hasSession: false,
  hasRecord: false,
  ...over,
});
/** type/source/medium of the record a visit starts; "kept" when the stored one stays. */
const summary = (visit: Visit) => {
  const record = detectSource(visit);
  return record ? `${record.typ}/${record.src}/${record.mdm}` : "kept";
};

describe("the engine list", () => {
  it("reads as host, source, www-only and query parameter, in order", () => {
    const rows = SEARCH_ENGINES.map((e) => [e.host, e.source, e.bareOrWww ? "www" : "", e.param ?? ""].join(" ").trim());
    expect(rows).toEqual([
      "yandex.* yandex  text",
      "google.* google www",
      "yahoo.com yahoo  p",
      "about.com about  q",
      "aol.com aol  q",
      "ask.com ask  q",
      "globososo.com globo  q",
      "go.mail.ru go.mail.ru  q",
      "rambler.ru rambler  query",
      "tut.by tut.by  query",
      "bing.com bing",
      "search.yahoo.com yahoo",
      "duckduckgo.com duckduckgo",
      "ecosia.org ecosia",
      "baidu.com baidu",
      "search.brave.com brave",
      "startpage.com startpage",
      "qwant.com qwant",
      "kagi.com kagi",
      "search.naver.com naver",
      "search.seznam.cz seznam",
      "chatgpt.com chatgpt",
      "chat.openai.com chatgpt",
      "perplexity.ai perplexity",
      "gemini.google.com gemini",
      "copilot.microsoft.com copilot",
      "claude.ai claude",
      "chat.deepseek.com deepseek",
      "chat.mistral.ai mistral",
      "you.com you.com",
      "phind.com phind",
    ]);
    expect(REFERRER_ALIASES).toEqual({
      "t.co": "twitter.com",
      "plus.url.google.com": "plus.google.com",
      "l.facebook.com": "facebook.com",
      "lm.facebook.com": "facebook.com",
      "m.facebook.com": "facebook.com",
      "l.instagram.com": "instagram.com",
      "lnkd.in": "linkedin.com",
      "out.reddit.com": "reddit.com",
      "com.google.android.gm": "mail.google.com",
    });
  });
});

describe("organic: search engines and AI assistants", () => {
  it.each([
    ["https://www.google.com/", "organic/google/organic"],
    ["https://google.co.uk/search?q=hoodie", "organic/google/organic"],
    ["https://www.google.de/", "organic/google/organic"],
    ["https://yandex.ru/search/?text=hoodie", "organic/yandex/organic"],
    ["https://www.bing.com/", "organic/bing/organic"],
    ["https://cn.bing.com/search?q=hoodie", "organic/bing/organic"],
    ["https://search.yahoo.com/", "organic/yahoo/organic"],
    ["https://uk.search.yahoo.com/search?p=hoodie", "organic/yahoo/organic"],
    ["https://www.yahoo.com/?p=hoodie", "organic/yahoo/organic"],
    ["https://duckduckgo.com/", "organic/duckduckgo/organic"],
    ["https://noai.duckduckgo.com/", "organic/duckduckgo/organic"],
    ["https://www.ecosia.org/", "organic/ecosia/organic"],
    ["https://www.baidu.com/s?wd=hoodie", "organic/baidu/organic"],
    ["https://search.brave.com/", "organic/brave/organic"],
    ["https://www.rambler.ru/search?query=hoodie", "organic/rambler/organic"],
    ["https://go.mail.ru/search?q=hoodie", "organic/go.mail.ru/organic"],
    ["https://chatgpt.com/", "organic/chatgpt/organic"],
    ["https://chat.openai.com/", "organic/chatgpt/organic"],
    ["https://www.perplexity.ai/", "organic/perplexity/organic"],
    ["https://gemini.google.com/", "organic/gemini/organic"],
    ["https://copilot.microsoft.com/", "organic/copilot/organic"],
    ["https://claude.ai/", "organic/claude/organic"],
  ])("%s → %s", (referrer, expected) => {
    expect(summary(landing({ referrer }))).toBe(expected);
  });

  it.each([
    // Google's other services are not its search.
    ["https://mail.google.com/mail/u/0/", "referral/mail.google.com/referral"],
    ["https://news.google.com/articles/x", "referral/news.google.com/referral"],
    // Yandex without its text parameter, Yahoo's portal without p: not a search.
    ["https://yandex.ru/", "referral/yandex.ru/referral"],
    ["https://www.yahoo.com/news/", "referral/yahoo.com/referral"],
    // Look-alike hosts.
    ["https://notgoogle.com/", "referral/notgoogle.com/referral"],
    ["https://google.com.evil.example/", "referral/google.com.evil.example/referral"],
  ])("%s is no search: %s", (referrer, expected) => {
    expect(summary(landing({ referrer }))).toBe(expected);
  });

  it("counts organic even in the middle of a session (a new search), with no campaign or term", () => {
    const record = detectSource(landing({ referrer: "https://www.bing.com/", hasSession: true, hasRecord: true }));
    expect(record).toEqual({
      typ: "organic",
      src: "bing",
      mdm: "organic",
      cmp: "(none)",
      cnt: "(none)",
      trm: "(none)",
      id: "(none)",
      plt: "(none)",
      fmt: "(none)",
      tct: "(none)",
    });
  });

  it("checks a shop's own engines first", () => {
    const engines = [{ host: "search.example.net", source: "our-search" }];
    expect(searchEngineOf("https://search.example.net/?q=x", engines)?.source).toBe("our-search");
    expect(searchEngineOf("https://www.google.com/", engines)).toBeNull();
  });
});

describe("referral: social sites, email clients and other sites", () => {
  it.each([
    ["https://www.facebook.com/groups/knitters/", "referral/facebook.com/referral", "/groups/knitters/"],
    ["https://l.facebook.com/l.php?u=x", "referral/facebook.com/referral", "/l.php"],
    ["https://m.facebook.com/", "referral/facebook.com/referral", "/"],
    ["https://t.co/abc123", "referral/twitter.com/referral", "/abc123"],
    ["https://www.instagram.com/", "referral/instagram.com/referral", "/"],
    ["https://lnkd.in/xyz", "referral/linkedin.com/referral", "/xyz"],
    ["https://www.reddit.com/r/knitting/comments/1", "referral/reddit.com/referral", "/r/knitting/comments/1"],
    ["https://www.pinterest.com/pin/1/", "referral/pinterest.com/referral", "/pin/1/"],
    ["https://outlook.live.com/mail/0/", "referral/outlook.live.com/referral", "/mail/0/"],
    ["android-app://com.google.android.gm/", "referral/mail.google.com/referral", "/"],
    ["https://blog.example.org/best-hoodies?ref=1", "referral/blog.example.org/referral", "/best-hoodies"],
  ])("%s → %s, content %s", (referrer, expected, content) => {
    const visit = landing({ referrer });
    expect(summary(visit)).toBe(expected);
    expect(detectSource(visit)?.cnt).toBe(content);
  });

  it("is not taken in the middle of a session: the current record stays", () => {
    expect(summary(landing({ referrer: "https://www.facebook.com/", hasSession: true, hasRecord: true }))).toBe("kept");
  });
});

describe("the shop's own domain", () => {
  it.each([
    ["https://shop.example/product/hoodie", true],
    ["https://www.shop.example/cart", true],
    ["https://blog.shop.example/post", true],
    ["https://deep.sub.shop.example/", true],
    ["https://othershop.example/", false],
    ["https://shop.example.net/", false],
  ])("%s internal: %s", (referrer, internal) => {
    expect(isInternalHost(new URL(referrer).hostname, "www.shop.example")).toBe(internal);
  });

  it("starts a direct visit for a first view from our own pages, and keeps the record afterwards", () => {
    expect(summary(landing({ referrer: "https://blog.shop.example/post" }))).toBe("typein/(direct)/(none)");
    expect(summary(landing({ referrer: "https://shop.example/cart", hasRecord: true }))).toBe("kept");
  });
});

describe("utm parameters and click ids override everything", () => {
  it.each([
    ["?utm_source=newsletter&utm_medium=email&utm_campaign=spring", "", "utm/newsletter/email"],
    ["?utm_source=newsletter", "https://www.google.com/", "utm/newsletter/(none)"],
    ["?utm_medium=email", "", "utm/(none)/email"],
    ["?utm_campaign=spring", "https://www.facebook.com/", "utm/(none)/(none)"],
    ["?gclid=abc", "https://www.google.com/", "utm/google/cpc"],
    ["?yclid=abc", "", "utm/yandex/cpc"],
    ["?msclkid=abc", "https://www.bing.com/", "utm/bing/cpc"],
    ["?fbclid=abc", "https://l.facebook.com/", "utm/facebook/social"],
    ["?gclid=abc&utm_source=partner&utm_medium=display", "", "utm/partner/display"],
  ])("%s (referrer %s) → %s", (query, referrer, expected) => {
    expect(summary(landing({ url: `${SHOP}${query}`, referrer }))).toBe(expected);
    // Even in the middle of a session with a record.
    expect(summary(landing({ url: `${SHOP}${query}`, referrer, hasSession: true, hasRecord: true }))).toBe(expected);
  });

  it("reads every utm field, and the click id's campaign when no utm_campaign is given", () => {
    const url = `${SHOP}?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_content=banner&utm_term=hoodie&utm_id=42&utm_source_platform=ads&utm_creative_format=video&utm_marketing_tactic=remarketing`;
    expect(detectSource(landing({ url }))).toEqual({
      typ: "utm",
      src: "google",
      mdm: "cpc",
      cmp: "spring",
      cnt: "banner",
      trm: "hoodie",
      id: "42",
      plt: "ads",
      fmt: "video",
      tct: "remarketing",
    });
    expect(detectSource(landing({ url: `${SHOP}?gclid=x` }))?.cmp).toBe("google_cpc");
  });

  it("cuts a very long value to what the checkout may send", () => {
    expect(detectSource(landing({ url: `${SHOP}?utm_source=${"x".repeat(300)}` }))?.src).toHaveLength(200);
  });
});

describe("typein and session continuation", () => {
  it.each([
    [{ referrer: "", hasSession: false, hasRecord: false }, "typein/(direct)/(none)"],
    [{ referrer: "", hasSession: false, hasRecord: true }, "kept"],
    [{ referrer: "", hasSession: true, hasRecord: true }, "kept"],
    [{ referrer: "not a url", hasSession: false, hasRecord: false }, "typein/(direct)/(none)"],
    [{ referrer: "https://shop.example/", hasSession: true, hasRecord: true }, "kept"],
    [{ referrer: "https://www.facebook.com/", hasSession: false, hasRecord: true }, "referral/facebook.com/referral"],
  ])("%o → %s", (over, expected) => {
    expect(summary(landing(over))).toBe(expected);
  });
});
