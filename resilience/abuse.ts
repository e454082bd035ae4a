/**
 * Abuse (issue 21): hostile shoppers and hostile owner input against the real server process,
 * each case a yes or no, "refused" meaning the shop did what it must: brute force meets the rate
 * limits (with their headers) while other shoppers go on; one shopper's cart token, session or
 * order key never opens another's; hostile uploads are refused with a clear error; owner HTML
 * never becomes script on the storefront; every page and reply carries the security headers.
 */
import { randomBytes } from "node:crypto";
import { chromium } from "@playwright/test";
import { createSessionToken } from "../apps/server/src/http/tokens.ts";
import { type Answer, addressOf, billingAddress, CARD, DECLINED_CARD, ordinaryProducts, Shopper } from "./client.ts";
import type { RunningServer } from "./server.ts";
import { OWNER } from "./shop.ts";

export interface AbuseCase {
  name: string;
  refused: boolean;
  /** What was seen when the case was not refused. */
  detail?: string;
}

const JANE = { email: "jane@example.com", password: "demo-jane-2026" };
const CART = "/api/store/v1/cart";
let nextAddress = 60_000;
const shopperAt = (base: string, mode: "token" | "browser" = "token") => new Shopper(base, addressOf(nextAddress++), mode);

/** A case's check: true when refused; a string says what got through. */
type Check = () => Promise<true | string>;

const rateLimitHeaders = (answer: Answer) =>
  ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after"].every((name) => answer.headers.has(name)) &&
  answer.headers.get("ratelimit-remaining") === "0" &&
  Number(answer.headers.get("retry-after")) > 0;

const isClearError = (answer: Answer) => {
  const body = answer.json as { code?: unknown; message?: unknown } | undefined;
  return (
    answer.status >= 400 &&
    answer.status < 500 &&
    typeof body?.code === "string" &&
    typeof body.message === "string" &&
    body.message.length > 0
  );
};

async function signedIn(base: string, who: { email: string; password: string }, mode: "token" | "browser" = "browser") {
  const shopper = shopperAt(base, mode);
  await shopper.send("GET", CART);
  const answer = await shopper.send("POST", "/api/store/v1/account/sign-in", { json: who });
  if (answer.status !== 200) throw new Error(`${who.email} could not sign in: ${answer.status} ${answer.body}`);
  return shopper;
}

/** Wrong passwords from one address until refused; the refusal carries the headers; the account still opens from elsewhere. */
function bruteForce(base: string, who: { email: string; password: string }): Check {
  return async () => {
    const attacker = shopperAt(base);
    await attacker.send("GET", CART);
    let refusal: Answer | undefined;
    for (let attempt = 0; attempt < 40 && !refusal; attempt++) {
      const answer = await attacker.send("POST", "/api/store/v1/account/sign-in", {
        json: { email: who.email, password: `wrong-${attempt}` },
      });
      if (answer.status === 200) return `attempt ${attempt} signed in with a wrong password`;
      if (answer.status === 429) refusal = answer;
      else if (!answer.headers.has("ratelimit-remaining")) return `failure ${attempt} (${answer.status}) without RateLimit-* headers`;
    }
    if (!refusal) return "40 wrong passwords were never refused";
    if (!rateLimitHeaders(refusal)) return `the 429 lacks RateLimit-*/Retry-After: ${JSON.stringify(Object.fromEntries(refusal.headers))}`;
    await signedIn(base, who);
    return true;
  };
}

async function cartWithItem(base: string, productId: number): Promise<Shopper> {
  const shopper = shopperAt(base);
  await shopper.send("GET", CART);
  const added = await shopper.send("POST", `${CART}/add-item`, { json: { id: productId, quantity: 1 } });
  if (added.status >= 300) throw new Error(`add-item answered ${added.status} ${added.body}`);
  return shopper;
}

const itemCount = (answer: Answer) => ((answer.json as { items?: unknown[] } | undefined)?.items ?? []).length;

/** Presents a token made from A's and answers whether A's cart stays closed (refused, or a cart without A's item). */
async function cartStaysClosed(base: string, token: string): Promise<true | string> {
  const stranger = shopperAt(base);
  stranger.token = token;
  const answer = await stranger.send("GET", CART);
  if (answer.status >= 500) return `answered ${answer.status}`;
  return answer.status >= 400 || itemCount(answer) === 0 ? true : `the cart opened with ${itemCount(answer)} item(s)`;
}

const swapSignature = (token: string, other: string) => `${token.split(".")[0]}.${other.split(".")[1]}`;
const flipLast = (token: string) => token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");

/** An order must not show to someone without its key: answers true when the page or reply shows none of it. */
function orderStaysClosed(answer: Answer, email: string): true | string {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.body.includes(email)) return `answered ${answer.status} with the order's email`;
  return true;
}

/** Hostile files: each refused by the owner's media library and by a form's upload field. */
function hostileFiles(): { name: string; filename: string; type: string; data: Buffer }[] {
  const gifJs = Buffer.concat([Buffer.from("GIF89a/*"), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from("*/=1;alert(document.domain)//;")]);
  const jpegHtml = Buffer.concat([
    Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
    Buffer.from("<html><body><script>alert(document.domain)</script></body></html>"),
    Buffer.from("ffd9", "hex"),
  ]);
  const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from("PE\0\0")]);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>');
  return [
    { name: "renamed executable", filename: "photo.jpg", type: "image/jpeg", data: exe },
    { name: "SVG carrying script", filename: "logo.svg", type: "image/svg+xml", data: svg },
    { name: "SVG renamed .png", filename: "logo.png", type: "image/png", data: svg },
    { name: "GIF/JS polyglot", filename: "anim.gif", type: "image/gif", data: gifJs },
    { name: "JPEG/HTML polyglot", filename: "photo.jpg", type: "image/jpeg", data: jpegHtml },
  ];
}

const BOUNDARY = "----cartwright-abuse-41c2";
function multipart(fields: [string, string][], files: { name: string; filename: string; type: string; data: Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A marker inside every hostile owner value, so a page can be searched for what survived of it. */
const MARK = "cwxss";
export const HOSTILE_HTML = `<p>Hello</p><script>alert("${MARK}")</script><img src="x" onerror="alert('${MARK}')"><a href="javascript:alert('${MARK}')">${MARK}-link</a><svg onload="alert('${MARK}')"></svg><iframe src="javascript:alert('${MARK}')"></iframe><style>body{background:url("javascript:${MARK}")}</style>`;

/**
 * What of a page could run script an owner wrote: a script element without the page's nonce or
 * src, an event-handler attribute, a javascript: URL, an iframe, object or embed, carrying the marker.
 */
export function liveOwnerScript(html: string): string[] {
  const found: string[] = [];
  // Inside our own script elements (JSON data, the router's context) text is data: check it cannot end the element.
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!body.includes(MARK)) continue;
    const data = /type=["']?application\/(ld\+)?json/i.test(attributes);
    if (!data && !/\bnonce=/.test(attributes))
      found.push(`a script element without the page's nonce holds the marker: ${body.slice(0, 120)}`);
    if (/<script|<\/script|<!--/i.test(body.replace(/\\u003c/gi, "")))
      found.push(`a script element's text could end it: ${body.slice(0, 120)}`);
  }
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  // Tags read as a browser reads them: attribute values in quotes may hold "<", ">" and " on…=" as text.
  for (const [tag = "", name = ""] of markup.matchAll(
    /<([a-z][a-z0-9-]*)(?:\s+[^\s=>"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*\s*\/?>/gi,
  )) {
    if (!tag.includes(MARK)) continue;
    if (/^(script|iframe|object|embed|style)$/i.test(name)) found.push(`a live ${tag.slice(0, 60)}`);
    for (const [, attribute = "", value = ""] of tag.matchAll(/\s([^\s=>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?/g)) {
      if (/^on/i.test(attribute)) found.push(`an event handler: ${tag.slice(0, 120)}`);
      const url = value
        .replace(/^["']|["']$/g, "")
        .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
        .replace(/&colon;/gi, ":")
        // Browsers drop blanks and control characters inside a URL's scheme.
        .replace(/\s/g, "")
        .replace(/\p{Cc}/gu, "");
      if (/^(href|src|action|formaction|xlink:href)$/i.test(attribute) && /^(javascript|vbscript|data):/i.test(url))
        found.push(`a script URL: ${tag.slice(0, 120)}`);
    }
  }
  if (/<style\b[^>]*>[^<]*cwxss/i.test(markup)) found.push("a style element with the owner's CSS");
  return found;
}

/** A form's one-tag embed writes an HTML string into a shadow root: that markup, read as the browser reads it. */
function embeddedMarkupScript(script: string): string[] {
  const literal = /innerHTML=("(?:[^"\\]|\\.)*")/.exec(script)?.[1];
  if (!literal) return ["the embed writes no markup the check can read"];
  return liveOwnerScript(JSON.parse(literal) as string);
}

/** The headers every reply carries (app.ts), and the parts of the page policy (http/csp.ts) that stop injected script. */
const EVERY_REPLY = [
  ["x-content-type-options", /^nosniff$/],
  ["x-frame-options", /^SAMEORIGIN$/],
  ["strict-transport-security", /max-age=\d+/],
  ["content-security-policy", /./],
] as const;
/** No other site may load a shopper's JSON or a page as a resource; the embeddable scripts say cross-origin themselves. */
const SAME_ORIGIN_ONLY = [["cross-origin-resource-policy", /^same-origin$/]] as const;
/** What steers a document, on pages and files only: the APIs answer no document (decision 0075). */
const DOCUMENT_REPLY = [
  ["referrer-policy", /^strict-origin-when-cross-origin$/],
  ["cross-origin-opener-policy", /^same-origin$/],
  ["x-permitted-cross-domain-policies", /^none$/],
] as const;
const PAGE_POLICY = [
  /script-src 'self' 'nonce-[^']+'(;|$)/,
  /script-src-attr 'none'/,
  /object-src 'none'/,
  /base-uri 'self'/,
  /frame-ancestors/,
];
const API_POLICY = [/default-src 'none'/, /frame-ancestors 'none'/];

function missingHeaders(answer: Answer, kind: "page" | "api" | "file"): string[] {
  const missing: string[] = [];
  const expected =
    kind === "api"
      ? [...EVERY_REPLY, ...SAME_ORIGIN_ONLY]
      : kind === "page"
        ? [...EVERY_REPLY, ...SAME_ORIGIN_ONLY, ...DOCUMENT_REPLY]
        : [...EVERY_REPLY, ...DOCUMENT_REPLY];
  for (const [name, pattern] of expected)
    if (!pattern.test(answer.headers.get(name) ?? "")) missing.push(`${name}: ${answer.headers.get(name)}`);
  const policy = answer.headers.get("content-security-policy") ?? "";
  const wanted = kind === "page" ? PAGE_POLICY : kind === "api" ? API_POLICY : [];
  for (const pattern of wanted) if (!pattern.test(policy)) missing.push(`content-security-policy lacks ${pattern.source}`);
  // A script file may be another site's (the widget's, the forms' embed); a page must not run in another's frame.
  if (kind === "file" && !/default-src 'none'|script-src/.test(policy)) missing.push(`content-security-policy: ${policy}`);
  return missing;
}

export async function abuse(server: RunningServer): Promise<AbuseCase[]> {
  const base = server.url;
  const products = await ordinaryProducts(base);
  const cases: [string, Check][] = [];
  const owner = await signedIn(base, OWNER);

  // Rate limits: sign-in brute force on the owner's and a customer's account, then checkout attempts.
  cases.push([
    "brute-force sign-in, owner account (429 with headers; the owner still signs in from another address)",
    bruteForce(base, OWNER),
  ]);
  cases.push([
    "brute-force sign-in, customer account (429 with headers; Jane still signs in from another address)",
    bruteForce(base, JANE),
  ]);
  cases.push([
    "checkout attempts with a declined card (429 with headers; another shopper still buys)",
    async () => {
      const carder = await cartWithItem(base, products[0]?.id ?? 0);
      let refusal: Answer | undefined;
      for (let attempt = 0; attempt < 40 && !refusal; attempt++) {
        const answer = await carder.send("POST", "/api/store/v1/checkout", {
          json: { billing_address: billingAddress("carder@example.com"), payment_method: "test_card", payment_data: DECLINED_CARD },
        });
        if (answer.status === 200) return `attempt ${attempt} placed an order with a declined card`;
        if (answer.status === 429) refusal = answer;
      }
      if (!refusal) return "40 declined attempts were never refused";
      if (!rateLimitHeaders(refusal))
        return `the 429 lacks RateLimit-*/Retry-After: ${JSON.stringify(Object.fromEntries(refusal.headers))}`;
      const honest = await cartWithItem(base, products[1]?.id ?? 0);
      const placed = await honest.send("POST", "/api/store/v1/checkout", {
        json: { billing_address: billingAddress("honest@example.com"), payment_method: "test_card", payment_data: CARD },
      });
      return placed.status === 200 ? true : `another shopper's order was refused: ${placed.status} ${placed.body.slice(0, 200)}`;
    },
  ]);

  // Tokens: A's cart must not open with anything made from A's token.
  const a = await cartWithItem(base, products[2]?.id ?? 0);
  const b = await cartWithItem(base, products[3]?.id ?? 0);
  const payloadOf = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString()) as { sid: string; uid: number };
  cases.push(["cart token with a changed signature", () => cartStaysClosed(base, flipLast(a.token))]);
  cases.push(["cart token truncated", () => cartStaysClosed(base, a.token.slice(0, -8))]);
  cases.push(["cart token: its payload without its signature", () => cartStaysClosed(base, a.token.split(".")[0] ?? "")]);
  cases.push(["cart token: A's payload with B's signature", () => cartStaysClosed(base, swapSignature(a.token, b.token))]);
  cases.push([
    "cart token re-signed with a wrong key",
    () => cartStaysClosed(base, createSessionToken(randomBytes(32).toString("hex"), { sid: payloadOf(a.token).sid, uid: 0 })),
  ]);
  cases.push([
    "session token re-signed with a wrong key naming the owner's account",
    async () => {
      const ownerUid = payloadOf((await signedIn(base, OWNER, "token")).token).uid;
      const forger = shopperAt(base);
      forger.token = createSessionToken(randomBytes(32).toString("hex"), { sid: "forged-session-id-0000", uid: ownerUid });
      const answer = await forger.send("GET", "/api/admin/v1/orders");
      return answer.status === 401 || answer.status === 403 ? true : `the owner API answered ${answer.status}`;
    },
  ]);
  cases.push([
    "session cookie replayed after sign-out (account API and page)",
    async () => {
      const jane = await signedIn(base, JANE);
      const cookie = jane.cookie;
      const out = await jane.send("POST", "/api/store/v1/account/sign-out");
      if (out.status !== 200) return `sign-out answered ${out.status}`;
      const replay = shopperAt(base, "browser");
      replay.cookie = cookie;
      const account = await replay.send("GET", "/api/store/v1/account");
      if (account.body.includes(JANE.email)) return `the account API answered ${account.status} with Jane's email`;
      const page = await replay.send("GET", "/my-account");
      return page.body.includes(JANE.email) ? "the account page showed Jane's email" : true;
    },
  ]);
  cases.push([
    "session token replayed after sign-out (Cart-Token)",
    async () => {
      const jane = await signedIn(base, JANE, "token");
      const token = jane.token;
      await jane.send("POST", "/api/store/v1/account/sign-out");
      const replay = shopperAt(base);
      replay.token = token;
      const account = await replay.send("GET", "/api/store/v1/account");
      return account.body.includes(JANE.email) ? `the account API answered ${account.status} with Jane's email` : true;
    },
  ]);

  // Orders: A's order with B's key, a truncated key, no key; B's account asking for A's order.
  const orderEmail = `victim-${randomBytes(4).toString("hex")}@example.com`;
  const place = async (shopper: Shopper, email: string) => {
    const answer = await shopper.send("POST", "/api/store/v1/checkout", {
      json: { billing_address: billingAddress(email), payment_method: "cod" },
    });
    if (answer.status !== 200) throw new Error(`checkout answered ${answer.status} ${answer.body}`);
    return answer.json as { order_id: number; order_key: string };
  };
  const victim = await place(a, orderEmail);
  const other = await place(b, "other@example.com");
  const received = (id: number, key: string) => `/checkout/order-received/${id}?key=${encodeURIComponent(key)}`;
  const storeOrder = (id: number, key: string, email: string) =>
    `/api/store/v1/order/${id}?key=${encodeURIComponent(key)}&billing_email=${encodeURIComponent(email)}`;
  cases.push([
    "order-received page with another order's key",
    async () => orderStaysClosed(await b.send("GET", received(victim.order_id, other.order_key)), orderEmail),
  ]);
  cases.push([
    "order-received page with the key truncated",
    async () => orderStaysClosed(await b.send("GET", received(victim.order_id, victim.order_key.slice(0, -1))), orderEmail),
  ]);
  cases.push([
    "order-received page without a key",
    async () => orderStaysClosed(await b.send("GET", `/checkout/order-received/${victim.order_id}`), orderEmail),
  ]);
  cases.push([
    "Store API order with another order's key",
    async () => orderStaysClosed(await b.send("GET", storeOrder(victim.order_id, other.order_key, orderEmail)), orderEmail),
  ]);
  cases.push([
    "Store API order with its key but another email",
    async () => orderStaysClosed(await b.send("GET", storeOrder(victim.order_id, victim.order_key, "other@example.com")), orderEmail),
  ]);
  cases.push([
    "a signed-in customer asking for a guest's order (account page and Store API)",
    async () => {
      const jane = await signedIn(base, JANE);
      const page = orderStaysClosed(await jane.send("GET", `/my-account/orders/${victim.order_id}`), orderEmail);
      if (page !== true) return `account page: ${page}`;
      return orderStaysClosed(await jane.send("GET", `/api/store/v1/order/${victim.order_id}`), orderEmail);
    },
  ]);

  // Uploads: the owner's media library and the custom-tee form's design field.
  const files = hostileFiles();
  const oversized = { name: "oversized file", filename: "huge.png", type: "image/png", data: Buffer.alloc(21 * 1024 * 1024, 0x89) };
  for (const file of [...files, oversized])
    cases.push([
      `owner media upload: ${file.name}`,
      async () => {
        const answer = await owner.send("POST", "/api/admin/v1/media", {
          body: multipart([["alt", "x"]], [{ ...file, name: "file" }]),
          type: `multipart/form-data; boundary=${BOUNDARY}`,
        });
        return isClearError(answer) ? true : `answered ${answer.status} ${answer.body.slice(0, 200)}`;
      },
    ]);
  const formOversized = { ...oversized, name: "oversized file (past the forms' 5 MB)", data: Buffer.alloc(6 * 1024 * 1024, 0x89) };
  for (const file of [...files, formOversized])
    cases.push([
      `form upload (custom-tee design): ${file.name}`,
      async () => {
        const visitor = shopperAt(base);
        const token = await visitor.send("POST", "/ajax", {
          body: "action=forms_get_token&formId=2",
          type: "application/x-www-form-urlencoded",
        });
        const formToken = (token.json as { data?: { token?: string } }).data?.token ?? "";
        const answer = await visitor.send("POST", "/ajax", {
          body: teeWithDesign(formToken, file),
          type: `multipart/form-data; boundary=${BOUNDARY}`,
        });
        const reply = answer.json as { success?: boolean; data?: unknown; code?: string; message?: string } | undefined;
        if (answer.status >= 500 || !reply) return `answered ${answer.status} ${answer.body.slice(0, 200)}`;
        if (reply.success === true) return "the entry was stored with the file";
        const said = JSON.stringify(reply.data ?? reply.message ?? "");
        return /file|upload|type|large|size|MB|cannot be sent/i.test(said) ? true : `refused without saying why: ${said.slice(0, 200)}`;
      },
    ]);

  // Owner HTML: hostile values through the owner API, then the pages that show them.
  const first = products[4] ?? products[0];
  const hostileWrites: [string, () => Promise<Answer>, string][] = [
    [
      "store notice",
      () =>
        owner.send("PUT", "/api/admin/v1/settings/notices", {
          json: { store_notice: { enabled: true, text: HOSTILE_HTML.slice(0, 1000) }, coming_soon: { enabled: false, text: "" } },
        }),
      "/shop",
    ],
    [
      "product description and short description",
      () =>
        owner.send("PATCH", `/api/admin/v1/products/${first?.id}`, {
          json: { description: HOSTILE_HTML, short_description: HOSTILE_HTML },
        }),
      `/product/${first?.slug}`,
    ],
    [
      "product name",
      () => owner.send("PATCH", `/api/admin/v1/products/${first?.id}`, { json: { name: `Mug <img src=x onerror=alert('${MARK}')>` } }),
      `/product/${first?.slug}`,
    ],
  ];
  for (const [what, write, page] of hostileWrites)
    cases.push([
      `owner HTML cannot run script: ${what}`,
      async () => {
        const written = await write();
        if (written.status >= 500) return `the owner API answered ${written.status}`;
        const shown = await shopperAt(base).send("GET", page);
        if (shown.status >= 400) return `${page} answered ${shown.status}`;
        const live = liveOwnerScript(shown.body);
        return live.length === 0 ? true : live.join("; ");
      },
    ]);
  cases.push([
    "owner HTML cannot run script: category description",
    async () => {
      const listed = (await owner.send("GET", "/api/admin/v1/categories")).json;
      const list = Array.isArray(listed) ? listed : Object.values(listed as object).find(Array.isArray);
      const category = (list as { id: number; slug: string }[] | undefined)?.[0];
      if (!category) return "no category to write";
      await owner.send("PATCH", `/api/admin/v1/categories/${category.id}`, { json: { description: HOSTILE_HTML } });
      const shown = await shopperAt(base).send("GET", `/product-category/${category.slug}`);
      const live = liveOwnerScript(shown.body);
      return live.length === 0 ? true : live.join("; ");
    },
  ]);
  cases.push([
    "owner HTML and CSS cannot run script: contact widget texts and custom CSS",
    async () => {
      // Sent back without the fields the shop sets, which a save refuses (decision 0166).
      const {
        id: _id,
        created_at: _created,
        updated_at: _updated,
        ...widget
      } = (await owner.send("GET", "/api/admin/v1/contact-widgets/1")).json as { settings: Record<string, unknown> } & Record<
        string,
        unknown
      >;
      const settings = {
        ...widget.settings,
        has_custom_css: true,
        custom_css: `.x{background:url("javascript:alert('${MARK}')")} </style><script>alert('${MARK}')</script>`,
      };
      const refused = await owner.send("PUT", "/api/admin/v1/contact-widgets/1", { json: { ...widget, settings } });
      if (refused.status < 400) return "CSS that closes the style element was accepted";
      const named = { ...widget.settings, widget_name: HOSTILE_HTML.slice(0, 200), cta_text: HOSTILE_HTML.slice(0, 200) };
      await owner.send("PUT", "/api/admin/v1/contact-widgets/1", { json: { ...widget, settings: named } });
      for (const page of ["/shop", "/widget/1.js"]) {
        const shown = await shopperAt(base).send("GET", page);
        const live = page.endsWith(".js")
          ? /<\/script/i.test(shown.body)
            ? ["the embed holds </script"]
            : []
          : liveOwnerScript(shown.body);
        if (live.length) return `${page}: ${live.join("; ")}`;
      }
      return true;
    },
  ]);
  cases.push([
    "owner HTML cannot run script: form texts (description, labels, confirmation)",
    async () => {
      const stored = (await owner.send("GET", "/api/admin/v1/forms/3")).json as {
        definition: { fields: { label: string; description?: string }[] } & Record<string, unknown>;
      };
      const definition = structuredClone(stored.definition) as Record<string, unknown> & {
        fields: Record<string, unknown>[];
        description?: string;
      };
      definition.description = HOSTILE_HTML;
      for (const field of definition.fields) {
        field.label = `Label <img src=x onerror=alert('${MARK}')>`;
        field.description = HOSTILE_HTML;
      }
      const written = await owner.send("PUT", "/api/admin/v1/forms/3", { json: { definition } });
      if (written.status >= 500) return `the owner API answered ${written.status}`;
      for (const page of ["/forms/feedback", "/forms/feedback.js"]) {
        const shown = await shopperAt(base).send("GET", page);
        const live = page.endsWith(".js") ? embeddedMarkupScript(shown.body) : liveOwnerScript(shown.body);
        if (live.length) return `${page}: ${live.join("; ")}`;
      }
      return true;
    },
  ]);

  cases.push([
    "owner HTML runs no script in a browser (Chromium: no dialog on the pages that show the hostile values)",
    async () => {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
      try {
        const page = await browser.newPage({ extraHTTPHeaders: { "x-forwarded-for": addressOf(nextAddress++) } });
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        for (const path of ["/shop", `/product/${first?.slug}`, "/forms/feedback"]) await page.goto(base + path, { waitUntil: "load" });
        return dialogs.length === 0 ? true : `dialogs opened: ${dialogs.join(", ")}`;
      } finally {
        await browser.close();
      }
    },
  ]);

  // Security headers: every kind of reply.
  const loader = /(\/widget\/loader-[^"]+\.js)"/.exec((await shopperAt(base).send("GET", "/widget/1.js")).body)?.[1];
  const asset = /"(\/assets\/[^"]+\.js)"/.exec((await shopperAt(base).send("GET", "/shop")).body)?.[1];
  const headerChecks: [string, "page" | "api" | "file", Shopper][] = [
    ["/", "page", shopperAt(base)],
    ["/shop", "page", shopperAt(base)],
    [`/product/${products[0]?.slug}`, "page", shopperAt(base)],
    ["/cart", "page", shopperAt(base)],
    ["/checkout", "page", a],
    ["/my-account", "page", shopperAt(base)],
    [received(victim.order_id, victim.order_key), "page", a],
    ["/forms/contact", "page", shopperAt(base)],
    ["/admin", "page", owner],
    ["/admin/orders", "page", owner],
    ["/no-such-page", "page", shopperAt(base)],
    ["/api/store/v1/products", "api", shopperAt(base)],
    [CART, "api", shopperAt(base)],
    ["/api/admin/v1/orders", "api", owner],
    ["/api/no-such-route", "api", shopperAt(base)],
    ["/widget/1.js", "file", shopperAt(base)],
    ...(loader ? [[loader, "file", shopperAt(base)] as [string, "file", Shopper]] : []),
    ["/forms/contact.js", "file", shopperAt(base)],
    ...(asset ? [[asset, "file", shopperAt(base)] as [string, "file", Shopper]] : []),
  ];
  for (const [path, kind, shopper] of headerChecks)
    cases.push([
      `security headers and CSP: ${path.split("?")[0]}`,
      async () => {
        const answer = await shopper.send("GET", path);
        const missing = missingHeaders(answer, kind);
        return missing.length === 0 ? true : `${answer.status}: ${missing.join("; ")}`;
      },
    ]);
  cases.push([
    "security headers and CSP: an /ajax reply",
    async () => {
      const answer = await shopperAt(base).send("POST", "/ajax", {
        body: "action=forms_get_token&formId=1",
        type: "application/x-www-form-urlencoded",
      });
      const missing = missingHeaders(answer, "api");
      return missing.length === 0 ? true : missing.join("; ");
    },
  ]);

  const results: AbuseCase[] = [];
  for (const [name, check] of cases) {
    let outcome: true | string;
    try {
      outcome = await check();
    } catch (error) {
      outcome = `the case failed: ${(error as Error).message}`;
    }
    results.push(outcome === true ? { name, refused: true } : { name, refused: false, detail: outcome });
  }
  return results;
}

/** The custom-tee form filled in as bench/forms.ts fills it, with a hostile design file. */
function teeWithDesign(token: string, file: { filename: string; type: string; data: Buffer }): Buffer {
  const f = (id: number, sub?: string) => (sub ? `forms[fields][${id}][${sub}]` : `forms[fields][${id}]`);
  return multipart(
    [
      ["action", "forms_submit"],
      ["forms[id]", "2"],
      ["forms[token]", token],
      ["start_timestamp", String(Math.floor(Date.now() / 1000) - 60)],
      ["end_timestamp", String(Math.floor(Date.now() / 1000))],
      [f(1, "first"), "Abuse"],
      [f(1, "last"), "Tester"],
      [f(2), "abuse@example.com"],
      [f(4, "address1"), "1 Load Street"],
      [f(4, "city"), "Springfield"],
      [f(4, "state"), "IL"],
      [f(4, "postal"), "62701"],
      [f(4, "country"), "US"],
      [f(5), "2"],
      [f(6), "2"],
      [`${f(7)}[]`, "1"],
      [f(8), "Hi"],
      [f(13), "Abuse Tester"],
      [f(14, "number"), "4242 4242 4242 4242"],
      [f(14, "expiry"), "12/30"],
      [f(14, "cvc"), "123"],
      [f(14, "name"), "Abuse Tester"],
      [f(15), "1"],
    ],
    [{ name: `${f(9)}[]`, filename: file.filename, type: file.type, data: file.data }],
  );
}
