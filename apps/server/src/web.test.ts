import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { logPageError } from "./web.ts";

/** A logger that keeps each line's level and words. */
function recordingLogger() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at = (level: string) => vi.fn((...args: unknown[]) => void lines.push({ level, args }));
  const log = { info: at("info"), warn: at("warn"), error: at("error") } as unknown as FastifyBaseLogger;
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

  it("logs a request React Router refused with a status under 500 as information, with its words and no stack", () => {
    const { log, lines } = recordingLogger();
    logPageError(log, new Error('You made a PUT request to "/cart" but did not provide an `action`'), 405);
    expect(lines).toEqual([
      {
        level: "info",
        args: [{ status: 405 }, 'refused a page request: You made a PUT request to "/cart" but did not provide an `action`'],
      },
    ]);
  });

  it("logs any other failure as an error with the error itself, whatever status React Router gave it", () => {
    const { log, lines } = recordingLogger();
    const failure = new TypeError("x is undefined");
    logPageError(log, failure);
    logPageError(log, failure, 500);
    expect(lines).toEqual(Array(2).fill({ level: "error", args: [{ err: failure }, "page failed"] }));
  });
});
