import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { brokenBudgets, FLOOR_READ, FLOOR_WRITE, floorOf, floorRatio, type Row } from "./budgets.ts";
import {
  dueAt,
  dueCount,
  latencyFromDueUs,
  latencyHistogram,
  loopLatenessUs,
  openRate,
  openRateInOwnProcess,
  summarize,
  tailWindows,
} from "./open-rate.ts";
import { cpuMark, serverLoad } from "./server-cpu.ts";

describe("the open-rate schedule", () => {
  it("spaces requests evenly at the rate, from the start", () => {
    expect([0, 1, 2, 10].map((n) => dueAt(1000, n, 200))).toEqual([1000, 1005, 1010, 1050]);
  });

  it("counts the requests due by now, none before the start and never more than the total", () => {
    expect(dueCount(1000, 999.9, 200, 100)).toBe(0);
    expect(dueCount(1000, 1000, 200, 100)).toBe(1);
    expect(dueCount(1000, 1004.9, 200, 100)).toBe(1);
    expect(dueCount(1000, 1005, 200, 100)).toBe(2);
    // A loop that wakes late sends everything due since, each still timed from its own due time.
    expect(dueCount(1000, 1100, 200, 100)).toBe(21);
    expect(dueCount(1000, 60_000, 200, 100)).toBe(100);
  });

  it("times a request from when it was due, so a late send and a queue count", () => {
    // Due at 100 ms, sent at 107 ms (every socket busy), answered 2 ms after it left: the shopper waited 9 ms.
    expect(latencyFromDueUs(100, 109)).toBe(9000);
    expect(latencyFromDueUs(100, 100.0004)).toBe(1);
  });

  it("reads p50, p99, p99.9 and the largest latency in ms from a histogram of µs", () => {
    const histogram = latencyHistogram();
    for (let i = 1; i <= 1000; i++) histogram.recordValue(i * 1000); // 1 ms … 1000 ms
    const summary = summarize(histogram);
    histogram.destroy();
    expect(summary.p50).toBeCloseTo(500, -1);
    expect(summary.p99).toBeCloseTo(990, -1);
    expect(summary.p999).toBeCloseTo(999, -1);
    expect(summary.max).toBeCloseTo(1000, -1);
  });

  it("tells when the slowest requests were due, the stretches holding most of them first chosen, then in time order", () => {
    // Due every 10 ms for a second (answers in any order); slow at 30 ms, 40 ms and 620 ms, and one at the threshold.
    const due = Array.from({ length: 100 }, (_, n) => ((n * 37) % 100) * 10);
    const latency = due.map((ms) => (ms === 30 || ms === 40 ? 25_000 : ms === 620 ? 40_000 : ms === 900 ? 15_000 : 2_000));
    expect(tailWindows(due, latency, due.length, 15_000, 250)).toEqual([
      { fromMs: 0, requests: 2, maxMs: 25 },
      { fromMs: 500, requests: 1, maxMs: 40 },
      { fromMs: 750, requests: 1, maxMs: 15 },
    ]);
    // Only the stretches with most, and only the answers counted so far.
    expect(tailWindows(due, latency, due.length, 15_000, 250, 1)).toEqual([{ fromMs: 0, requests: 2, maxMs: 25 }]);
    expect(tailWindows(due, latency, 0, 15_000)).toEqual([]);
  });
});

describe("the open-rate generator", () => {
  let servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    servers = [];
  });
  /** A server on a free port handing each request to `handle`; returns its base URL. */
  const serve = async (handle: RequestListener): Promise<string> => {
    const server = createServer(handle);
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const numberOf = (request: IncomingMessage) => Number(new URL(request.url ?? "", "http://x").searchParams.get("n"));
  /** A server answering `answer(n)` for /?n=…, noting each n it saw. */
  const listen = (answer: (n: number) => number, seen: number[] = []): Promise<string> =>
    serve((request, response) => {
      const n = numberOf(request);
      seen.push(n);
      response.statusCode = answer(n);
      response.end(response.statusCode === 200 ? "ok" : "taken");
    });

  it("sends every request to the targets in turn and counts the answers that are not 2xx", async () => {
    const first: number[] = [];
    const second: number[] = [];
    const answer = (n: number) => (n % 4 === 3 ? 409 : 200);
    const result = await openRate({
      targets: [await listen(answer, first), await listen(answer, second)],
      connections: 4,
      perSecond: 2000,
      requests: 40,
      request: (n) => ({ path: `/?n=${n}`, method: "GET", headers: {} }),
      warmUp: { path: "/?n=-1", method: "GET", headers: {} },
    });
    // Two warm-up requests per target (the sockets opened first), then the phase's own.
    expect(first.filter((n) => n === -1)).toHaveLength(2);
    expect(first.filter((n) => n >= 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i));
    expect(second.filter((n) => n >= 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 2 * i + 1));
    expect(result).toMatchObject({ requests: 40, non2xx: 10, errors: 0, targetPerSecond: 2000 });
    expect(result.firstFailure).toBe("status 409: taken");
  });

  it("reads the event loop's lateness without the sampler's own interval (Node records the time between its ticks)", async () => {
    expect(loopLatenessUs(10_076_160, 10)).toBeCloseTo(76.16);
    expect(loopLatenessUs(34_734_079, 10)).toBeCloseTo(24_734.079);
    expect(loopLatenessUs(9_990_000, 10)).toBe(0);
    // A loop blocked 45 ms reads at least 35 ms late whatever the sampler's phase (the block less one 10 ms
    // interval), so at least 20 ms with room to spare however loaded the machine (only later, never earlier).
    // A 30 ms block left no room: begun just after a tick it reads 20 ms, and Date.now()'s millisecond may end it early.
    const { monitorEventLoopDelay } = await import("node:perf_hooks");
    const sampler = monitorEventLoopDelay({ resolution: 10 });
    sampler.enable();
    await new Promise((done) => setTimeout(done, 50));
    const started = Date.now();
    while (Date.now() - started < 45);
    await new Promise((done) => setTimeout(done, 40));
    sampler.disable();
    expect(loopLatenessUs(sampler.max)).toBeGreaterThanOrEqual(20_000);
  });

  it("opens every socket before the first request is due and reports its own lateness", async () => {
    const seen: number[] = [];
    const target = await listen(() => 200, seen);
    const server = servers[0] as Server;
    let connections = 0;
    server.on("connection", () => connections++);
    const built: number[] = [];
    const result = await openRate({
      targets: [target],
      connections: 3,
      perSecond: 500,
      requests: 10,
      request: (n) => {
        built.push(n);
        return { path: `/?n=${n}`, method: "GET", headers: {} };
      },
      warmUp: { path: "/?n=-1", method: "GET", headers: {} },
    });
    // Three warm-up requests at once opened the three sockets; the phase's ten requests found them open.
    expect(connections).toBe(3);
    expect(seen.filter((n) => n === -1)).toHaveLength(3);
    expect(seen.filter((n) => n >= 0).sort((a, b) => a - b)).toEqual(built);
    expect(result.requests).toBe(10);
    for (const lag of Object.values(result.generatorLagMs)) expect(lag).toBeGreaterThanOrEqual(0);
    expect(result.generatorLagMs.sendMax).toBeGreaterThanOrEqual(result.generatorLagMs.sendP99);
    expect(result.generatorCpuMicrosPerRequest).toBeGreaterThan(0);
  });

  it("sends the lead-in first on the same schedule, and measures only the requests after it", async () => {
    const seen: number[] = [];
    const target = await listen((n) => (n === 1 || n === 7 ? 409 : 200), seen);
    const result = await openRate({
      targets: [target],
      connections: 2,
      perSecond: 1000,
      leadIn: 5,
      requests: 8,
      serverPids: [process.pid],
      request: (n) => ({ path: `/?n=${n}`, method: "GET", headers: {} }),
      warmUp: { path: "/?n=-1", method: "GET", headers: {} },
    });
    // All 13 were sent; request 1's refusal is the lead-in's, request 7's (the measured part's third) the phase's.
    expect(seen.filter((n) => n >= 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, n) => n));
    expect(result).toMatchObject({ requests: 8, non2xx: 1, errors: 0, leadIn: { requests: 5, failed: 1 } });
    expect(result.firstFailure).toMatch(/^lead-in, status 409/);
    // The servers' CPU is read at the measured part's start and end: never less at the end.
    expect(result.serverCpu?.after.all).toBeGreaterThanOrEqual(result.serverCpu?.before.all ?? Number.POSITIVE_INFINITY);
    expect(result.startedAtEpochMs).toBeLessThanOrEqual(Date.now());
  });

  it("counts a refused connection as an error, not as an answer", async () => {
    const closed = await listen(() => 200);
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    servers = [];
    const result = await openRate({
      targets: [closed],
      connections: 2,
      perSecond: 1000,
      requests: 3,
      request: () => ({ path: "/", method: "POST", headers: {}, body: "{}" }),
    });
    expect(result).toMatchObject({ requests: 3, non2xx: 0, errors: 3 });
    expect(result.firstFailure).toMatch(/ECONNREFUSED/);
  });

  it("sends each request's headers and body bytes as built", async () => {
    const received: { n: number; type: string; length: string; body: string }[] = [];
    const target = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const { "content-type": type = "", "content-length": length = "" } = request.headers;
        received.push({ n: numberOf(request), type, length, body: Buffer.concat(chunks).toString("utf8") });
        response.end("ok");
      });
    });
    const body = (n: number) => JSON.stringify({ quantity: n, note: "crème" });
    const result = await openRate({
      targets: [target],
      connections: 2,
      perSecond: 1000,
      requests: 6,
      request: (n) => ({
        path: `/?n=${n}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: n % 2 ? Buffer.from(body(n)) : body(n),
      }),
      warmUp: { path: "/?n=-1", method: "GET", headers: {} },
    });
    expect(result).toMatchObject({ requests: 6, non2xx: 0, errors: 0 });
    const phase = received.filter((request) => request.n >= 0).sort((a, b) => a.n - b.n);
    expect(phase).toEqual(
      Array.from({ length: 6 }, (_, n) => ({ n, type: "application/json", length: String(Buffer.byteLength(body(n))), body: body(n) })),
    );
  });

  it("runs a phase in a process of its own: the same requests, bodies and counts, repeated requests sent as often as asked", async () => {
    const received: { n: number; cart: string; body: string }[] = [];
    const target = await serve((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const n = numberOf(request);
        received.push({ n, cart: String(request.headers["cart-token"] ?? ""), body: Buffer.concat(chunks).toString("utf8") });
        response.statusCode = n === 5 ? 409 : 200;
        response.end(response.statusCode === 200 ? "ok" : "taken");
      });
    });
    // Three carts sent in turn, as the bench's per-connection steps do: the same request object again and again.
    const carts = [0, 1, 2].map((cart) => ({
      path: `/?n=${cart}`,
      method: "POST" as const,
      headers: { "cart-token": `cart-${cart}` },
      body: `{"cart":${cart}}`,
    }));
    const own = { path: "/?n=5", method: "POST" as const, headers: { "cart-token": "cart-5" }, body: Buffer.from('{"cart":"é"}') };
    // Two lead-in requests first, sent and not measured.
    const leadIn = { path: "/?n=-2", method: "POST" as const, headers: { "cart-token": "lead-in" }, body: "{}" };
    const result = await openRateInOwnProcess({
      targets: [target],
      connections: 2,
      perSecond: 1000,
      leadIn: 2,
      requests: 9,
      request: (n) => (n < 2 ? leadIn : n - 2 === 8 ? own : (carts[(n - 2) % 3] as (typeof carts)[number])),
      warmUp: { path: "/?n=-1", method: "GET", headers: {} },
    });
    expect(result).toMatchObject({ requests: 9, non2xx: 1, errors: 0, firstFailure: "status 409: taken", targetPerSecond: 1000 });
    expect(result.leadIn).toEqual({ requests: 2, failed: 0 });
    expect(received.filter((request) => request.n === -2)).toHaveLength(2);
    expect(result.generatorCpuMicrosPerRequest).toBeGreaterThan(0);
    const phase = received.filter((request) => request.n >= 0);
    expect(phase.map((request) => request.cart).sort()).toEqual([
      "cart-0",
      "cart-0",
      "cart-0",
      "cart-1",
      "cart-1",
      "cart-1",
      "cart-2",
      "cart-2",
      "cart-5",
    ]);
    for (const request of phase) expect(request.body).toBe(request.n === 5 ? '{"cart":"é"}' : `{"cart":${request.n}}`);
  });

  it("fails a phase in its own process with the generator's reason", async () => {
    await expect(
      openRateInOwnProcess({
        targets: ["http://127.0.0.1:9"],
        connections: 1,
        perSecond: 0,
        requests: 1,
        request: () => ({ path: "/", method: "GET", headers: {} }),
      }),
    ).rejects.toThrow("open rate: needs a rate above 0 and a request (got 0/s, 1)");
  });

  it("waits for a request that is never answered and counts it as an error", async () => {
    const target = await serve((request, response) => {
      if (numberOf(request) !== 2) response.end("ok");
    });
    const result = await openRate({
      targets: [target],
      connections: 2,
      perSecond: 1000,
      requests: 5,
      request: (n) => ({ path: `/?n=${n}`, method: "GET", headers: {} }),
      answerTimeoutMs: 300,
    });
    expect(result).toMatchObject({ requests: 5, non2xx: 0, errors: 1 });
    expect(result.firstFailure).toMatch(/timeout/i);
  });

  it("counts a request's wait for a free socket in its latency", async () => {
    // One socket, each answer 40 ms after its request: the fourth, due 3 ms in, waits for three answers before its own.
    const target = await serve((_request, response) => {
      setTimeout(() => response.end("ok"), 40);
    });
    const result = await openRate({
      targets: [target],
      connections: 1,
      perSecond: 1000,
      requests: 4,
      request: (n) => ({ path: `/?n=${n}`, method: "GET", headers: {} }),
    });
    expect(result).toMatchObject({ requests: 4, non2xx: 0, errors: 0 });
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(4 * 39 - 3);
  });
});

const row = (step: string, requestsPerSecond: number, openP99?: number): Row => ({
  step,
  requestsPerSecond,
  latencyMs: { p99: 100 },
  ...(openP99 === undefined ? {} : { openRate: { latencyMs: { p99: openP99 } } }),
});

describe("the budgets", () => {
  const floors = [row(FLOOR_WRITE, 5175), row(FLOOR_READ, 12_000)];

  it("reads a row against the floor row of the same run", () => {
    expect(floorRatio([row("add-item", 1034), ...floors], "add-item", FLOOR_WRITE)).toBeCloseTo(0.1998, 4);
    expect(floorRatio([row("add-item", 1034)], "add-item", FLOOR_WRITE)).toBeUndefined();
    expect(floorOf({ minFloorReadRatio: 0.75 })).toBe(FLOOR_READ);
    expect(floorOf({ minFloorWriteRatio: 0.5 })).toBe(FLOOR_WRITE);
  });

  it("breaks a write-ratio budget and says by how much", () => {
    const broken = brokenBudgets("cart-flow", [row("add-item", 1034, 3), ...floors], { "add-item": { minFloorWriteRatio: 0.5 } });
    expect(broken).toEqual([
      {
        step: "add-item",
        message:
          'cart-flow: add-item 1,034 req/s is 0.20 of "reference: floor write" (5,175 req/s); the budget of 0.5 needs 2,588 req/s, 1,554 short',
      },
    ]);
    expect(brokenBudgets("cart-flow", [row("add-item", 2600, 3), ...floors], { "add-item": { minFloorWriteRatio: 0.5 } })).toEqual([]);
  });

  it("reads GET /cart against the floor read", () => {
    const budgets = { "GET /cart": { minFloorReadRatio: 0.75 } };
    expect(brokenBudgets("cart-flow", [row("GET /cart", 9000), ...floors], budgets)).toEqual([]);
    expect(brokenBudgets("cart-flow", [row("GET /cart", 8999), ...floors], budgets)[0]?.message).toMatch(/needs 9,000 req\/s, 1 short/);
  });

  it("reads a step against its own floor, measured beside it, before the run's floor row", () => {
    const budgets = { "GET /cart": { minFloorReadRatio: 0.75 }, "add-item": { minFloorWriteRatio: 0.5 } };
    const beside = { ...row("GET /cart", 9000), pairedFloor: { step: FLOOR_READ, requestsPerSecond: 14_000 } };
    expect(floorRatio([beside, ...floors], "GET /cart", FLOOR_READ)).toBeCloseTo(0.6429, 4);
    expect(brokenBudgets("cart-flow", [beside, ...floors], budgets)[0]?.message).toBe(
      'cart-flow: GET /cart 9,000 req/s is 0.64 of "reference: floor read" (14,000 req/s, measured right after the step); the budget of 0.75 needs 10,500 req/s, 1,500 short',
    );
    // A floor of the other kind beside it is not this budget's floor: the run's row is.
    const otherKind = { ...row("add-item", 2600), pairedFloor: { step: FLOOR_READ, requestsPerSecond: 14_000 } };
    expect(floorRatio([otherKind, ...floors], "add-item", FLOOR_WRITE)).toBeCloseTo(2600 / 5175, 4);
    // With its own floor and no floor row in the run, the step is still read.
    expect(brokenBudgets("cart-flow", [{ ...beside, requestsPerSecond: 10_500 }], budgets)).toEqual([]);
  });

  it("fails a ratio it cannot read rather than passing it", () => {
    const broken = brokenBudgets("cart-flow", [row("add-item", 9000)], { "add-item": { minFloorWriteRatio: 0.5 } });
    expect(broken[0]?.message).toMatch(/cannot be read against "reference: floor write"/);
  });

  it("breaks the open-rate p99 and the plain figures", () => {
    const budgets = { "POST /checkout": { minRequestsPerSecond: 500, openRateP99Ms: 50 } };
    expect(brokenBudgets("checkout", [row("POST /checkout", 499, 50.5)], budgets).map((b) => b.message)).toEqual([
      "checkout: POST /checkout 499 req/s, 1 short of the budget of 500",
      "checkout: POST /checkout open-rate p99 50.5 ms, 0.50 ms over the budget of 50 ms",
    ]);
    expect(brokenBudgets("checkout", [row("POST /checkout", 500, 50)], budgets)).toEqual([]);
    expect(brokenBudgets("checkout", [row("POST /checkout", 600)], budgets)[0]?.message).toMatch(/no open-rate phase ran/);
    // A generator later than the budget is named beside the broken p99; one within it is not.
    const late = (loopMax: number): Row => ({
      ...row("POST /checkout", 600, 80),
      openRate: { latencyMs: { p99: 80 }, generatorLagMs: { loopMax, sendP99: 40 } },
    });
    expect(brokenBudgets("checkout", [late(120)], budgets)[0]?.message).toMatch(
      /generator itself was up to 120 ms late, its sends 40 ms at p99/,
    );
    expect(brokenBudgets("checkout", [late(12)], budgets)[0]?.message).not.toMatch(/generator/);
    expect(brokenBudgets("owner", [row("order view", 90)], { "order view": { p99Ms: 150 } })).toEqual([]);
    expect(brokenBudgets("owner", [row("order view", 90)], { "order view": { p99Ms: 99 } })[0]?.message).toBe(
      "owner: order view p99 100 ms, 1 ms over the budget of 99 ms",
    );
  });

  it("skips the steps a run did not load, and checks the server's start and memory", () => {
    const budgets = { "add-item": { minFloorWriteRatio: 0.5 }, server: { maxStartMs: 1000, maxRssMb: 200 } };
    expect(brokenBudgets("cart-flow", [], budgets, { startMs: 1000, peakRssMb: 200 })).toEqual([]);
    expect(brokenBudgets("cart-flow", [], budgets, { startMs: 2712, peakRssMb: 489.6 }).map((b) => b.message)).toEqual([
      "cart-flow: server start took 2712 ms, 1712 ms over the budget of 1000 ms",
      "cart-flow: server resident memory peaked at 489.6 MB, 289.6 MB over the budget of 200 MB",
    ]);
  });
});

describe("the server's CPU", () => {
  // A process that burns a third of a second of CPU on a worker thread, then as much on its main thread, saying when.
  // User and system time both, as /proc counts them: the loop's own clock reads are system calls, which on a busy
  // machine took twice the user time (a main thread read at 1.06 s for a 0.35 s burn of user time alone).
  const BURNS = `
    const { Worker } = require("node:worker_threads");
    const burn = (seconds) => {
      const used = () => { const { user, system } = process.threadCpuUsage(); return user + system; };
      const until = used() + seconds * 1e6;
      while (used() < until);
    };
    console.log("started");
    const worker = new Worker("(" + burn + ")(0.35)", { eval: true });
    worker.on("exit", () => {
      console.log("worker burnt");
      burn(0.35);
      console.log("main burnt");
      process.stdin.on("end", () => process.exit(0)).resume();
    });
  `;

  it("tells the main thread's CPU from the other threads'", async () => {
    const child = spawn(process.execPath, ["-e", BURNS], { stdio: ["pipe", "pipe", "inherit"] });
    const lines: string[] = [];
    const said = (line: string) =>
      new Promise<void>((done) => {
        const look = () => (lines.includes(line) ? done() : child.stdout.once("data", look));
        look();
      });
    child.stdout.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
    await said("started");
    const started = cpuMark([child.pid]);
    await said("worker burnt");
    const workerBurnt = cpuMark([child.pid]);
    await said("main burnt");
    const mainBurnt = cpuMark([child.pid]);
    child.stdin.end();
    await once(child, "exit");

    // The worker's third of a second counts for the process, not for its main thread (which only started it).
    expect(workerBurnt.all - started.all).toBeGreaterThanOrEqual(0.3);
    expect((workerBurnt.mains[0] ?? 0) - (started.mains[0] ?? 0)).toBeLessThan(0.2);
    expect((mainBurnt.mains[0] ?? 0) - (workerBurnt.mains[0] ?? 0)).toBeGreaterThanOrEqual(0.3);
    // Read over a stretch: per request for every thread, and the main thread's share of the stretch's time.
    const load = serverLoad(workerBurnt, mainBurnt, 100, 0.7);
    expect(load.cpuMicrosPerRequest).toBeGreaterThanOrEqual(3000);
    expect(load.mainThreadBusy).toBeGreaterThanOrEqual(0.42);
    expect(load.mainThreadBusy).toBeLessThanOrEqual(1);
    // A process gone reads as no CPU; no requests or no time reads as 0, not as a division by zero.
    expect(cpuMark([child.pid])).toEqual({ all: 0, mains: [0] });
    expect(serverLoad(started, mainBurnt, 0, 0)).toEqual({ cpuMicrosPerRequest: 0, mainThreadBusy: 0 });
  });
});
