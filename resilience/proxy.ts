/**
 * A round-robin HTTP proxy for the two-process scenario: each request goes to the next upstream
 * in turn (per request, not per connection, so one client's consecutive calls land on different
 * processes, the hardest case for state kept in a process). Each reply says which upstream
 * answered (`X-Upstream`, its index), so a check can prove a write and its read crossed over.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Upstream {
  host: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each upstream so far. */
  counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: Upstream[], port = 0): Promise<RoundRobinProxy> {
  if (!upstreams.length) throw new Error("a proxy needs at least one upstream");
  const counts = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const upstream = upstreams[index] as Upstream;
    const forwarded = httpRequest(
      { host: upstream.host, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(index) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", (error) => {
      // An upstream that is down answers as a load balancer would: 502, in the shop's error shape.
      if (outgoing.headersSent) outgoing.destroy(error);
      else
        outgoing
          .writeHead(502, { "content-type": "application/json", "x-upstream": String(index) })
          .end(JSON.stringify({ code: "bad_gateway", message: `upstream ${index} did not answer: ${error.message}` }));
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
