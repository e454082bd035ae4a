import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { requestLogger } from "./request-logger.ts";

/** A Fastify app logging at `level` into an array of parsed lines, its request loggers made by requestLogger. */
function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: requestLogger });
  app.get("/quiet", async (request) => {
    request.log.info("only at info");
    return { level: request.log.level };
  });
  app.get("/loud", async (request) => {
    request.log.warn({ part: "warned" }, "a warning");
    request.log.child({ step: "inner" }).error("an error");
    return {};
  });
  app.get("/own-level", { logLevel: "debug" }, async (request) => {
    request.log.debug("debug on this route");
    return {};
  });
  return { app, lines };
}

describe("request loggers made on first use", () => {
  it("write nothing below the server's level, and report its level", async () => {
    const { app, lines } = appLogging("warn");
    const reply = await app.inject({ url: "/quiet" });
    expect(reply.json()).toEqual({ level: "warn" });
    expect(lines).toEqual([]);
    await app.close();
  });

  it("write the lines the level allows, bound to the request id, children included", async () => {
    const { app, lines } = appLogging("warn");
    await app.inject({ url: "/loud" });
    expect(lines.map((line) => [line.msg, line.part, line.step])).toEqual([
      ["a warning", "warned", undefined],
      ["an error", undefined, "inner"],
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it("write Fastify's own request lines at info, as a plain child would", async () => {
    const { app, lines } = appLogging("info");
    await app.inject({ url: "/quiet" });
    const messages = lines.filter((line) => line.reqId !== undefined).map((line) => line.msg);
    expect(messages).toEqual(["incoming request", "only at info", "request completed"]);
    await app.close();
  });

  it("honour a route's own log level", async () => {
    const { app, lines } = appLogging("warn");
    await app.inject({ url: "/own-level" });
    expect(lines.map((line) => line.msg)).toContain("debug on this route");
    await app.close();
  });
});
