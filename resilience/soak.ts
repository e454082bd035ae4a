/**
 * The soak (issue 21): mixed shopper traffic against the real server process for a while (ten
 * minutes; RESILIENCE_SOAK_SECONDS), each visit a new shopper from its own address: browsing pages
 * and the Store API's products, cart calls, checkouts, the demo widget's reports, the custom-tee
 * form sent and paid. Every answer must be what a valid request gets (no 4xx, no 5xx, no failed
 * connection); the server's resident memory is sampled throughout and must level off.
 */

import { MULTIPART_TYPE, teeBody } from "../bench/forms.ts";
import { honeypotFieldId } from "../packages/commerce/src/forms/token.ts";
import type { FormDefinition } from "../packages/commerce/src/forms/types.ts";
import { type Answer, addressOf, billingAddress, CARD, type ListedProduct, ordinaryProducts, Shopper } from "./client.ts";
import type { ConfirmedOrder } from "./invariants.ts";
import type { RunningServer } from "./server.ts";
import { OWNER } from "./shop.ts";

export interface SoakResult {
  seconds: number;
  requests: number;
  errors: number;
  /** Up to 20 of them, for the report. */
  errorExamples: string[];
  byVisit: Record<string, number>;
  ordersPlaced: number;
  formsSent: number;
  confirmed: ConfirmedOrder[];
  /** [seconds since the start, RSS bytes], every sampleSeconds. */
  memory: [number, number][];
  memoryAtStart: number;
  memoryAtEnd: number;
  memoryPeak: number;
  levelsOff: boolean;
  /** The rule, with its figures, as the report prints it. */
  levelRule: string;
}

/** The last third's peak may be at most this much above the middle third's: growth that has stopped. */
export const LEVEL_OFF_RATIO = 1.1;

/** Memory levels off when the last third of the samples peaks at most 10 % above the middle third's peak. */
export function levelsOff(samples: number[]): { holds: boolean; middlePeak: number; lastPeak: number } {
  const third = Math.floor(samples.length / 3);
  const middlePeak = Math.max(...samples.slice(third, 2 * third));
  const lastPeak = Math.max(...samples.slice(2 * third));
  return { holds: samples.length >= 3 && lastPeak <= middlePeak * LEVEL_OFF_RATIO, middlePeak, lastPeak };
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface SoakContext {
  server: RunningServer;
  products: ListedProduct[];
  tee: { id: number; honeypot: string };
  result: SoakResult;
}

type Visit = (shopper: Shopper, n: number, context: SoakContext) => Promise<void>;

/** Sends one request and counts it; anything but a 2xx or 3xx (or a reply the visit refuses) is an error. */
async function step(
  context: SoakContext,
  shopper: Shopper,
  method: string,
  path: string,
  options: Parameters<Shopper["send"]>[2] = {},
  accept: (answer: Answer) => boolean = () => true,
): Promise<Answer | null> {
  context.result.requests++;
  const fail = (what: string) => {
    context.result.errors++;
    if (context.result.errorExamples.length < 20) context.result.errorExamples.push(`${method} ${path}: ${what}`);
  };
  try {
    const answer = await shopper.send(method, path, options);
    if (answer.status >= 400) fail(`${answer.status} ${answer.body.slice(0, 300)}`);
    else if (!accept(answer)) fail(`unexpected reply ${answer.status} ${answer.body.slice(0, 300)}`);
    else return answer;
  } catch (error) {
    fail(`no answer: ${(error as Error).cause ?? (error as Error).message}`);
  }
  return null;
}

const pick = <T>(items: T[], n: number): T => items[n % items.length] as T;
const CART = "/api/store/v1/cart";
const DEMO_CHANNELS = ["WhatsApp", "Telegram", "Facebook_Messenger", "Phone", "SMS", "Email", "WeChat", "Contact_Us"];
const itemsOf = (answer: Answer | null) => ((answer?.json as { items?: { key: string }[] } | undefined)?.items ?? []).map((i) => i.key);

const visits: [string, number, Visit][] = [
  [
    "browse",
    40,
    async (shopper, n, context) => {
      const product = pick(context.products, n);
      await step(context, shopper, "GET", "/shop");
      await step(context, shopper, "GET", `/product/${product.slug}`);
      await step(context, shopper, "GET", "/api/store/v1/products?per_page=12", {}, (a) => Array.isArray(a.json));
      await step(context, shopper, "GET", `/api/store/v1/products/${product.id}`);
    },
  ],
  [
    "cart",
    25,
    async (shopper, n, context) => {
      await step(context, shopper, "GET", CART);
      await step(context, shopper, "POST", `${CART}/add-item`, { json: { id: pick(context.products, n).id, quantity: 1 } });
      const added = await step(context, shopper, "POST", `${CART}/add-item`, {
        json: { id: pick(context.products, n + 1).id, quantity: 2 },
      });
      const [first, second] = itemsOf(added);
      await step(context, shopper, "POST", `${CART}/update-item`, { json: { key: first, quantity: 3 } });
      await step(context, shopper, "POST", `${CART}/apply-coupon`, { json: { code: "SAVE10" } });
      await step(context, shopper, "POST", `${CART}/remove-coupon`, { json: { code: "save10" } });
      await step(context, shopper, "POST", `${CART}/remove-item`, { json: { key: second } });
    },
  ],
  [
    "checkout",
    15,
    async (shopper, n, context) => {
      await step(context, shopper, "GET", CART);
      await step(context, shopper, "POST", `${CART}/add-item`, { json: { id: pick(context.products, n).id, quantity: 1 + (n % 3) } });
      if (n % 2) await step(context, shopper, "POST", `${CART}/apply-coupon`, { json: { code: "5OFF" } });
      const paying = n % 3 === 0 ? { payment_method: "cod" } : { payment_method: "test_card", payment_data: CARD };
      const placed = await step(
        context,
        shopper,
        "POST",
        "/api/store/v1/checkout",
        { json: { billing_address: billingAddress(`soak${n}@example.com`), ...paying } },
        (a) => ["processing", "on-hold"].includes((a.json as { status?: string }).status ?? ""),
      );
      const order = placed?.json as { order_id: number; order_key: string } | undefined;
      if (order) {
        context.result.ordersPlaced++;
        context.result.confirmed.push({ id: order.order_id, key: order.order_key });
        await step(context, shopper, "GET", `/checkout/order-received/${order.order_id}?key=${order.order_key}`);
      }
    },
  ],
  [
    "widget",
    10,
    async (shopper, n, context) => {
      const embed = await step(context, shopper, "GET", "/widget/1.js");
      const nonce = /"nonce":"([^"]+)"/.exec(embed?.body ?? "")?.[1] ?? "";
      const report = (fields: Record<string, string>) => ({
        body: new URLSearchParams({ widgetId: "1", userId: "0", isMobile: String(n % 2), nonce, ...fields }).toString(),
        type: "application/x-www-form-urlencoded",
      });
      const counted = (a: Answer) => (a.json as { status?: number }).status === 1;
      await step(
        context,
        shopper,
        "POST",
        "/ajax",
        report({ action: "update_contact_widget_views", "channels[]": "WhatsApp", isOpen: "0", isSingle: "0" }),
        counted,
      );
      await step(
        context,
        shopper,
        "POST",
        "/ajax",
        report({ action: "update_contact_channel_click", channel: pick(DEMO_CHANNELS, n) }),
        counted,
      );
    },
  ],
  [
    "form",
    10,
    async (shopper, n, context) => {
      await step(context, shopper, "GET", "/forms/custom-tee");
      const token = await step(
        context,
        shopper,
        "POST",
        "/ajax",
        { body: `action=forms_get_token&formId=${context.tee.id}`, type: "application/x-www-form-urlencoded" },
        (a) => typeof (a.json as { data?: { token?: string } }).data?.token === "string",
      );
      const formToken = (token?.json as { data?: { token?: string } } | undefined)?.data?.token;
      if (!formToken) return;
      const sent = await step(
        context,
        shopper,
        "POST",
        "/ajax",
        { body: teeBody({ ...context.tee, token: formToken }, n), type: MULTIPART_TYPE },
        (a) => (a.json as { success?: boolean }).success === true,
      );
      if (sent) context.result.formsSent++;
    },
  ],
];

function visitFor(n: number): [string, Visit] {
  const total = visits.reduce((sum, [, weight]) => sum + weight, 0);
  // A fixed, well-spread order (a multiplicative hash of n), so every run sends the same mix.
  let slot = ((n * 2654435761) % 2 ** 32) % total;
  for (const [name, weight, visit] of visits) {
    if (slot < weight) return [name, visit];
    slot -= weight;
  }
  throw new Error("unreachable");
}

export interface SoakOptions {
  seconds: number;
  /** Shoppers visiting at once. */
  shoppers: number;
  sampleSeconds: number;
  progress?: (line: string) => void;
}

export async function soak(server: RunningServer, options: SoakOptions): Promise<SoakResult> {
  const products = await ordinaryProducts(server.url);
  // The tee form's honeypot field, as its page names it; read through the owner API.
  const owner = new Shopper(server.url, "10.99.0.2", "browser");
  await owner.send("GET", CART);
  const signIn = await owner.send("POST", "/api/store/v1/account/sign-in", { json: OWNER });
  if (signIn.status !== 200) throw new Error(`the owner could not sign in: ${signIn.status} ${signIn.body}`);
  // The demo's custom-tee form is form 2 (DEMO.md).
  const stored = (await owner.send("GET", "/api/admin/v1/forms/2")).json as { id: number; slug: string; definition: FormDefinition };
  if (stored.slug !== "custom-tee") throw new Error(`form 2 is not the demo's custom-tee form: ${JSON.stringify(stored).slice(0, 200)}`);
  const tee = { id: stored.id, honeypot: `forms[fields][${honeypotFieldId({ ...stored.definition, id: stored.id })}]` };

  const result: SoakResult = {
    seconds: options.seconds,
    requests: 0,
    errors: 0,
    errorExamples: [],
    byVisit: {},
    ordersPlaced: 0,
    formsSent: 0,
    confirmed: [],
    memory: [],
    memoryAtStart: server.rss(),
    memoryAtEnd: 0,
    memoryPeak: 0,
    levelsOff: false,
    levelRule: "",
  };
  const context: SoakContext = { server, products, tee, result };
  const started = Date.now();
  const sample = () => result.memory.push([Math.round((Date.now() - started) / 1000), server.rss()]);
  sample();
  const sampler = setInterval(sample, options.sampleSeconds * 1000);
  let lastProgress = started;
  const endAt = started + options.seconds * 1000;
  let next = 0;
  const shopperLoop = async () => {
    while (Date.now() < endAt) {
      const n = next++;
      const [name, visit] = visitFor(n);
      result.byVisit[name] = (result.byVisit[name] ?? 0) + 1;
      await visit(new Shopper(server.url, addressOf(n), n % 5 === 0 ? "browser" : "token"), n, context);
      if (options.progress && Date.now() - lastProgress > 30_000) {
        lastProgress = Date.now();
        options.progress(
          `${Math.round((Date.now() - started) / 1000)} s: ${result.requests.toLocaleString("en")} requests, ${result.errors} errors, RSS ${MB(server.rss())}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: options.shoppers }, shopperLoop));
  clearInterval(sampler);
  sample();
  const rss = result.memory.map(([, bytes]) => bytes);
  const level = levelsOff(rss);
  result.memoryAtEnd = rss.at(-1) ?? 0;
  result.memoryPeak = Math.max(...rss);
  result.levelsOff = level.holds;
  result.levelRule = `last third's peak ${MB(level.lastPeak)} ${level.holds ? "≤" : ">"} 110 % of the middle third's ${MB(level.middlePeak)}`;
  return result;
}

export const formatMemory = (result: SoakResult, judged: boolean) =>
  `${MB(result.memoryAtStart)} → ${MB(result.memoryAtEnd)} (peak ${MB(result.memoryPeak)}; ${!judged ? "too short to judge" : result.levelsOff ? "levels off" : "still growing"})`;
