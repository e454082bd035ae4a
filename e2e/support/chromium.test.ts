import { describe, expect, it } from "vitest";
import { FULL_CHROMIUM, HEADLESS_SHELL, journeyChromium, journeyLaunchOptions } from "./chromium.ts";

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

describe("journeyLaunchOptions", () => {
  it("keeps every journey's flags and adds a journey's own after them", () => {
    const base = journeyLaunchOptions();
    const withCamera = journeyLaunchOptions(["--use-fake-device-for-media-stream"]);
    expect(base.args).toContain("--no-sandbox");
    expect(withCamera.args).toEqual([...base.args, "--use-fake-device-for-media-stream"]);
    expect(withCamera.executablePath).toBe(base.executablePath);
  });
});
