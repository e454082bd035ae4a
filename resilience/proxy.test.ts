import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RoundRobinProxy, startRoundRobinProxy } from "./proxy.ts";

/** An upstream that answers its name, the request it saw and the body it was sent. */
function echo(name: string): Promise<Server> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      response
        .writeHead(201, { "content-type": "application/json", "set-cookie": `seen=${name}` })
        .end(JSON.stringify({ name, method: request.method, url: request.url, header: request.headers["x-test"], body }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

describe("the round-robin proxy", () => {
  let a: Server;
  let b: Server;
  let proxy: RoundRobinProxy;
  beforeAll(async () => {
    [a, b] = await Promise.all([echo("a"), echo("b")]);
    proxy = await startRoundRobinProxy([
      { host: "127.0.0.1", port: portOf(a) },
      { host: "127.0.0.1", port: portOf(b) },
    ]);
  });
  afterAll(async () => {
    await proxy.close();
    a.close();
    b.close();
  });

  it("sends each request to the next upstream in turn, on one connection too, and says which answered", async () => {
    const names: string[] = [];
    const upstreams: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${proxy.url}/path?i=${i}`);
      names.push(((await response.json()) as { name: string }).name);
      upstreams.push(response.headers.get("x-upstream") ?? "");
    }
    expect(names).toEqual(["a", "b", "a", "b", "a"]);
    expect(upstreams).toEqual(["0", "1", "0", "1", "0"]);
    expect(proxy.counts).toEqual([3, 2]);
  });

  it("passes the method, path, headers and body through, and the status and headers back", async () => {
    const response = await fetch(`${proxy.url}/api/x?q=1`, { method: "POST", headers: { "x-test": "yes" }, body: "payload" });
    expect(response.status).toBe(201);
    expect(response.headers.get("set-cookie")).toMatch(/^seen=[ab]$/);
    expect(await response.json()).toMatchObject({ method: "POST", url: "/api/x?q=1", header: "yes", body: "payload" });
  });

  it("answers 502 in the error shape when an upstream is down", async () => {
    const down = await startRoundRobinProxy([{ host: "127.0.0.1", port: 1 }]);
    try {
      const response = await fetch(`${down.url}/`);
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: "bad_gateway" });
    } finally {
      await down.close();
    }
  });
});
