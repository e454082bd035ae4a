/**
 * The Chromium the journeys drive (decisions 0004, 0136): `CHROMIUM_PATH` when set, else Debian's headless shell
 * (package `chromium-headless-shell`, the same Chromium built for headless runs, a fifth less CPU a journey), else
 * Debian's full browser (package `chromium`).
 */
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** What every journey's browser is launched with; a journey that adds flags spreads these first. */
export function journeyLaunchOptions(extraArgs: string[] = []): { executablePath: string; args: string[] } {
  return {
    executablePath: journeyChromium(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      // The GPU's work (software drawing) on a thread of the browser's process, not a process of its own: about 5 % less CPU a journey.
      "--in-process-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  };
}

/** The executable to launch, or the first of the defaults when none is installed (the caller says what to install). */
export function journeyChromium(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find(exists) ?? HEADLESS_SHELL;
}
