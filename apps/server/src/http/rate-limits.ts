/**
 * Rate limits kept in the database, so they hold across every process on one database
 * (decision 0016). Each limit is a GCRA bucket per subject: `limit` hits in a burst, given back
 * evenly over `periodSeconds`. One upsert per hit decides and records it atomically; the calls
 * that are limited (sign-in, registration, checkout, submissions) count through a ClientLimits,
 * one per request, whose state becomes the reply's RateLimit-* and Retry-After headers.
 */
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { Type } from "typebox";
import type { Db } from "../db/index.ts";
import { StoreError } from "./errors.ts";

export interface RateLimit {
  /** Stored with each counter and named in a 429's data. */
  name: string;
  /** Hits allowed in a burst; each comes back after periodSeconds / limit. */
  limit: number;
  periodSeconds: number;
  /** The first sentence of the 429's message. */
  refusal: string;
}

const MINUTE = 60;

/**
 * The shop's limits. Sign-in and checkout count failures only (a success gives its hit back), so
 * shoppers who get in or buy never use them up; registration and submissions count every attempt.
 */
export const RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the account (credential stuffing). */
  signInPerAddress: {
    name: "sign-in:address",
    limit: 30,
    periodSeconds: 30 * MINUTE,
    refusal: "Too many failed sign-in attempts from your network.",
  },
  /** Failed sign-ins to one account from one address. */
  signInPerAccountAddress: {
    name: "sign-in:account-address",
    limit: 10,
    periodSeconds: 30 * MINUTE,
    refusal: "Too many failed sign-in attempts for this account.",
  },
  /**
   * Failed sign-ins to one account from addresses it has not signed in from; once used up it
   * refuses only addresses already failing on the account (customers.service, decision 0016).
   */
  signInPerAccount: {
    name: "sign-in:account",
    limit: 20,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many failed sign-in attempts for this account.",
  },
  /** Accounts asked for from one address (a refused e-mail or password does not count). */
  registerPerAddress: {
    name: "register:address",
    limit: 20,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many accounts were created from your network.",
  },
  /** Failed attempts to place an order in one session (declined cards, refused details). */
  checkoutPerSession: {
    name: "checkout:session",
    limit: 10,
    periodSeconds: 10 * MINUTE,
    refusal: "Too many failed attempts to place this order.",
  },
  /** Failed attempts to place an order from one address, whatever the session (card testing). */
  checkoutPerAddress: {
    name: "checkout:address",
    limit: 30,
    periodSeconds: 10 * MINUTE,
    refusal: "Too many failed attempts to place an order from your network.",
  },
  /** Contact-widget messages and form entries sent from one address (for those modules). */
  submissionsPerAddress: {
    name: "submissions:address",
    limit: 10,
    periodSeconds: 10 * MINUTE,
    refusal: "Too many messages were sent from your network.",
  },
  /**
   * Contact-widget view and click reports from one address. A visitor sends at most four per
   * widget and page, and once per two days where its memory is kept; 60 in 10 minutes (one every
   * 10 s sustained) leaves room for a busy office behind one address, and caps what a script on
   * one address can add to the counts at about 8,600 a day.
   */
  widgetReportsPerAddress: {
    name: "widget-reports:address",
    limit: 60,
    periodSeconds: 10 * MINUTE,
    refusal: "Too many widget reports from your network.",
  },
  /**
   * Form tokens and captcha challenges (`forms_get_token`, `forms_captcha_challenge`) from one
   * address. A visitor asks for one or two per form shown and per send; 120 in 10 minutes (one
   * every 5 s sustained) leaves room for an office behind one address, and stops a script from
   * minting tokens and challenges in bulk to spend them later.
   */
  formTokensPerAddress: {
    name: "form-tokens:address",
    limit: 120,
    periodSeconds: 10 * MINUTE,
    refusal: "Too many forms were opened from your network.",
  },
  /** Product reviews written from one address (decision 0090): a shopper writes a few at most; every attempt counts. */
  reviewsPerAddress: {
    name: "reviews:address",
    limit: 10,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many reviews were sent from your network.",
  },
  /** Resume links asked for from one address (decision 0030): each sends an e-mail. */
  resumeLinksPerAddress: {
    name: "resume-links:address",
    limit: 5,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many resume links were asked for from your network.",
  },
  /** Resume links sent to one address (hashed), so nobody's mailbox is filled from many networks. */
  resumeLinksPerEmail: {
    name: "resume-links:email",
    limit: 3,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many resume links were sent to this address.",
  },
  /** Password reset links asked for from one address: each may send an e-mail. */
  passwordResetsPerAddress: {
    name: "password-resets:address",
    limit: 10,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many password resets were asked for from your network.",
  },
  /** Password reset links asked for one e-mail address (hashed), whether or not it has an account, so the refusal tells nothing. */
  passwordResetsPerEmail: {
    name: "password-resets:email",
    limit: 3,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many password resets were asked for this address. Try again later.",
  },
  /**
   * Wrong billing emails given for one guest order with its key (the order-received page's
   * question and the Store API's GET /order, decision 0083), from any network: a key holder cannot
   * try addresses without end. Five, then one every six minutes.
   */
  orderEmailPerOrder: {
    name: "order-email:order",
    limit: 5,
    periodSeconds: 30 * MINUTE,
    refusal: "Too many wrong email addresses were tried for this order.",
  },
  /**
   * Owner API requests from one address with a wrong, revoked or malformed API key (decision 0098),
   * counted like failed sign-ins; a valid key is never refused by it.
   */
  apiKeyFailuresPerAddress: {
    name: "api-key:address",
    limit: 30,
    periodSeconds: 30 * MINUTE,
    refusal: "Too many requests with a wrong API key from your network.",
  },
  /** Wrong billing emails given from one address, whatever the order. */
  orderEmailPerAddress: {
    name: "order-email:address",
    limit: 20,
    periodSeconds: 60 * MINUTE,
    refusal: "Too many wrong email addresses were tried from your network.",
  },
} as const satisfies Record<string, RateLimit>;

/** Something remembered for a while in the same table (e.g. an address that signed into an account). */
export interface Remembered {
  name: string;
  periodSeconds: number;
}

/** One counted hit. */
export interface Hit {
  limit: RateLimit;
  subject: string;
  /** When it was counted, epoch ms. */
  at: number;
  /** The bucket's theoretical arrival time after the hit (unchanged when refused). */
  untilMs: number;
  refused: boolean;
}

const intervalMs = (limit: RateLimit) => Math.ceil((limit.periodSeconds * 1000) / limit.limit);
const burstMs = (limit: RateLimit) => intervalMs(limit) * limit.limit;

/** Hits left after this one. */
export function remaining(hit: Hit): number {
  if (hit.refused) return 0;
  const left = Math.floor((burstMs(hit.limit) - Math.max(0, hit.untilMs - hit.at)) / intervalMs(hit.limit));
  return Math.min(hit.limit.limit, Math.max(0, left));
}

/** Hits the subject had used before this one (for a hit that was refused: all of them). */
export function usedBefore(hit: Hit): number {
  if (hit.refused) return hit.limit.limit;
  return Math.max(0, Math.ceil((hit.untilMs - intervalMs(hit.limit) - hit.at) / intervalMs(hit.limit)));
}

/** Seconds until the subject has its whole limit again. */
const resetSeconds = (hit: Hit) => Math.max(0, Math.ceil((hit.untilMs - hit.at) / 1000));

/** Seconds until a refused subject may try again. */
export function retryAfterSeconds(hit: Hit): number {
  return Math.max(1, Math.ceil((hit.untilMs + intervalMs(hit.limit) - burstMs(hit.limit) - hit.at) / 1000));
}

const waitText = (seconds: number) => {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

export function rateLimitExceeded(hit: Hit): StoreError {
  const seconds = retryAfterSeconds(hit);
  return new StoreError("cw_rest_rate_limit_exceeded", `${hit.limit.refusal} Please try again in ${waitText(seconds)}.`, 429, {
    limit: hit.limit.name,
    retry_after: seconds,
  });
}

/**
 * The address limits count: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64, which one
 * client usually holds whole.
 */
export function clientAddress(ip: string): string {
  const zoneless = ip.split("%")[0] ?? "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless)?.[1];
  if (mapped) return mapped;
  if (isIPv4(zoneless)) return zoneless;
  if (!isIPv6(zoneless)) return zoneless || "unknown";
  const [head = "", tail] = zoneless.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** An e-mail address as a subject: hashed, so the counters hold no addresses. */
export const emailSubject = (normalisedEmail: string) => createHash("sha256").update(normalisedEmail).digest("base64url");

/** Expired rows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/** The shop's rate limits over one database; `enabled` false (RATE_LIMIT=off) counts nothing. */
export class RateLimiter {
  readonly enabled: boolean;
  private readonly db: Db;
  private readonly clock: () => number;
  private readonly clients = new WeakMap<object, ClientLimits>();
  private lastSweep = 0;

  constructor(db: Db, options: { enabled: boolean; clock?: () => number }) {
    this.db = db;
    this.enabled = options.enabled;
    this.clock = options.clock ?? Date.now;
  }

  /** The limits of one client by its address; one object per request, so its headers follow the reply. */
  forRequest(request: FastifyRequest): ClientLimits {
    let client = this.clients.get(request);
    if (!client) {
      client = new ClientLimits(this, clientAddress(request.ip));
      this.clients.set(request, client);
    }
    return client;
  }

  /** The client of a request that counted something, for the reply's headers. */
  usedBy(request: FastifyRequest): ClientLimits | undefined {
    return this.clients.get(request);
  }

  now(): number {
    return this.clock();
  }

  /** Counts one hit in one statement: the bucket moves only when the hit fits. */
  async hit(limit: RateLimit, subject: string): Promise<Hit> {
    const at = this.clock();
    await this.sweep(at);
    const step = intervalMs(limit);
    const now = sql<number>`cast(${at} as bigint)`;
    const base = sql<number>`(case when rate_limits.until_ms > ${now} then rate_limits.until_ms else ${now} end)`;
    const fits = sql<boolean>`${base} + cast(${step} as bigint) - ${now} <= cast(${burstMs(limit)} as bigint)`;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ name: limit.name, subject, until_ms: at + step, refused: 0 })
      .onConflict((conflict) =>
        conflict.columns(["name", "subject"]).doUpdateSet({
          until_ms: sql<number>`case when ${fits} then ${base} + cast(${step} as bigint) else rate_limits.until_ms end`,
          refused: sql<number>`case when ${fits} then 0 else 1 end`,
        }),
      )
      .returning(["until_ms", "refused"])
      .executeTakeFirstOrThrow();
    return { limit, subject, at, untilMs: Number(row.until_ms), refused: row.refused === 1 };
  }

  /** The subject's state without counting: refused when it has no hit left. */
  async peek(limit: RateLimit, subject: string): Promise<Hit> {
    const at = this.clock();
    const row = await this.db
      .selectFrom("rate_limits")
      .select("until_ms")
      .where("name", "=", limit.name)
      .where("subject", "=", subject)
      .executeTakeFirst();
    const untilMs = Math.max(at, Number(row?.until_ms ?? 0));
    return { limit, subject, at, untilMs, refused: untilMs + intervalMs(limit) - at > burstMs(limit) };
  }

  /** Counts a hit that already happened (a failure), past the limit if need be; one statement. */
  async record(limit: RateLimit, subject: string): Promise<Hit> {
    const at = this.clock();
    await this.sweep(at);
    const step = intervalMs(limit);
    const now = sql<number>`cast(${at} as bigint)`;
    const row = await this.db
      .insertInto("rate_limits")
      .values({ name: limit.name, subject, until_ms: at + step, refused: 0 })
      .onConflict((conflict) =>
        conflict.columns(["name", "subject"]).doUpdateSet({
          until_ms: sql<number>`(case when rate_limits.until_ms > ${now} then rate_limits.until_ms else ${now} end) + cast(${step} as bigint)`,
          refused: 0,
        }),
      )
      .returning("until_ms")
      .executeTakeFirstOrThrow();
    return { limit, subject, at, untilMs: Number(row.until_ms), refused: false };
  }

  /** Takes a hit back (the attempt succeeded), as if it had not been counted. */
  async giveBack(hit: Hit): Promise<void> {
    if (hit.refused) return;
    const row = await this.db
      .updateTable("rate_limits")
      .set({ until_ms: sql<number>`until_ms - cast(${intervalMs(hit.limit)} as bigint)` })
      .where("name", "=", hit.limit.name)
      .where("subject", "=", hit.subject)
      .returning("until_ms")
      .executeTakeFirst();
    if (row) hit.untilMs = Number(row.until_ms);
  }

  async remember(what: Remembered, subject: string): Promise<void> {
    const until = this.clock() + what.periodSeconds * 1000;
    await this.db
      .insertInto("rate_limits")
      .values({ name: what.name, subject, until_ms: until, refused: 0 })
      .onConflict((conflict) => conflict.columns(["name", "subject"]).doUpdateSet({ until_ms: until }))
      .execute();
  }

  async remembers(what: Remembered, subject: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select("until_ms")
      .where("name", "=", what.name)
      .where("subject", "=", subject)
      .where("until_ms", ">", this.clock())
      .executeTakeFirst();
    return row !== undefined;
  }

  // A row whose time has passed means the same as no row; deleting it changes no answer.
  private async sweep(at: number): Promise<void> {
    if (at - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = at;
    await this.db.deleteFrom("rate_limits").where("until_ms", "<", at).execute();
  }
}

/** What one request counts against the limits, by its client's address. All calls do nothing when limits are off. */
export class ClientLimits {
  readonly address: string;
  private readonly limiter: RateLimiter;
  private readonly shown: Hit[] = [];

  constructor(limiter: RateLimiter, address: string) {
    this.limiter = limiter;
    this.address = address;
  }

  get enabled(): boolean {
    return this.limiter.enabled;
  }

  /** Counts a hit without refusing; a refused one is left out of the headers until passed to refuse(). Null when limits are off. */
  async count(limit: RateLimit, subject: string = this.address): Promise<Hit | null> {
    if (!this.enabled) return null;
    const hit = await this.limiter.hit(limit, subject);
    if (!hit.refused) this.shown.push(hit);
    return hit;
  }

  /** Counts a hit; throws 429 cw_rest_rate_limit_exceeded when the subject has none left. */
  async take(limit: RateLimit, subject: string = this.address): Promise<Hit | null> {
    const hit = await this.count(limit, subject);
    if (hit?.refused) throw this.refuse(hit);
    return hit;
  }

  /** The 429 for a refused hit; its headers go on the reply. */
  refuse(hit: Hit): StoreError {
    this.shown.push(hit);
    return rateLimitExceeded(hit);
  }

  async giveBack(hits: (Hit | null)[]): Promise<void> {
    for (const hit of hits) if (hit) await this.limiter.giveBack(hit);
  }

  async remember(what: Remembered, subject: string): Promise<void> {
    if (this.enabled) await this.limiter.remember(what, subject);
  }

  async remembers(what: Remembered, subject: string): Promise<boolean> {
    return this.enabled && (await this.limiter.remembers(what, subject));
  }

  /**
   * Runs `attempt` after taking a hit of each limit in turn (the hits taken are given back if a
   * later one refuses); `counts(error)` says whether the outcome uses the hits up, by default
   * only a failure does.
   */
  async guard<T>(
    limits: [RateLimit, string?][],
    attempt: () => Promise<T>,
    counts: (error: unknown) => boolean = (error) => error !== null,
  ): Promise<T> {
    const hits: (Hit | null)[] = [];
    try {
      for (const [limit, subject] of limits) hits.push(await this.take(limit, subject));
    } catch (error) {
      await this.giveBack(hits);
      throw error;
    }
    let result: T;
    try {
      result = await attempt();
    } catch (error) {
      if (!counts(error)) await this.giveBack(hits);
      throw error;
    }
    if (!counts(null)) await this.giveBack(hits);
    return result;
  }

  /**
   * Runs `attempt` if every limit has a hit left (else 429), and counts a hit of each only when
   * `counts(error)` says the outcome uses them. Unlike guard, attempts in flight hold no hits, so
   * many honest ones at once from one address are not refused; failures that run past the limit
   * together are still counted, and push the next attempt back as far.
   */
  async guardFailures<T>(limits: [RateLimit, string?][], attempt: () => Promise<T>, counts: (error: unknown) => boolean): Promise<T> {
    if (!this.enabled) return attempt();
    const seen: Hit[] = [];
    for (const [limit, subject = this.address] of limits) {
      const state = await this.limiter.peek(limit, subject);
      if (state.refused) throw this.refuse(state);
      seen.push(state);
    }
    try {
      const result = await attempt();
      this.shown.push(...seen);
      return result;
    } catch (error) {
      if (!counts(error)) this.shown.push(...seen);
      else for (const [limit, subject = this.address] of limits) this.shown.push(await this.limiter.record(limit, subject));
      throw error;
    }
  }

  /** RateLimit-* for the limit closest to running out (the refused one on a 429), with Retry-After when refused. */
  headers(): Record<string, string> | null {
    const refused = this.shown.find((hit) => hit.refused);
    const tightest =
      refused ??
      this.shown.reduce<Hit | undefined>(
        (worst, hit) =>
          !worst || remaining(hit) < remaining(worst) || (remaining(hit) === remaining(worst) && resetSeconds(hit) > resetSeconds(worst))
            ? hit
            : worst,
        undefined,
      );
    if (!tightest) return null;
    return {
      "RateLimit-Limit": String(tightest.limit.limit),
      "RateLimit-Remaining": String(remaining(tightest)),
      "RateLimit-Reset": String(resetSeconds(tightest)),
      ...(refused ? { "Retry-After": String(retryAfterSeconds(refused)) } : {}),
    };
  }
}

/** Sends each reply's rate-limit headers: Store API calls and storefront form posts alike. */
export function registerRateLimitHeaders(app: FastifyInstance, limiter: RateLimiter): void {
  // A callback hook, not an async one: every reply passes here, and a promise per reply costs (decision 0013).
  app.addHook("onSend", (request, reply, payload, done) => {
    const headers = limiter.usedBy(request)?.headers();
    if (headers) reply.headers(headers);
    done(null, payload);
  });
}

const headerDoc = (description: string) => ({ schema: { type: "integer" }, description });

/** The 429 reply of a limited route, for its schema (and so the OpenAPI document). */
export const rateLimitedResponses = {
  429: Type.Object(
    {
      code: Type.Literal("cw_rest_rate_limit_exceeded"),
      message: Type.String({ description: "What was refused and when to try again" }),
      data: Type.Object(
        {
          status: Type.Literal(429),
          limit: Type.String({ description: "The limit that refused, e.g. sign-in:address" }),
          retry_after: Type.Integer({ description: "Seconds to wait before trying again" }),
        },
        { additionalProperties: true },
      ),
    },
    {
      description:
        "Too many attempts from this client (decision 0016). Every reply of a limited route carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset when limits are on.",
      headers: {
        "Retry-After": headerDoc("Seconds to wait before trying again"),
        "RateLimit-Limit": headerDoc("Attempts allowed by the limit nearest to running out"),
        "RateLimit-Remaining": headerDoc("Attempts left under that limit (0 here)"),
        "RateLimit-Reset": headerDoc("Seconds until that limit is whole again"),
      },
    },
  ),
};
