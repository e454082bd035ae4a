/**
 * The open-rate phase's load generator in a process of its own (decision 0078), started by
 * `openRateInOwnProcess` for each phase. It receives one phase over IPC, warms itself up, runs the
 * phase and sends back the result.
 *
 * The warm-up is what the process is for: a generator starting cold spent the phase's first
 * 100–300 ms compiling its hot code and collecting the requests it had just built, on both cores,
 * while answers waited unread; at 14,000 requests a second that alone made a p99 of 50–75 ms.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type OpenRatePhase, openRate } from "./open-rate.ts";

/** Requests sent to the warm-up's own sink: enough for V8 to optimise the generator's hot path. */
const WARM_UP_REQUESTS = 5000;

process.once("message", async (phase: OpenRatePhase) => {
  try {
    const { distinct, order, ...options } = phase;
    const request = (n: number) => distinct[order[n % order.length] as number] as OpenRatePhase["distinct"][number];
    await warmUp(options.connections, request);
    const result = await openRate({ ...options, request });
    process.send?.({ result });
  } catch (error) {
    process.send?.({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    process.disconnect?.();
  }
});

/** Runs the generator at 20,000 requests a second against a server of its own that answers at once, then closes it. */
async function warmUp(connections: number, request: Parameters<typeof openRate>[0]["request"]): Promise<void> {
  const sink = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on("end", () => answer.end("{}"));
  });
  await new Promise<void>((listening) => sink.listen(0, "127.0.0.1", listening));
  try {
    const target = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    await openRate({ targets: [target], connections, perSecond: 20_000, requests: WARM_UP_REQUESTS, request, warmUp: request(0) });
  } finally {
    sink.closeAllConnections();
    await new Promise((closed) => sink.close(closed));
  }
}
