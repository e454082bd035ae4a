/**
 * Search engines and AI assistants whose visitors count as organic traffic, kept as data
 * (decision 0014). Checked in this order; the first match names the source.
 *
 * - `host`: the referrer's host, or any subdomain of it; `name.*` stands for any top-level
 *   domain of 2 to 9 characters (google.de, google.co.uk).
 * - `bareOrWww`: only the host itself or its www. form counts (mail.google.com is not a search).
 * - `param`: the referrer's query must carry this parameter. Browsers now send only the origin
 *   of another site (no query), so it is kept only where the host also serves other things.
 */
export interface SearchEngine {
  host: string;
  source: string;
  bareOrWww?: boolean;
  param?: string;
}

export const SEARCH_ENGINES: readonly SearchEngine[] = [
  // The two sourcebuster checks first, with its rules.
  { host: "yandex.*", source: "yandex", param: "text" },
  { host: "google.*", source: "google", bareOrWww: true },
  // sourcebuster's list: these hosts also serve mail, news or portals, so the query parameter is needed.
  { host: "yahoo.com", source: "yahoo", param: "p" },
  { host: "about.com", source: "about", param: "q" },
  { host: "aol.com", source: "aol", param: "q" },
  { host: "ask.com", source: "ask", param: "q" },
  { host: "globososo.com", source: "globo", param: "q" },
  { host: "go.mail.ru", source: "go.mail.ru", param: "q" },
  { host: "rambler.ru", source: "rambler", param: "query" },
  { host: "tut.by", source: "tut.by", param: "query" },
  // Search-only hosts: the origin alone is enough.
  { host: "bing.com", source: "bing" },
  { host: "search.yahoo.com", source: "yahoo" },
  { host: "duckduckgo.com", source: "duckduckgo" },
  { host: "ecosia.org", source: "ecosia" },
  { host: "baidu.com", source: "baidu" },
  { host: "search.brave.com", source: "brave" },
  { host: "startpage.com", source: "startpage" },
  { host: "qwant.com", source: "qwant" },
  { host: "kagi.com", source: "kagi" },
  { host: "search.naver.com", source: "naver" },
  { host: "search.seznam.cz", source: "seznam" },
  // AI assistants (reported as misclassified referrals in sourcebuster's users' issues).
  { host: "chatgpt.com", source: "chatgpt" },
  { host: "chat.openai.com", source: "chatgpt" },
  { host: "perplexity.ai", source: "perplexity" },
  { host: "gemini.google.com", source: "gemini" },
  { host: "copilot.microsoft.com", source: "copilot" },
  { host: "claude.ai", source: "claude" },
  { host: "chat.deepseek.com", source: "deepseek" },
  { host: "chat.mistral.ai", source: "mistral" },
  { host: "you.com", source: "you.com" },
  { host: "phind.com", source: "phind" },
];

/** Referrer hosts that stand for another (link shorteners, app and link-wrapper hosts). */
export const REFERRER_ALIASES: Readonly<Record<string, string>> = {
  "t.co": "twitter.com",
  "plus.url.google.com": "plus.google.com",
  "l.facebook.com": "facebook.com",
  "lm.facebook.com": "facebook.com",
  "m.facebook.com": "facebook.com",
  "l.instagram.com": "instagram.com",
  "lnkd.in": "linkedin.com",
  "out.reddit.com": "reddit.com",
  "com.google.android.gm": "mail.google.com",
};
