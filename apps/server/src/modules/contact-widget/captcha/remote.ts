/**
 * Third-party captcha checks, used only when the owner chose one for a channel and the shop has
 * its secret: the token goes to the provider's verify endpoint (form-encoded, as all four take
 * it); anything but a clear success (an error, a timeout, a low reCAPTCHA v3 score or another
 * action) is a failure.
 */
import type { CaptchaProvider } from "./captcha.ts";

export type RemoteName = "recaptcha-v2" | "recaptcha-v3" | "turnstile" | "hcaptcha";

export const REMOTE_ENDPOINTS: Record<RemoteName, string> = {
  "recaptcha-v2": "https://www.google.com/recaptcha/api/siteverify",
  "recaptcha-v3": "https://www.google.com/recaptcha/api/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
};

/** Spec §9: the action a v3 token must have been made for. */
export const RECAPTCHA_ACTION = "contact_form";

const TIMEOUT_MS = 8000;

interface VerifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
}

export function remoteProvider(name: RemoteName, options: { secret: string; endpoint: string; minScore: number }): CaptchaProvider {
  return {
    name,
    async verify(token, ip) {
      if (!token || token.length > 4096) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (ip) body.set("remoteip", ip);
      let answer: VerifyAnswer;
      try {
        const response = await fetch(options.endpoint, { method: "POST", body, signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (!response.ok) return false;
        answer = (await response.json()) as VerifyAnswer;
      } catch {
        return false;
      }
      if (answer.success !== true) return false;
      if (name !== "recaptcha-v3") return true;
      return answer.action === RECAPTCHA_ACTION && typeof answer.score === "number" && answer.score >= options.minScore;
    },
  };
}
