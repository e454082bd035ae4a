/**
 * The Chromium the journeys drive (decisions 0004, 0136): `CHROMIUM_PATH` when set, else Debian's headless shell
 * (package `chromium-headless-shell`, the same Chromium built for headless runs, a fifth less CPU a journey), else
 * Debian's full browser (package `chromium`).
 */
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** The executable to launch, or the first of the defaults when none is installed (the caller says what to install). */
export function journeyChromium(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find(exists) ?? HEADLESS_SHELL;
}
