/**
 * Rate limits (issue 14, decision 0016): sign-in, registration and checkout refuse a client that
 * tries too often with 429 and the RateLimit-* headers, while the real customer from another
 * address goes on; the counters live in the database, so two apps over one database share them.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, secondProcess, type TestShop } from "../../../../test/app.ts";
import { productId, testBilling } from "../../../../test/store-client.ts";
import { buildApp } from "../app.ts";
import { PRIVATE_PROXIES } from "../config.ts";
import { clientAddress, RATE_LIMITS, RateLimiter, retryAfterSeconds } from "./rate-limits.ts";

const JANE = { email: "jane@example.com", password: "demo-jane-2026" };

/** A headless Store API client at one address, keeping its Cart-Token. */
class Client {
  private token: string | undefined;
  readonly app: FastifyInstance;
  readonly address: string;

  constructor(app: FastifyInstance, address: string) {
    this.app = app;
    this.address = address;
  }

  async request(method: "GET" | "POST", path: string, body?: unknown): Promise<LightMyRequestResponse> {
    if (!this.token && method !== "GET") await this.request("GET", "/cart");
    const response = await this.app.inject({
      method,
      url: `/api/store/v1${path}`,
      remoteAddress: this.address,
      headers: {
        ...(this.token ? { "cart-token": this.token } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const token = response.headers["cart-token"];
    if (typeof token === "string") this.token = token;
    return response;
  }

  signIn(email: string, password: string) {
    return this.request("POST", "/account/sign-in", { email, password });
  }

  register(email: string, password = "long-enough-password") {
    return this.request("POST", "/account/register", { email, password });
  }
}

const expectRefused = (response: LightMyRequestResponse, limit: string) => {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body).toMatchObject({ code: "cw_rest_rate_limit_exceeded", data: { status: 429, limit } });
  expect(body.message).toMatch(/Please try again in \d+ (seconds?|minutes?)\.$/);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(response.headers["retry-after"])).toBe(body.data.retry_after);
  expect(response.headers["ratelimit-remaining"]).toBe("0");
  expect(Number(response.headers["ratelimit-limit"])).toBeGreaterThan(0);
  expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
};

let shop: TestShop;
let addresses = 0;
/** A fresh documentation address (TEST-NET-3) for each client, so tests do not share counters. */
const nextAddress = () => `203.0.113.${++addresses}`;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/** A new account, made from an address of its own. */
async function newAccount(email: string): Promise<void> {
  const response = await new Client(shop.app, nextAddress()).register(email);
  expect(response.statusCode).toBe(201);
}

// Each failed sign-in costs a scrypt hash.
describe("sign-in", { timeout: 30_000 }, () => {
  it("refuses a brute force with 429 and headers, while the customer signs in from another address", async () => {
    const attacker = new Client(shop.app, nextAddress());
    const { limit } = RATE_LIMITS.signInPerAccountAddress;
    for (let i = 0; i < limit; i++) {
      const response = await attacker.signIn(JANE.email, `wrong-${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.headers["ratelimit-limit"]).toBe(String(limit));
      expect(response.headers["ratelimit-remaining"]).toBe(String(limit - i - 1));
      expect(Number(response.headers["ratelimit-reset"])).toBeGreaterThan(0);
      expect(response.headers["retry-after"]).toBeUndefined();
    }
    const refused = await attacker.signIn(JANE.email, "wrong-again");
    expectRefused(refused, "sign-in:account-address");
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in /);
    // Even the right password: the attacker's address learns nothing more.
    expectRefused(await attacker.signIn(JANE.email, JANE.password), "sign-in:account-address");

    const customer = new Client(shop.app, nextAddress());
    const response = await customer.signIn(JANE.email, JANE.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(JANE.email);
  });

  it("does not use up a customer's limit with successful sign-ins", async () => {
    await newAccount("often@example.com");
    const customer = new Client(shop.app, nextAddress());
    const { limit } = RATE_LIMITS.signInPerAccountAddress;
    for (let i = 0; i < limit + 5; i++) {
      const response = await customer.signIn("often@example.com", "long-enough-password");
      expect(response.statusCode).toBe(200);
      expect(response.headers["ratelimit-remaining"]).toBe(String(limit));
    }
  });

  it("refuses an address trying many accounts (credential stuffing)", async () => {
    const attacker = new Client(shop.app, nextAddress());
    const { limit } = RATE_LIMITS.signInPerAddress;
    for (let i = 0; i < limit; i++) expect((await attacker.signIn(`nobody-${i}@example.com`, "guess-guess")).statusCode).toBe(401);
    const refused = await attacker.signIn("nobody-else@example.com", "guess-guess");
    expectRefused(refused, "sign-in:address");
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts from your network\./);
    expect((await new Client(shop.app, nextAddress()).signIn(JANE.email, JANE.password)).statusCode).toBe(200);
  });

  it("keeps the customer signing in while many addresses attack the account", async () => {
    const email = "targeted@example.com";
    await newAccount(email);
    const password = "long-enough-password";
    const home = new Client(shop.app, nextAddress());
    expect((await home.signIn(email, password)).statusCode).toBe(200);

    // Addresses that fail three times each use up the account's shared limit…
    const bots = Array.from({ length: Math.ceil(RATE_LIMITS.signInPerAccount.limit / 3) + 1 }, () => new Client(shop.app, nextAddress()));
    for (const bot of bots) for (let i = 0; i < 3; i++) expect((await bot.signIn(email, `guess-${i}`)).statusCode).toBe(401);
    // …after which every failing address is refused on this account, long before its own limit.
    const [firstBot] = bots as [Client];
    expectRefused(await firstBot.signIn(email, "guess-4"), "sign-in:account");
    const lateBot = new Client(shop.app, nextAddress());
    for (let i = 0; i < 3; i++) expect((await lateBot.signIn(email, `guess-${i}`)).statusCode).toBe(401);
    expectRefused(await lateBot.signIn(email, "guess-4"), "sign-in:account");
    // The attack touches this account only.
    expect((await firstBot.signIn(JANE.email, JANE.password)).statusCode).toBe(200);

    // The customer's usual address, and a new one (even after a typo), still get in.
    expect((await home.signIn(email, "a typo")).statusCode).toBe(401);
    expect((await home.signIn(email, password)).statusCode).toBe(200);
    const travelling = new Client(shop.app, nextAddress());
    expect((await travelling.signIn(email, "a typo")).statusCode).toBe(401);
    expect((await travelling.signIn(email, password)).statusCode).toBe(200);
  });

  it("counts sign-ins sent inside a batch by the client's address", async () => {
    const attacker = new Client(shop.app, nextAddress());
    await attacker.request("GET", "/cart");
    const batch = (n: number) => ({
      requests: Array.from({ length: n }, (_, i) => ({
        method: "POST",
        path: "/api/store/v1/account/sign-in",
        body: { email: "batched@example.com", password: `batched-${i}` },
      })),
    });
    const { limit } = RATE_LIMITS.signInPerAccountAddress;
    const statuses = (await attacker.request("POST", "/batch", batch(limit + 1))).json().responses.map((r: { status: number }) => r.status);
    expect(statuses).toEqual([...Array(limit).fill(401), 429]);
    expectRefused(await attacker.signIn("batched@example.com", "direct"), "sign-in:account-address");
  });
});

describe("password change", { timeout: 30_000 }, () => {
  it("counts wrong current passwords like failed sign-ins, so a stolen session cannot guess freely", async () => {
    await newAccount("guessed@example.com");
    const thief = new Client(shop.app, nextAddress());
    expect((await thief.signIn("guessed@example.com", "long-enough-password")).statusCode).toBe(200);
    const change = (current: string) =>
      thief.request("POST", "/account/password", { current_password: current, new_password: "a-new-long-password" });
    const { limit } = RATE_LIMITS.signInPerAccountAddress;
    for (let i = 0; i < limit; i++) expect((await change(`guess-${i}`)).json().code).toBe("cw_rest_incorrect_password");
    expectRefused(await change("long-enough-password"), "sign-in:account-address");
    // The owner of the account, elsewhere, still changes it.
    const owner = new Client(shop.app, nextAddress());
    expect((await owner.signIn("guessed@example.com", "long-enough-password")).statusCode).toBe(200);
    const changed = await owner.request("POST", "/account/password", {
      current_password: "long-enough-password",
      new_password: "a-new-long-password",
    });
    expect(changed.statusCode).toBe(200);
  });
});

describe("registration", { timeout: 30_000 }, () => {
  it("refuses too many accounts from one address, not from another", async () => {
    const spammer = new Client(shop.app, nextAddress());
    const { limit } = RATE_LIMITS.registerPerAddress;
    // Refused e-mails and passwords cost nothing and do not count.
    expect((await spammer.register("not-an-email")).statusCode).toBe(400);
    expect((await spammer.register("short@example.com", "short")).statusCode).toBe(400);
    for (let i = 0; i < limit; i++) {
      const response = await spammer.register(`spam-${i}@example.com`);
      expect(response.statusCode).toBe(201);
      expect(response.headers["ratelimit-remaining"]).toBe(String(limit - i - 1));
    }
    const refused = await spammer.register("spam-more@example.com");
    expectRefused(refused, "register:address");
    expect(refused.json().message).toMatch(/^Too many accounts were created from your network\./);
    // An e-mail already taken counts too: the reply tells whether an address has an account.
    expectRefused(await spammer.register(JANE.email), "register:address");

    expect((await new Client(shop.app, nextAddress()).register("real-person@example.com")).statusCode).toBe(201);
  });
});

describe("checkout", () => {
  const cod = (email: string) => ({ billing_address: testBilling(email), payment_method: "cod" });

  it("refuses repeated failed orders per session and per address; a shopper elsewhere still buys", async () => {
    const address = nextAddress();
    const tester = new Client(shop.app, address);
    // A declined detail: the cart is empty.
    const session = RATE_LIMITS.checkoutPerSession.limit;
    for (let i = 0; i < session; i++) expect((await tester.request("POST", "/checkout", cod("t@example.com"))).statusCode).toBe(400);
    expectRefused(await tester.request("POST", "/checkout", cod("t@example.com")), "checkout:session");

    // New sessions from the same address go on until the address's limit.
    const perAddress = RATE_LIMITS.checkoutPerAddress.limit;
    for (let i = session; i < perAddress; i++) {
      const fresh = new Client(shop.app, address);
      expect((await fresh.request("POST", "/checkout", cod("t@example.com"))).statusCode).toBe(400);
    }
    expectRefused(await new Client(shop.app, address).request("POST", "/checkout", cod("t@example.com")), "checkout:address");

    const shopper = new Client(shop.app, nextAddress());
    expect((await shopper.request("POST", "/cart/add-item", { id: await productId(shop.app, "beanie"), quantity: 1 })).statusCode).toBe(
      201,
    );
    const placed = await shopper.request("POST", "/checkout", cod("shopper@example.com"));
    expect(placed.statusCode).toBe(200);
    expect(placed.headers["ratelimit-limit"]).toBeDefined();
  });

  it("counts guesses at an order's key on the pay-for-order call as failed checkouts (decision 0085)", async () => {
    const guesser = new Client(shop.app, nextAddress());
    const pay = () =>
      guesser.request("POST", "/checkout/1", { key: "cw_order_guess", billing_email: "t@example.com", payment_method: "cod" });
    for (let i = 0; i < RATE_LIMITS.checkoutPerSession.limit; i++) expect((await pay()).statusCode).toBe(401);
    expectRefused(await pay(), "checkout:session");
  });

  it("does not refuse honest shoppers checking out at once from an address near its limit", async () => {
    const address = nextAddress();
    const beanie = await productId(shop.app, "beanie");
    for (let i = 0; i < RATE_LIMITS.checkoutPerAddress.limit - 2; i++) {
      expect((await new Client(shop.app, address).request("POST", "/checkout", cod("t@example.com"))).statusCode).toBe(400);
    }
    const shoppers = Array.from({ length: 8 }, () => new Client(shop.app, address));
    for (const shopper of shoppers) await shopper.request("POST", "/cart/add-item", { id: beanie, quantity: 1 });
    const placed = await Promise.all(shoppers.map((shopper) => shopper.request("POST", "/checkout", cod("office@example.com"))));
    expect(placed.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
  });

  it("does not count orders that are placed", async () => {
    const shopper = new Client(shop.app, nextAddress());
    const beanie = await productId(shop.app, "beanie");
    for (let i = 0; i < RATE_LIMITS.checkoutPerSession.limit + 2; i++) {
      expect((await shopper.request("POST", "/cart/add-item", { id: beanie, quantity: 1 })).statusCode).toBe(201);
      const placed = await shopper.request("POST", "/checkout", cod("loyal@example.com"));
      expect(placed.statusCode).toBe(200);
      expect(placed.headers["ratelimit-remaining"]).toBe(String(RATE_LIMITS.checkoutPerSession.limit));
    }
  });
});

describe("across processes", { timeout: 30_000 }, () => {
  it("shares the counters between two apps over one database", async () => {
    const other = await secondProcess(shop, { rateLimit: true });
    try {
      const address = nextAddress();
      const first = new Client(shop.app, address);
      const second = new Client(other.app, address);
      const { limit } = RATE_LIMITS.signInPerAccountAddress;
      for (let i = 0; i < limit; i++) {
        const response = await (i % 2 ? second : first).signIn("shared@example.com", `wrong-${i}`);
        expect(response.statusCode).toBe(401);
        expect(response.headers["ratelimit-remaining"]).toBe(String(limit - i - 1));
      }
      expectRefused(await first.signIn("shared@example.com", "wrong"), "sign-in:account-address");
      expectRefused(await second.signIn("shared@example.com", "wrong"), "sign-in:account-address");
    } finally {
      await other.close();
    }
  });
});

describe("behind a load balancer", { timeout: 30_000 }, () => {
  const proxiedApp = (trustProxy: boolean | string[]) =>
    buildApp({
      config: { logLevel: "silent", production: true, secret: "test-secret-test-secret-test-secret!", rateLimit: true, trustProxy },
      db: shop.db,
      logger: false,
    });

  it("counts the address the balancer saw (production's TRUST_PROXY), whatever X-Forwarded-For the client wrote", async () => {
    const behind = await proxiedApp(PRIVATE_PROXIES);
    try {
      const token = String((await behind.inject({ url: "/api/store/v1/cart", remoteAddress: "10.0.0.2" })).headers["cart-token"]);
      const signIn = (i: number) =>
        behind.inject({
          method: "POST",
          url: "/api/store/v1/account/sign-in",
          remoteAddress: "10.0.0.2",
          // The client wrote the first entry; the balancer appended the address it saw.
          headers: { "x-forwarded-for": `192.0.2.${i}, 203.0.113.200`, "cart-token": token, "content-type": "application/json" },
          payload: JSON.stringify({ email: "balanced@example.com", password: `wrong-${i}` }),
        });
      const { limit } = RATE_LIMITS.signInPerAccountAddress;
      for (let i = 0; i < limit; i++) expect((await signIn(i)).statusCode).toBe(401);
      expectRefused(await signIn(limit), "sign-in:account-address");
      const subjects = (await shop.db.selectFrom("rate_limits").select("subject").where("name", "=", "sign-in:address").execute()).map(
        (row) => row.subject,
      );
      expect(subjects).toContain("203.0.113.200");
      expect(subjects.filter((subject) => subject.startsWith("192.0.2."))).toEqual([]);
    } finally {
      await behind.close();
    }
  });
});

describe("RATE_LIMIT=off", { timeout: 30_000 }, () => {
  let open: TestShop;
  beforeAll(async () => {
    open = await createTestShop({ rateLimit: false });
  });
  afterAll(() => open.close());

  it("counts nothing and sends no headers", async () => {
    const client = new Client(open.app, "203.0.113.250");
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit + 5; i++) {
      const response = await client.signIn(JANE.email, `wrong-${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.headers["ratelimit-limit"]).toBeUndefined();
    }
    expect((await client.signIn(JANE.email, JANE.password)).statusCode).toBe(200);
    const rows = await open.db.selectFrom("rate_limits").selectAll().execute();
    expect(rows).toEqual([]);
  });
});

describe("clientAddress", () => {
  it("counts IPv4 as it is and IPv6 by its /64", () => {
    expect(clientAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientAddress("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddress("::1")).toBe("0:0:0:0::/64");
  });
});

describe("the counters", () => {
  it("refuse past the burst, give hits back over the period, and expired rows are swept", async () => {
    let now = Date.now();
    const limiter = new RateLimiter(shop.db, { enabled: true, clock: () => now });
    const limit = { name: "test:sweep", limit: 2, periodSeconds: 60, refusal: "Too many." };
    expect((await limiter.hit(limit, "a")).refused).toBe(false);
    expect((await limiter.hit(limit, "a")).refused).toBe(false);
    const refused = await limiter.hit(limit, "a");
    expect(refused.refused).toBe(true);
    expect(retryAfterSeconds(refused)).toBe(30);
    now += 30_000;
    expect((await limiter.hit(limit, "a")).refused).toBe(false);
    expect((await limiter.hit(limit, "a")).refused).toBe(true);

    // Past the sweep interval, the next hit deletes every row whose time has passed.
    now += 10 * 60_000;
    await limiter.hit(limit, "b");
    const rows = await shop.db.selectFrom("rate_limits").select("subject").where("name", "=", "test:sweep").execute();
    expect(rows).toEqual([{ subject: "b" }]);
  });
});

describe("the API document", () => {
  it("names the 429 reply and its headers on every limited route", async () => {
    const { paths } = (await shop.app.inject("/api/docs")).json();
    for (const path of ["/api/store/v1/account/sign-in", "/api/store/v1/account/register", "/api/store/v1/checkout"]) {
      const refused = paths[path].post.responses["429"];
      expect(refused.description).toMatch(/RateLimit-Limit/);
      expect(Object.keys(refused.headers)).toEqual(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
      expect(refused.content["application/json"].schema.properties.data.properties.retry_after.type).toBe("integer");
    }
  });
});
