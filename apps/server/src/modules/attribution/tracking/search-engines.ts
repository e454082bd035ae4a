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

/**
 * The list as one line of words: one engine per word,
 * `host[=source][?param]`. The source is the name before the top-level domain unless given
 * (search.brave.com is "brave"); a host written with `www.` matches only bare or with www.
 */
const ENGINES =
  // The two sourcebuster checks first, with its rules.
  "yandex.*?text www.google.* " +
  // sourcebuster's list: these hosts also serve mail, news or portals, so the query parameter is needed.
  "yahoo.com?p about.com?q aol.com?q ask.com?q globososo.com=globo?q go.mail.ru=go.mail.ru?q rambler.ru?query tut.by=tut.by?query " +
  // Search-only hosts: the origin alone is enough.
  "bing.com search.yahoo.com duckduckgo.com ecosia.org baidu.com search.brave.com startpage.com qwant.com kagi.com search.naver.com search.seznam.cz " +
  // AI assistants (reported as misclassified referrals in sourcebuster's users' issues).
  "chatgpt.com chat.openai.com=chatgpt perplexity.ai gemini.google.com=gemini copilot.microsoft.com=copilot claude.ai chat.deepseek.com " +
  "chat.mistral.ai you.com=you.com phind.com";

/** One word of the list above as an engine. */
export function parseEngine(word: string): SearchEngine {
  const [address = "", param] = word.split("?");
  const [written = "", source] = address.split("=");
  const host = written.replace(/^www\./, "");
  const labels = host.split(".");
  return { host, source: source ?? labels[labels.length - 2] ?? host, bareOrWww: host !== written, param };
}

export const SEARCH_ENGINES: readonly SearchEngine[] = ENGINES.split(" ").map(parseEngine);

/** Referrer hosts that stand for another (link shorteners, app and link-wrapper hosts), as `alias=host` words. */
export const REFERRER_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  "t.co=twitter.com plus.url.google.com=plus.google.com l.facebook.com=facebook.com lm.facebook.com=facebook.com m.facebook.com=facebook.com l.instagram.com=instagram.com lnkd.in=linkedin.com out.reddit.com=reddit.com com.google.android.gm=mail.google.com"
    .split(" ")
    .map((word) => word.split("=")),
);
