/**
 * The contact form's captcha (spec §5.3, §9): the shop's own proof of work (altcha), or the
 * provider the owner chose, whose script is loaded only then. Tokens travel as `token`
 * (recaptcha v3, turnstile, hcaptcha, altcha) or `v2token` (recaptcha v2).
 */
import type { PageChannel } from "@cartwright/commerce/contact-widget";
import { type AltchaChallenge, altchaToken, isAltchaChallenge, solveAltcha } from "./altcha.ts";
import { el } from "./dom.ts";
import type { PopupContext } from "./index.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

export interface CaptchaTokens {
  token: string;
  v2token: string;
}

export interface Captcha {
  element: HTMLElement;
  /** A fresh token (spec §4.3: on opening and after each send). */
  refresh(): void;
  tokens(): Promise<CaptchaTokens>;
  destroy(): void;
}

/** The browser-side APIs of the providers (recaptcha, turnstile and hcaptcha share this shape). */
interface ProviderApi {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  getResponse?(id?: string | number): string;
  execute?(siteKey: string, options: { action: string }): Promise<string>;
  ready?(callback: () => void): void;
}

const PROVIDERS: Record<string, { script: (siteKey: string) => string; global: string }> = {
  "recaptcha-v3": { script: (key) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`, global: "grecaptcha" },
  "recaptcha-v2": { script: () => "https://www.google.com/recaptcha/api.js?render=explicit", global: "grecaptcha" },
  turnstile: { script: () => "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", global: "turnstile" },
  hcaptcha: { script: () => "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off", global: "hcaptcha" },
};

const CAPTCHA_ACTION = "contact_form";

/** Loads a provider's script into the page once and waits until its API answers. */
function providerApi(provider: string, siteKey: string): Promise<ProviderApi> {
  const spec = PROVIDERS[provider]!;
  const src = spec.script(siteKey);
  if (!document.querySelector(`script[src="${CSS.escape(src)}"]`)) document.head.append(el("script", { src, async: true }));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const api = (window as unknown as Record<string, ProviderApi | undefined>)[spec.global];
      if (api && typeof api.render === "function") return api.ready ? api.ready(() => resolve(api)) : resolve(api);
      if (Date.now() - started > 15_000) return reject(new Error(`${provider} did not load`));
      setTimeout(poll, 100);
    };
    poll();
  });
}

async function fetchChallenge(context: PopupContext, signal: AbortSignal): Promise<AltchaChallenge> {
  const body = new URLSearchParams({ action: "contact_captcha_challenge", widget: String(context.widget.id), nonce: context.widget.nonce });
  const response = await fetch(context.page.ajaxUrl, { method: "POST", body, signal });
  const challenge: unknown = await response.json();
  if (!response.ok || !isAltchaChallenge(challenge)) throw new Error("No captcha challenge");
  return challenge;
}

function altchaCaptcha(context: PopupContext): Captcha {
  const element = el("p", { class: "cw-form__captcha", role: "status" });
  let controller = new AbortController();
  let solving: Promise<string> = Promise.resolve("");
  const refresh = () => {
    controller.abort();
    controller = new AbortController();
    const { signal } = controller;
    element.textContent = M.verifying;
    solving = fetchChallenge(context, signal)
      .then(async (challenge) => {
        const number = await solveAltcha(challenge, signal);
        return number === null ? "" : altchaToken(challenge, number);
      })
      .catch(() => "")
      .then((token) => {
        if (!signal.aborted) element.textContent = token ? M.verified : M.captchaFailed;
        return token;
      });
  };
  return { element, refresh, tokens: async () => ({ token: await solving, v2token: "" }), destroy: () => controller.abort() };
}

function providerCaptcha(provider: string, siteKey: string, hideBadge: boolean): Captcha {
  const element = el("div", { class: "cw-form__captcha" });
  const holder = el("div");
  let widgetId: string | number | undefined;
  let token = "";
  const api = providerApi(provider, siteKey);
  if (provider === "recaptcha-v3" && hideBadge && !document.querySelector("style[data-cw-recaptcha]")) {
    // The badge lives in the page, outside the widget's shadow root.
    const style = el("style", { "data-cw-recaptcha": "" });
    style.textContent = ".grecaptcha-badge{visibility:hidden}";
    document.head.append(style);
  }
  if (provider !== "recaptcha-v3") {
    element.append(holder);
    api.then(
      (ready) => {
        widgetId = ready.render(holder, { sitekey: siteKey, action: CAPTCHA_ACTION, callback: (value: string) => (token = value) });
      },
      () => (element.textContent = M.captchaFailed),
    );
  }
  return {
    element,
    refresh() {
      token = "";
      if (widgetId !== undefined) api.then((ready) => ready.reset(widgetId));
    },
    async tokens() {
      const ready = await api.catch(() => null);
      if (!ready) return { token: "", v2token: "" };
      if (provider === "recaptcha-v3") return { token: (await ready.execute?.(siteKey, { action: CAPTCHA_ACTION })) ?? "", v2token: "" };
      if (provider === "recaptcha-v2") return { token: "", v2token: ready.getResponse?.(widgetId) ?? token };
      return { token, v2token: "" };
    },
    destroy: () => element.remove(),
  };
}

/** The channel's captcha, or null when the owner chose none. */
export function createCaptcha(context: PopupContext, channel: PageChannel): Captcha | null {
  const provider = channel.captcha_provider ?? "none";
  if (provider === "altcha") return altchaCaptcha(context);
  if (provider in PROVIDERS && channel.captcha_site_key)
    return providerCaptcha(provider, channel.captcha_site_key, channel.hide_recaptcha_badge);
  return null;
}
