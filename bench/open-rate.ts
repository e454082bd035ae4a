/**
 * The bench's open-rate load (issue 20, bench/notes/open-rate.md): requests sent at a constant
 * rate whatever the server answers, each timed from when it was due to be sent, so time spent
 * queueing (in the server, in the kernel, or in the client waiting for a free socket) counts.
 * A closed loop (autocannon) sends a connection's next request only after its answer, so a slow
 * answer also delays the requests that would have met it: coordinated omission. Here it cannot.
 */
import { fork } from "node:child_process";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import * as hdr from "hdr-histogram-js";
import { type Dispatcher, Pool } from "undici";
import { type CpuMark, cpuMark } from "./server-cpu.ts";

/** When request `index` (from 0) is due, in ms on the clock `startMs` was read from. */
export function dueAt(startMs: number, index: number, perSecond: number): number {
  return startMs + (index * 1000) / perSecond;
}

/** How many of `total` requests are due by `nowMs` (request 0 is due at `startMs`). */
export function dueCount(startMs: number, nowMs: number, perSecond: number, total: number): number {
  if (nowMs < startMs) return 0;
  return Math.min(total, Math.floor(((nowMs - startMs) * perSecond) / 1000) + 1);
}

/** A request's latency as a shopper meets it: from when it was due to be sent until its answer ended, in µs. */
export function latencyFromDueUs(dueMs: number, doneMs: number): number {
  return Math.max(1, Math.round((doneMs - dueMs) * 1000));
}

/** How often the generator's event loop is sampled (ms): a stall past the budgets still shows, and a 1 ms sampler took 2.4 % of a core itself. */
export const LOOP_SAMPLE_MS = 10;

/**
 * The lateness in a sample of `monitorEventLoopDelay`, in µs: Node records the whole time between its timer's
 * ticks, so an idle loop reads one resolution (10.1 ms at 10) and a loop blocked 30 ms about 35. Taken off, what
 * is left is how late the loop was.
 */
export function loopLatenessUs(sampleNs: number, resolutionMs = LOOP_SAMPLE_MS): number {
  return Math.max(0, sampleNs / 1000 - resolutionMs * 1000);
}

/** Latencies up to a minute, at three significant digits (1 µs resolution below 1 ms). */
const HIGHEST_US = 60_000_000;
export function latencyHistogram(): hdr.Histogram {
  return hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 3 });
}

export interface LatencySummary {
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** p50, p99, p99.9 and the largest latency in ms (two decimals) of a histogram of µs. */
export function summarize(histogram: hdr.Histogram): LatencySummary {
  const ms = (us: number) => Math.round(us / 10) / 100;
  // A percentile reads as the top of its bucket, which may pass the largest value recorded.
  const at = (percentile: number) => ms(Math.min(histogram.getValueAtPercentile(percentile), histogram.maxValue));
  return { p50: at(50), p99: at(99), p999: at(99.9), max: ms(histogram.maxValue) };
}

export interface OpenRateRequest {
  path: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** A stretch of a phase, by due time, and the requests due in it whose latency reached the phase's p99. */
export interface TailWindow {
  /** Where the stretch starts, in ms from the phase's first due time. */
  fromMs: number;
  requests: number;
  /** The slowest of them, in ms. */
  maxMs: number;
}

/** How long a stretch of `tailWindows` is (ms): short beside a phase, long beside a collection's or a checkpoint's pause. */
export const TAIL_WINDOW_MS = 250;

/**
 * When a phase's slowest requests were due: the requests at or over `thresholdUs`, counted by stretch of `windowMs`,
 * the `keep` stretches holding most of them in time order. One stretch at the phase's start says the server was not
 * yet warm; a few stretches spread through it say pauses (a collection, a checkpoint); many say a queue.
 */
export function tailWindows(
  dueOffsetsMs: ArrayLike<number>,
  latenciesUs: ArrayLike<number>,
  count: number,
  thresholdUs: number,
  windowMs = TAIL_WINDOW_MS,
  keep = 5,
): TailWindow[] {
  const windows = new Map<number, TailWindow>();
  for (let n = 0; n < count; n++) {
    const latency = latenciesUs[n] as number;
    if (latency < thresholdUs) continue;
    const fromMs = Math.floor(Math.max(0, dueOffsetsMs[n] as number) / windowMs) * windowMs;
    const window = windows.get(fromMs) ?? windows.set(fromMs, { fromMs, requests: 0, maxMs: 0 }).get(fromMs)!;
    window.requests++;
    window.maxMs = Math.max(window.maxMs, Math.round(latency / 10) / 100);
  }
  return [...windows.values()]
    .sort((a, b) => b.requests - a.requests || a.fromMs - b.fromMs)
    .slice(0, keep)
    .sort((a, b) => a.fromMs - b.fromMs);
}

export interface OpenRateOptions {
  /** Base URLs of the servers, sent to in turn (request n goes to the n-th modulo their number). */
  targets: string[];
  /** Sockets in all, shared out between the targets: the same connections the closed loop had. */
  connections: number;
  perSecond: number;
  /** Requests measured. */
  requests: number;
  /**
   * Requests sent first on the same schedule and sockets, not measured (default 0): requests 0 to leadIn − 1 of
   * `request`, the measured ones following without a pause. The server and the generator go from idle to the rate
   * in them, so what is measured is the rate held, not its first moments (decision 0181).
   */
  leadIn?: number;
  /** The server processes whose CPU the measured part used is read (`cpuMark` at its first due request and after its last answer). */
  serverPids?: number[];
  /** Request n (lead-in first); all are built before the first is due (a shopper's browser builds its own, not a process shared with the others). */
  request: (n: number) => OpenRateRequest;
  /** Sent on every socket before the phase, so it starts on open connections as the closed loop left them (default GET /api/health). */
  warmUp?: OpenRateRequest;
  /** How long a request may wait for its answer before it counts as an error (default 30 s). */
  answerTimeoutMs?: number;
}

/** How late the generator itself was (ms): its event loop's delay through the phase, and each request's send after its due time. */
export interface GeneratorLag {
  loopP99: number;
  loopMax: number;
  sendP99: number;
  sendMax: number;
}

export interface OpenRateResult {
  targetPerSecond: number;
  /** The lead-in's requests, and how many of them failed (a non-2xx answer or an error). */
  leadIn: { requests: number; failed: number };
  /** Answers per second from the first due time to the last answer. */
  achievedPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The first non-2xx answer or error, to say why a phase failed. */
  firstFailure: string;
  latencyMs: LatencySummary;
  /** The load generator's own lateness, next to the latencies it reports: part of them is its own. */
  generatorLagMs: GeneratorLag;
  /** The generator's own CPU per request (µs): what it takes from the cores the server runs on. */
  generatorCpuMicrosPerRequest: number;
  /** The server processes' CPU at the measured part's first due request and after its last answer (`serverPids`). */
  serverCpu?: { before: CpuMark; after: CpuMark };
  /** When the first measured request was due, in ms since the epoch: to lay the phase beside the server's own log (`--trace-gc`). */
  startedAtEpochMs: number;
  /** When the requests at or over the p99 were due (`tailWindows`). */
  tailWindows: TailWindow[];
}

/**
 * Sends `requests` requests at `perSecond`, each at its due time however many are still
 * unanswered; a request finding every socket busy waits in the pool's queue, on its clock.
 * The loop wakes at most once a millisecond, so a request may leave up to about 1 ms late: that
 * lateness is in its latency too. Before the first due time every request is built (with its
 * header list and body bytes) and every socket opened, so the generator does as little as it can
 * during the phase; how late it still was is measured and reported beside the latencies. The
 * client is undici's `Pool`, one request per socket at a time, through its dispatch API: about
 * 20 µs of CPU a request where `node:http` took 50, past the cost of the constant rate itself
 * (decision 0061's amendment). (A full collection of its heap before the phase was tried and
 * dropped: it did not spare the phase its collections.)
 */
export async function openRate(options: OpenRateOptions): Promise<OpenRateResult> {
  const { targets, perSecond, requests } = options;
  const leadIn = Math.max(0, Math.floor(options.leadIn ?? 0));
  const total = leadIn + requests;
  if (!(perSecond > 0) || requests < 1) throw new Error(`open rate: needs a rate above 0 and a request (got ${perSecond}/s, ${requests})`);
  const socketsEach = Math.max(1, Math.ceil(options.connections / targets.length));
  const timeout = options.answerTimeoutMs ?? 30_000;
  const pools = targets.map(
    (target) =>
      new Pool(target, { connections: socketsEach, pipelining: 1, headersTimeout: timeout, bodyTimeout: timeout, connectTimeout: timeout }),
  );
  // The first due time, set once every socket is open, and the first measured request's (after the lead-in).
  let start = 0;
  let measuredStart = 0;
  const histogram = latencyHistogram();
  const sendLate = latencyHistogram();
  let non2xx = 0;
  let errors = 0;
  let firstFailure = "";
  let answered = 0;
  let leadInFailed = 0;
  let lastDone = 0;
  // Each answer's due time (from the phase's start) and latency, in the order they came, for `tailWindows`.
  const dueOffsetsMs = new Float64Array(requests);
  const latenciesUs = new Float64Array(requests);
  let timed = 0;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((done) => {
    allDone = done;
  });
  const outcome: Outcome = {
    answered(due, status, failureBody) {
      const latency = Math.min(HIGHEST_US, latencyFromDueUs(due, performance.now()));
      histogram.recordValue(latency);
      dueOffsetsMs[timed] = due - measuredStart;
      latenciesUs[timed++] = latency;
      if (status < 200 || status >= 300) {
        non2xx++;
        if (!firstFailure) firstFailure = `status ${status}: ${failureBody.slice(0, 200)}`;
      }
      settle();
    },
    failed(error) {
      errors++;
      if (!firstFailure) firstFailure = error.message;
      settle();
    },
  };
  // The lead-in's answers are counted, for the phase to end, and their failures told, but not timed.
  const leadInOutcome: Outcome = {
    answered(_due, status, failureBody) {
      if (status < 200 || status >= 300) {
        leadInFailed++;
        if (!firstFailure) firstFailure = `lead-in, status ${status}: ${failureBody.slice(0, 200)}`;
      }
      settle();
    },
    failed(error) {
      leadInFailed++;
      if (!firstFailure) firstFailure = `lead-in: ${error.message}`;
      settle();
    },
  };
  const settle = () => {
    answered++;
    lastDone = performance.now();
    if (answered === total) allDone();
  };
  // A request returned more than once (a cart's GET sent again) is built once.
  const builtOnce = new Map<OpenRateRequest, Dispatcher.DispatchOptions>();
  const build = (request: OpenRateRequest) => builtOnce.get(request) ?? builtOnce.set(request, dispatchOptions(request)).get(request);
  const built = Array.from({ length: total }, (_, n) => build(options.request(n)));
  builtOnce.clear();
  await openSockets(pools, socketsEach, dispatchOptions(options.warmUp ?? { path: "/api/health", method: "GET", headers: {} }));
  // Where the process allows it (the generator's own, decision 0078): the requests just built are moved out of
  // the young generation now, not copied by the phase's first collections while answers wait.
  (globalThis as { gc?: () => void }).gc?.();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loopDelay.enable();
  let cpuBefore = process.cpuUsage();
  let serverBefore: CpuMark | undefined;
  start = performance.now() + 2;
  measuredStart = dueAt(start, leadIn, perSecond);
  let next = 0;
  while (next < total) {
    const due = dueCount(start, performance.now(), perSecond, total);
    for (; next < due; next++) {
      const dueMs = dueAt(start, next, perSecond);
      const measured = next >= leadIn;
      if (next === leadIn) {
        // The generator's own lateness and CPU are the measured part's, as its latencies are.
        loopDelay.reset();
        cpuBefore = process.cpuUsage();
        if (options.serverPids) serverBefore = cpuMark(options.serverPids);
      }
      (pools[next % pools.length] as Pool).dispatch(
        built[next] as Dispatcher.DispatchOptions,
        new Exchange(dueMs, measured ? outcome : leadInOutcome),
      );
      if (measured) sendLate.recordValue(Math.min(HIGHEST_US, latencyFromDueUs(dueMs, performance.now())));
    }
    if (next < total) await new Promise((wake) => setTimeout(wake, Math.max(0, dueAt(start, next, perSecond) - performance.now())));
  }
  await finished;
  const serverAfter = options.serverPids ? cpuMark(options.serverPids) : undefined;
  const cpuUsed = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  await Promise.all(pools.map((pool) => pool.destroy()));
  const ms = (us: number) => Math.round(us / 10) / 100;
  const result: OpenRateResult = {
    targetPerSecond: perSecond,
    leadIn: { requests: leadIn, failed: leadInFailed },
    achievedPerSecond: Math.round((requests * 1000) / Math.max(1, lastDone - measuredStart)),
    requests,
    non2xx,
    errors,
    firstFailure,
    latencyMs: summarize(histogram),
    generatorLagMs: {
      loopP99: ms(loopLatenessUs(loopDelay.percentile(99))),
      loopMax: ms(loopLatenessUs(loopDelay.max)),
      sendP99: ms(Math.min(sendLate.getValueAtPercentile(99), sendLate.maxValue)),
      sendMax: ms(sendLate.maxValue),
    },
    generatorCpuMicrosPerRequest: Math.round((cpuUsed.user + cpuUsed.system) / requests),
    ...(serverBefore && serverAfter ? { serverCpu: { before: serverBefore, after: serverAfter } } : {}),
    startedAtEpochMs: Math.round(performance.timeOrigin + measuredStart),
    tailWindows: tailWindows(dueOffsetsMs, latenciesUs, timed, Math.min(histogram.getValueAtPercentile(99), histogram.maxValue)),
  };
  histogram.destroy();
  sendLate.destroy();
  return result;
}

/** One phase as the generator's own process receives it: the distinct requests, and which one is request n. */
export interface OpenRatePhase extends Omit<OpenRateOptions, "request"> {
  distinct: OpenRateRequest[];
  order: Uint32Array;
}

/** The generator's process: what it loads and nothing more (bench/open-rate-generator.ts). */
const GENERATOR_FILE = new URL("./open-rate-generator.ts", import.meta.url);
/**
 * V8's worker pool cut to one thread, as the server's is (decision 0076); a young generation of 32–64 MB from the
 * start, so an answer's garbage dies young instead of being promoted and marked (p99 4.5–6.6 ms against 7.1–8.4 at
 * 12,000 a second, decision 0078); an old generation first sized at 128 MB, so the little a phase promotes never
 * starts incremental marking in it (2–3.6 ms steps every 190 ms of a 4 s phase); `gc()` to collect before the
 * first due time.
 */
const GENERATOR_FLAGS = [
  "--v8-pool-size=1",
  "--min-semi-space-size=16",
  "--max-semi-space-size=32",
  "--initial-old-space-size=128",
  "--expose-gc",
];

/**
 * `openRate` in a fresh process of its own (decision 0078): the bench's process holds 100–200 MB of
 * modules and earlier steps' leftovers, and marking that heap took a core from the server and held
 * answers unread, which showed as tails of 45–75 ms at 14,000 requests a second. Requests are
 * built here, sent over IPC once each however often they repeat, and built again there.
 */
export async function openRateInOwnProcess(options: OpenRateOptions): Promise<OpenRateResult> {
  const { request, ...rest } = options;
  const distinct: OpenRateRequest[] = [];
  const indexOf = new Map<string, number>();
  const sent = (options.leadIn ?? 0) + options.requests;
  const order = new Uint32Array(sent);
  for (let n = 0; n < sent; n++) {
    const made = request(n);
    const key = JSON.stringify([
      made.path,
      made.method,
      made.headers,
      Buffer.isBuffer(made.body) ? made.body.toString("base64") : made.body,
    ]);
    let index = indexOf.get(key);
    if (index === undefined) {
      index = distinct.push(made) - 1;
      indexOf.set(key, index);
    }
    order[n] = index;
  }
  const phase: OpenRatePhase = { ...rest, distinct, order };
  // This process's own garbage (the closed loop's, the requests just built) is collected now, while nothing is
  // measured: its full collection in the middle of a phase took both cores from the server (decision 0078's amendment).
  (globalThis as { gc?: () => void }).gc?.();
  const child = fork(GENERATOR_FILE, [], {
    execArgv: GENERATOR_FLAGS,
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((done, fail) => {
    let answer: { result?: OpenRateResult; error?: string } | undefined;
    child.once("message", (message: { result?: OpenRateResult; error?: string }) => {
      answer = message;
    });
    child.once("error", fail);
    child.once("exit", (code, signal) => {
      if (answer?.result) done(answer.result);
      else
        fail(new Error(`open rate: ${answer?.error ?? `the generator's process ended (code ${code}, signal ${signal}) without a result`}`));
    });
    child.send(phase);
  });
}

/** A request as undici sends it: headers as a flat name/value list and the body as bytes, built once (undici sets content-length). */
function dispatchOptions({ path, method, headers, body }: OpenRateRequest): Dispatcher.DispatchOptions {
  return { path, method, headers: Object.entries(headers).flat(), body: typeof body === "string" ? Buffer.from(body) : body };
}

/** Where an exchange reports: its answer (status, and the body's start when it failed) or its error. */
interface Outcome {
  answered(due: number, status: number, failureBody: string): void;
  failed(error: Error): void;
}

/** One request's handler: keeps the status, the body only when it failed, and reports once. */
class Exchange implements Dispatcher.DispatchHandler {
  private status = 0;
  private failureChunks: Buffer[] | undefined;
  private over = false;
  private readonly due: number;
  private readonly outcome: Outcome;
  constructor(due: number, outcome: Outcome) {
    this.due = due;
    this.outcome = outcome;
  }
  onRequestStart(): void {}
  onResponseStart(_controller: Dispatcher.DispatchController, status: number): void {
    this.status = status;
    if (status < 200 || status >= 300) this.failureChunks = [];
  }
  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.failureChunks?.push(chunk);
  }
  onResponseEnd(): void {
    if (this.over) return;
    this.over = true;
    this.outcome.answered(this.due, this.status, this.failureChunks ? Buffer.concat(this.failureChunks).toString("utf8") : "");
  }
  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.over) return;
    this.over = true;
    this.outcome.failed(error);
  }
}

/** Opens `each` sockets per pool by sending `warmUp` on all of them at once; failures are left for the phase to count. */
async function openSockets(pools: Pool[], each: number, warmUp: Dispatcher.DispatchOptions): Promise<void> {
  const one = (pool: Pool) =>
    new Promise<void>((done) => {
      pool.dispatch(warmUp, new Exchange(0, { answered: () => done(), failed: () => done() }));
    });
  await Promise.all(pools.flatMap((pool) => Array.from({ length: each }, () => one(pool))));
}
