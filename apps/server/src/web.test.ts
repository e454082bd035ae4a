import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { logPageError } from "./web.ts";

/** A logger that keeps each line's level and words. */
function recordingLogger() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at = (level: string) => vi.fn((...args: unknown[]) => void lines.push({ level, args }));
  const log = { warn: at("warn"), error: at("error") } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe("logPageError", () => {
  it("logs React Router's refusal of a cross-site form post as a warning, without its stack", () => {
    const { log, lines } = recordingLogger();
    logPageError(
      log,
      new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."),
    );
    expect(lines).toEqual([{ level: "warn", args: ["refused a form post from another site"] }]);
  });

  it("logs any other failure as an error with the error itself", () => {
    const { log, lines } = recordingLogger();
    const failure = new TypeError("x is undefined");
    logPageError(log, failure);
    expect(lines).toEqual([{ level: "error", args: [{ err: failure }, "page failed"] }]);
  });
});
