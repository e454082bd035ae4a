/**
 * The contact form's captcha (decision 0023): one interface, the shop's own proof of work
 * (altcha, the default: nothing leaves the shop) and the third-party checks an owner may choose
 * per channel (`captcha_provider`), whose secrets come from the configuration.
 */
import type { CaptchaProvider as ProviderName } from "@cartwright/commerce/contact-widget";
import type { Db } from "../../../db/index.ts";
import { altchaProvider } from "./altcha.ts";
import { REMOTE_ENDPOINTS, type RemoteName, remoteProvider } from "./remote.ts";

/** Checks one solved captcha; false for anything that is not a fresh, valid solution. */
export interface CaptchaProvider {
  name: ProviderName;
  verify(token: string, ip: string): Promise<boolean>;
}

/** The third-party providers' secrets (config) and, for tests, where they answer. */
export interface CaptchaOptions {
  secrets?: Partial<Record<RemoteName, string>>;
  endpoints?: Partial<Record<RemoteName, string>>;
  /** reCAPTCHA v3 scores below this are refused (0.5, Google's suggested threshold). */
  recaptchaMinScore?: number;
}

/** The form field the solved captcha travels in (spec §7: v2 in v2token, every other in token). */
export const captchaTokenField = (provider: ProviderName): "token" | "v2token" => (provider === "recaptcha-v2" ? "v2token" : "token");

export interface CaptchaScope {
  db: Db;
  secret: string;
  /** What the challenge was made for ("widget:3", "form:2"): a solution is good only there. */
  subject: string;
  now: () => number;
  options: CaptchaOptions;
}

/**
 * The provider of a channel, null when it asks for none, or "unconfigured" when it names a
 * third party whose secret the shop was not given (then no message can be checked, so none is taken).
 */
export function captchaFor(provider: ProviderName | undefined, scope: CaptchaScope): CaptchaProvider | null | "unconfigured" {
  if (!provider || provider === "none") return null;
  if (provider === "altcha") return altchaProvider(scope);
  const secret = scope.options.secrets?.[provider];
  if (!secret) return "unconfigured";
  return remoteProvider(provider, {
    secret,
    endpoint: scope.options.endpoints?.[provider] ?? REMOTE_ENDPOINTS[provider],
    minScore: scope.options.recaptchaMinScore ?? 0.5,
  });
}
