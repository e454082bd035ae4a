/**
 * The two-process scenario (issue 21): two server processes on one PostgreSQL behind the
 * round-robin proxy, so each call lands on the other process than the one before. Carts, nonces,
 * form tokens, sessions, rate limits and kept replies must agree across them, and an owner's
 * change must reach both at once. Each check is counted; one that does not agree fails the run.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Client, FEEDBACK_FORM, feedbackSubmission, type Reply, type ServerProcess, startServer } from "./processes.ts";
import { startRoundRobinProxy } from "./proxy.ts";
import { OWNER, postgresDatabase } from "./shop.ts";

export interface TwoProcessOptions {
  /** The two servers' ports and the proxy's. */
  ports: [number, number, number];
  log?: (line: string) => void;
}

export interface TwoProcessResult {
  checks: number;
  failures: string[];
  /** Requests each process answered. */
  answered: number[];
}

const upstreamOf = (reply: Reply) => reply.headers.get("x-upstream");

export async function twoProcessScenario(options: TwoProcessOptions): Promise<TwoProcessResult> {
  const log = options.log ?? (() => {});
  const folder = mkdtempSync(join(tmpdir(), "cw-resilience-two-"));
  const { config } = await postgresDatabase();
  if (config.dialect !== "postgres") throw new Error("two processes need PostgreSQL");
  const secret = randomBytes(32).toString("hex");
  const [portA, portB, proxyPort] = options.ports;
  const servers: ServerProcess[] = [];
  const result: TwoProcessResult = { checks: 0, failures: [], answered: [] };
  const check = (name: string, holds: boolean, detail: () => string = () => "") => {
    result.checks++;
    if (!holds) result.failures.push(`${name}: ${detail()}`);
    log(`    ${holds ? "agrees" : "DIFFERS"}: ${name}${holds ? "" : ` (${detail()})`}`);
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of [portA, portB])
    servers.push(await startServer({ port, databaseUrl: config.url, dataDir: join(folder, String(port)), secret }));
  const proxy = await startRoundRobinProxy(
    [portA, portB].map((port) => ({ host: "127.0.0.1", port })),
    proxyPort,
  );
  try {
    // A cart written on one process is read on the other: same reply, same Cart-Hash.
    for (const mode of ["token", "browser"] as const) {
      const shopper = new Client(proxy.url, mode === "token" ? "10.240.0.1" : "10.240.0.2", mode);
      const first = await shopper.send("GET", "/api/store/v1/cart");
      const written = await shopper.send("POST", "/api/store/v1/cart/add-item", { id: 1, quantity: 2 });
      // A browser's write carries the nonce the other process handed out.
      check(
        `${mode}: a write with what the other process handed out is accepted`,
        written.status === 200 || written.status === 201,
        () => `${written.status} ${written.text.slice(0, 200)}`,
      );
      const read = await shopper.send("GET", "/api/store/v1/cart");
      check(
        `${mode}: the write and the read crossed over`,
        upstreamOf(written) !== upstreamOf(read) && upstreamOf(first) !== upstreamOf(written),
      );
      check(
        `${mode}: the cart written on one process reads the same on the other (reply and Cart-Hash)`,
        read.status === 200 &&
          isDeepStrictEqual(read.json, written.json) &&
          read.headers.get("cart-hash") === written.headers.get("cart-hash"),
        () => `hashes ${written.headers.get("cart-hash")} / ${read.headers.get("cart-hash")}`,
      );
    }

    // A form's token handed out by one process is accepted by the other.
    const visitor = new Client(proxy.url, "10.240.0.3");
    const token = await visitor.send("POST", "/ajax", new URLSearchParams({ action: "forms_get_token", formId: String(FEEDBACK_FORM) }));
    const form = feedbackSubmission(token, { 1: "5" });
    const submitted = await visitor.send("POST", "/ajax", form);
    check(
      "a form token from one process is accepted by the other",
      upstreamOf(token) !== upstreamOf(submitted) && submitted.json?.success === true,
      () => submitted.text.slice(0, 200),
    );

    // The contact widget's nonce, in the embed one process served, is accepted by the other.
    const embed = await visitor.send("GET", "/widget/1.js");
    const message = new FormData();
    for (const [name, value] of Object.entries({
      action: "contact_front_form_save_data",
      widget: "1",
      // Contact_Us, the demo widget's eighth channel (DEMO.md).
      channel: "7",
      nonce: /"nonce":"([^"]+)"/.exec(embed.text)?.[1] ?? "",
      name: "Ada Visitor",
      email: "ada@example.com",
      message: "Do you ship to Norway?",
      ref_url: "http://127.0.0.1/product/classic-t-shirt",
      page_title: "Classic T-Shirt",
      page_id: "12",
    }))
      message.append(name, value);
    const sent = await visitor.send("POST", "/ajax", message);
    check(
      "the contact widget's nonce from one process is accepted by the other",
      upstreamOf(embed) !== upstreamOf(sent) && sent.status === 200 && sent.json?.status === 1,
      () => `${embed.status}; ${sent.status} ${sent.text.slice(0, 200)}`,
    );

    // Sessions: signed in on one, known on the other; signed out on one, refused on the other.
    const owner = new Client(proxy.url, "10.240.0.4");
    await owner.signInAsOwner();
    const seen = [
      await owner.send("GET", "/api/admin/v1/products?per_page=1"),
      await owner.send("GET", "/api/admin/v1/products?per_page=1"),
    ];
    check(
      "a session signed in on one process opens the owner API on both",
      seen.every((reply) => reply.status === 200) && upstreamOf(seen[0] as Reply) !== upstreamOf(seen[1] as Reply),
      () => seen.map((reply) => reply.status).join(", "),
    );
    const leaving = new Client(proxy.url, "10.240.0.5");
    await leaving.signInAsOwner();
    const cookies = new Map(leaving.cookies);
    const out = await leaving.send("POST", "/api/store/v1/account/sign-out", {});
    // The signed-out cookie, replayed as a thief who kept it would: refused on both processes.
    leaving.cookies.clear();
    for (const [name, value] of cookies) leaving.cookies.set(name, value);
    const after = [
      await leaving.send("GET", "/api/admin/v1/products?per_page=1"),
      await leaving.send("GET", "/api/admin/v1/products?per_page=1"),
    ];
    check(
      "a session signed out on one process is refused on both",
      out.status === 200 && after.every((reply) => reply.status === 401 || reply.status === 403),
      () => `sign-out ${out.status}; then ${after.map((reply) => `${reply.status} on ${upstreamOf(reply)}`).join(", ")}`,
    );

    // Rate limits count across both: the attempt past the limit is refused whichever process gets it.
    const refusedOn: (string | null)[] = [];
    for (const [round, shift] of [
      ["a", 0],
      ["b", 1],
    ] as const) {
      const guesser = new Client(proxy.url, `10.240.1.${shift + 1}`);
      // A first call hands out the session and nonce a sign-in needs; the second round's extra one moves its 11th attempt to the other process.
      await guesser.send("GET", "/api/store/v1/cart");
      if (shift) await guesser.send("GET", "/api/health");
      const attempts: Reply[] = [];
      for (let i = 0; i < 11; i++)
        attempts.push(
          await guesser.send("POST", "/api/store/v1/account/sign-in", {
            email: `guess-${round}@example.com`,
            password: "wrong-password-1",
          }),
        );
      const last = attempts.at(-1) as Reply;
      refusedOn.push(upstreamOf(last));
      const headers = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after"].map((name) => last.headers.get(name));
      check(
        `the 11th failed sign-in is refused on process ${upstreamOf(last)}, the ten before counted on both`,
        attempts.slice(0, 10).every((reply) => reply.status !== 429) && last.status === 429 && headers.every((value) => value !== null),
        () => `${attempts.map((reply) => reply.status).join(" ")}; headers ${headers.join(", ")}`,
      );
    }
    check("the two rounds' refusals came from both processes", new Set(refusedOn).size === 2, () => refusedOn.join(", "));
    const other = new Client(proxy.url, "10.240.1.9");
    await other.send("GET", "/api/store/v1/cart");
    const welcome = await other.send("POST", "/api/store/v1/account/sign-in", OWNER);
    check("another address still signs in", welcome.status === 200, () => `${welcome.status} ${welcome.text.slice(0, 200)}`);

    // Kept replies: the owner's change through one process is never answered stale by the other.
    const shopper = new Client(proxy.url, "10.240.2.1", "token");
    await shopper.send("GET", "/api/store/v1/cart");
    await shopper.send("POST", "/api/store/v1/cart/add-item", { id: 1, quantity: 1 });
    await shopper.send("POST", "/api/store/v1/cart/apply-coupon", { code: "5OFF" });
    const coupons = ((await owner.send("GET", "/api/admin/v1/coupons?search=5off")).json?.coupons ?? []) as { id: number; code: string }[];
    const coupon = coupons.find((c) => c.code.toLowerCase() === "5off")?.id;
    for (let change = 0; change < 4; change++) {
      // Both processes answer (and keep) the product and the cart before the change.
      for (let i = 0; i < 2; i++) {
        await shopper.send("GET", "/api/store/v1/products/1");
        await shopper.send("GET", "/api/store/v1/cart");
      }
      const price = 2000 + 100 * (change + 1);
      const amount = 500 + 50 * (change + 1);
      const edits = [
        await owner.send("PATCH", "/api/admin/v1/products/1", { regular_price: price }),
        await owner.send("PATCH", `/api/admin/v1/coupons/${coupon}`, { amount }),
      ];
      const products = [await shopper.send("GET", "/api/store/v1/products/1"), await shopper.send("GET", "/api/store/v1/products/1")];
      const carts = [await shopper.send("GET", "/api/store/v1/cart"), await shopper.send("GET", "/api/store/v1/cart")];
      check(
        `price change ${change + 1} (made on process ${upstreamOf(edits[0] as Reply)}): the product reads the new price on both at once`,
        edits.every((reply) => reply.status === 200) && products.every((reply) => reply.json?.prices?.regular_price === String(price)),
        () =>
          `${edits.map((reply) => reply.status).join(", ")}; ${products.map((reply) => `${reply.json?.prices?.regular_price} on ${upstreamOf(reply)}`).join(", ")}`,
      );
      check(
        `price and coupon change ${change + 1}: the cart reads them on both at once, with one Cart-Hash`,
        carts.every(
          (reply) =>
            reply.json?.items?.[0]?.prices?.regular_price === String(price) &&
            reply.json?.coupons?.[0]?.totals?.total_discount === String(amount),
        ) && carts[0]?.headers.get("cart-hash") === carts[1]?.headers.get("cart-hash"),
        () =>
          carts
            .map(
              (reply) =>
                `${reply.json?.items?.[0]?.prices?.regular_price} − ${reply.json?.coupons?.[0]?.totals?.total_discount} on ${upstreamOf(reply)}`,
            )
            .join(", "),
      );
    }
    result.answered = [...proxy.counts];
    return result;
  } finally {
    await proxy.close();
    await Promise.all(servers.map((server) => server.kill("SIGTERM")));
    rmSync(folder, { recursive: true, force: true });
  }
}
