/**
 * A delivery on the wire: the lookup guard (one resolution, every address checked, the checked address
 * the one connected to) and the POST itself against a local receiver (redirects, a huge answer, no answer).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedLookup, type PostOutcome, postWebhook, RefusedAddressError, type ResolvedAddress, type Resolver } from "./post.ts";
import { RESPONSE_EXCERPT } from "./rules.ts";

/** A resolver that answers each question with the next of `answers` (the last one again when they run out), and counts the questions. */
function fakeResolver(...answers: ResolvedAddress[][]): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return answers[Math.min(asked.length, answers.length) - 1] ?? [];
  };
  return Object.assign(resolve, { asked });
}
const v4 = (address: string) => ({ address, family: 4 });
const v6 = (address: string) => ({ address, family: 6 });

type Answer = { error: NodeJS.ErrnoException | null; address?: string | ResolvedAddress[]; family?: number };
/** What a socket would be handed by the lookup. */
function ask(lookup: LookupFunction, hostname: string, options: { all?: boolean; family?: number } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    (lookup as (h: string, o: object, cb: (e: NodeJS.ErrnoException | null, a?: string | ResolvedAddress[], f?: number) => void) => void)(
      hostname,
      options,
      (error, address, family) => resolve({ error, address, family }),
    );
  });
}

describe("the lookup guard", () => {
  it("hands over the address it checked, and refuses when the same name later answers a private one (DNS rebinding)", async () => {
    const resolver = fakeResolver([v4("93.184.215.14")], [v4("127.0.0.1")]);
    const lookup = guardedLookup({ allowPrivate: false, resolve: resolver });
    expect(await ask(lookup, "hooks.example.com")).toEqual({ error: null, address: "93.184.215.14", family: 4 });
    const second = await ask(lookup, "hooks.example.com");
    expect(second.error).toBeInstanceOf(RefusedAddressError);
    expect(second.error?.message).toMatch(/hooks\.example\.com resolves to 127\.0\.0\.1 .*WEBHOOKS_ALLOW_PRIVATE/);
    expect(second.address).toBeUndefined();
    // One question per connection: nothing is looked up a second time behind the check's back.
    expect(resolver.asked).toEqual(["hooks.example.com", "hooks.example.com"]);
  });

  it.each([
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::808:808",
    "2002:a00:1::1",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
  ])("refuses IPv6 that reaches a refused IPv4 address (%s)", async (address) => {
    const answer = await ask(guardedLookup({ allowPrivate: false, resolve: fakeResolver([v6(address)]) }), "mapped.example.com", {
      all: true,
    });
    expect(answer.error).toBeInstanceOf(RefusedAddressError);
    expect(answer.address).toBeUndefined();
  });

  it("refuses a name answering several addresses of which one is private, whichever comes first", async () => {
    for (const addresses of [
      [v4("93.184.215.14"), v4("10.0.0.5")],
      [v4("192.168.1.20"), v4("93.184.215.14")],
      [v4("93.184.215.14"), v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c"), v6("fd00:ec2::254")],
    ]) {
      for (const options of [{}, { all: true }, { family: 4 }]) {
        const answer = await ask(guardedLookup({ allowPrivate: false, resolve: fakeResolver(addresses) }), "multi.example.com", options);
        expect(answer.error, JSON.stringify([addresses, options])).toBeInstanceOf(RefusedAddressError);
        expect(answer.address).toBeUndefined();
      }
    }
  });

  it("answers every checked address when the socket asks for all, or the first of the family asked for", async () => {
    const addresses = [v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c"), v4("93.184.215.14")];
    const lookup = guardedLookup({ allowPrivate: false, resolve: fakeResolver(addresses) });
    expect(await ask(lookup, "public.example.com", { all: true })).toEqual({ error: null, address: addresses, family: undefined });
    expect(await ask(lookup, "public.example.com", { family: 4 })).toEqual({ error: null, address: "93.184.215.14", family: 4 });
    expect(await ask(lookup, "public.example.com")).toEqual({ error: null, address: addresses[0]?.address, family: 6 });
    expect(await ask(lookup, "public.example.com", { family: 6 })).toEqual({ error: null, address: addresses[0]?.address, family: 6 });
    const onlyV4 = guardedLookup({ allowPrivate: false, resolve: fakeResolver([v4("93.184.215.14")]) });
    expect((await ask(onlyV4, "v4.example.com", { family: 6 })).error?.code).toBe("ENOTFOUND");
  });

  it("lets private addresses through when they are allowed, and tells when a name cannot be resolved", async () => {
    const allowed = guardedLookup({ allowPrivate: true, resolve: fakeResolver([v4("127.0.0.1")]) });
    expect(await ask(allowed, "receiver.test")).toEqual({ error: null, address: "127.0.0.1", family: 4 });
    const failing = guardedLookup({
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    });
    const answer = await ask(failing, "nowhere.example.com");
    expect(answer.error?.message).toBe("nowhere.example.com could not be resolved (ENOTFOUND)");
  });
});

/** A local receiver: each path answers its own way. */
let server: Server;
const received: { path: string; host: string | undefined; body: string }[] = [];
const routes: Record<string, (request: IncomingMessage, response: import("node:http").ServerResponse) => void> = {
  "/ok": (_request, response) => response.end("thanks"),
  "/moved": (_request, response) => {
    response.writeHead(302, { location: "/ok" });
    response.end("see /ok");
  },
  "/huge": (_request, response) => {
    // An answer without end: the sender must stop reading, or it would wait until its timeout.
    response.writeHead(200, { "content-type": "text/plain" });
    const more = () => {
      while (!response.destroyed && response.write("é".repeat(8192))) {}
      if (!response.destroyed) response.once("drain", more);
    };
    more();
  },
  "/silent": () => {},
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, host: request.headers.host, body: Buffer.concat(chunks).toString("utf8") });
      (routes[path] ?? ((_q, r) => r.writeHead(404).end("no")))(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const port = () => (server.address() as AddressInfo).port;
const headers = { "Content-Type": "application/json", "User-Agent": "Cartwright/test webhooks", "X-Cartwright-Webhook-Topic": "ping" };
const post = (url: string, options: Parameters<typeof postWebhook>[3]): Promise<PostOutcome> =>
  postWebhook(url, headers, '{"id":1,"name":"Café"}', options);

describe("a delivery", () => {
  it("connects to the address the name was resolved to and checked, asking once, and sends the host name and body", async () => {
    const resolver = fakeResolver([v4("127.0.0.1")]);
    const outcome = await post(`http://hooks.example.test:${port()}/ok`, { allowPrivate: true, resolve: resolver });
    expect(outcome).toMatchObject({ status: 200, body: "thanks", error: null });
    expect(resolver.asked).toEqual(["hooks.example.test"]);
    expect(received.at(-1)).toEqual({ path: "/ok", host: `hooks.example.test:${port()}`, body: '{"id":1,"name":"Café"}' });
  });

  it("is not sent when the name resolves to a refused address, and nothing reaches the receiver", async () => {
    const before = received.length;
    const outcome = await post(`http://hooks.example.test:${port()}/ok`, { allowPrivate: false, resolve: fakeResolver([v4("127.0.0.1")]) });
    expect(outcome).toMatchObject({ status: null, body: null });
    expect(outcome.error).toMatch(/^Not sent: hooks\.example\.test resolves to 127\.0\.0\.1 .*WEBHOOKS_ALLOW_PRIVATE/);
    expect(received.length).toBe(before);
  });

  it("checks a literal IP in the URL the same way, without asking the resolver", async () => {
    const resolver = fakeResolver([v4("93.184.215.14")]);
    for (const url of [
      `http://127.0.0.1:${port()}/ok`,
      `http://[::ffff:127.0.0.1]:${port()}/ok`,
      "http://[::1]/ok",
      "http://169.254.169.254/",
      "http://[::127.0.0.1]/ok",
      "http://[64:ff9b::169.254.169.254]/",
      "http://[2002:7f00:1::]/ok",
    ]) {
      const outcome = await post(url, { allowPrivate: false, resolve: resolver });
      expect(outcome.error, url).toMatch(/^Not sent: .*WEBHOOKS_ALLOW_PRIVATE/);
    }
    expect(resolver.asked).toEqual([]);
  });

  it("does not follow a redirect: the 3xx is the answer, a failure with its status", async () => {
    const before = received.length;
    const outcome = await post(`http://127.0.0.1:${port()}/moved`, { allowPrivate: true });
    expect(outcome).toMatchObject({
      status: 302,
      body: "see /ok",
      error: "Redirected (HTTP 302); redirects are not followed: use the final URL.",
    });
    expect(received.slice(before).map((r) => r.path)).toEqual(["/moved"]);
    expect((await post(`http://127.0.0.1:${port()}/nothing`, { allowPrivate: true })).error).toBe("HTTP 404");
  });

  it("reads only the start of an endless answer and keeps what the log keeps", async () => {
    const outcome = await post(`http://127.0.0.1:${port()}/huge`, { allowPrivate: true, timeoutMs: 60_000 });
    expect(outcome).toMatchObject({ status: 200, error: null });
    expect(outcome.body).toBe(`${"é".repeat(RESPONSE_EXCERPT)}…`);
  });

  it("gives up on a receiver that never answers, and says so; a closed port is a connection failure", async () => {
    const silent = await post(`http://127.0.0.1:${port()}/silent`, { allowPrivate: true, timeoutMs: 200 });
    expect(silent).toMatchObject({ status: null, body: null, error: "No answer within 0.2 s." });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await post(`http://127.0.0.1:${closedPort}/ok`, { allowPrivate: true });
    expect(refused).toMatchObject({ status: null, body: null, error: `Could not connect: connect ECONNREFUSED 127.0.0.1:${closedPort}` });
  });
});
