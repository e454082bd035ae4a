import { describe, expect, it } from "vitest";
import { FULL_CHROMIUM, HEADLESS_SHELL, journeyChromium } from "./chromium.ts";

describe("journeyChromium", () => {
  /** An `exists` that finds only the paths given. */
  function installed(...paths: string[]) {
    return (path: string) => paths.includes(path);
  }

  it("takes CHROMIUM_PATH whatever is installed", () => {
    expect(journeyChromium({ CHROMIUM_PATH: "/opt/chrome" }, installed(HEADLESS_SHELL))).toBe("/opt/chrome");
  });

  it("prefers Debian's headless shell, then the full browser", () => {
    expect(journeyChromium({}, installed(HEADLESS_SHELL, FULL_CHROMIUM))).toBe(HEADLESS_SHELL);
    expect(journeyChromium({}, installed(FULL_CHROMIUM))).toBe(FULL_CHROMIUM);
  });

  it("names the headless shell when neither is installed, for the message saying what to install", () => {
    expect(journeyChromium({}, installed())).toBe(HEADLESS_SHELL);
  });
});
