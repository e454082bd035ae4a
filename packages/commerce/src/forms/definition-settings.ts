/** The settings part of a form definition, checked for `checkDefinition` (defaults filled in). */

import { DEFINITION_LIMITS, type Json, type Reader, SAFE_URL } from "./definition-reader.ts";
import { defaultFormSettings } from "./demo.ts";
import { MIN_SECONDS_MAX } from "./token.ts";
import { CAPTCHA_PROVIDERS, type FormField, type FormSettings } from "./types.ts";

export function readSettings(r: Reader, raw: unknown, fields: FormField[]): FormSettings {
  const defaults = defaultFormSettings();
  const s = raw === undefined ? {} : r.object(raw, "settings");
  const at = (key: string) => (s[key] === undefined ? {} : r.object(s[key], `settings.${key}`));
  const conf = s.confirmation === undefined ? (defaults.confirmation as Json) : at("confirmation");
  const type = r.oneOf(conf, "type", "settings.confirmation", ["message", "page", "redirect"] as const);
  let confirmation: FormSettings["confirmation"];
  if (type === "message")
    confirmation = { type, message: r.text(conf, "message", "settings.confirmation", { min: 1, max: DEFINITION_LIMITS.html }) };
  else {
    const key = type === "page" ? "path" : "url";
    const target = r.text(conf, key, "settings.confirmation", { min: 1, max: 2000 });
    const safe = type === "page" ? /^\/(?!\/)[^\s"'<>]*$/.test(target) : SAFE_URL.test(target);
    if (!safe)
      r.fail(
        `settings.confirmation.${key}`,
        type === "page" ? "must be a path on this site" : "must be an https:// address or a path on this site",
      );
    confirmation =
      type === "page" ? { type, path: target } : { type, url: target, newTab: r.bool(conf, "newTab", "settings.confirmation", false) };
  }
  const notifications = at("notifications");
  const owner = notifications.owner === undefined ? {} : r.object(notifications.owner, "settings.notifications.owner");
  const visitor = notifications.visitor === undefined ? {} : r.object(notifications.visitor, "settings.notifications.visitor");
  const visitorEnabled = r.bool(visitor, "enabled", "settings.notifications.visitor", false);
  const visitorOut: FormSettings["notifications"]["visitor"] = {
    enabled: visitorEnabled,
    subject: r.text(visitor, "subject", "settings.notifications.visitor", { max: 200, fallback: "" }),
    message: r.text(visitor, "message", "settings.notifications.visitor", { max: DEFINITION_LIMITS.html, fallback: "" }),
  };
  if (visitor.emailField !== undefined)
    visitorOut.emailField = r.int(visitor, "emailField", "settings.notifications.visitor", { min: 1, max: DEFINITION_LIMITS.fieldId });
  if (visitorEnabled && !fields.some((field) => field.id === visitorOut.emailField && field.type === "email")) {
    r.fail("settings.notifications.visitor.emailField", "must name an email field of the form");
  }
  const indicator = at("pageIndicator");
  const spam = at("antiSpam");
  const token = r.bool(spam, "token", "settings.antiSpam", true);
  const minSeconds = r.int(spam, "minSeconds", "settings.antiSpam", { min: 0, max: MIN_SECONDS_MAX, fallback: 0 });
  // The time is counted from the token's issue, so the rule needs the token (decision 0163).
  if (minSeconds > 0 && !token) r.fail("settings.antiSpam.minSeconds", "needs the signed form token on");
  const save = at("saveProgress");
  return {
    submitText: r.text(s, "submitText", "settings", { min: 1, max: 100, fallback: defaults.submitText }),
    processingText: r.text(s, "processingText", "settings", { min: 1, max: 100, fallback: defaults.processingText }),
    confirmation,
    notifications: {
      owner: {
        enabled: r.bool(owner, "enabled", "settings.notifications.owner", defaults.notifications.owner.enabled),
        subject: r.text(owner, "subject", "settings.notifications.owner", { max: 200, fallback: defaults.notifications.owner.subject }),
      },
      visitor: visitorOut,
    },
    pageIndicator: {
      style: r.oneOf(
        indicator,
        "style",
        "settings.pageIndicator",
        ["connector", "circles", "progress", "none"] as const,
        defaults.pageIndicator.style,
      ),
      color: r.text(indicator, "color", "settings.pageIndicator", {
        max: 7,
        pattern: /^#[0-9a-fA-F]{6}$/,
        hint: "must be a colour such as #066aab",
        fallback: defaults.pageIndicator.color,
      }),
      showTitles: r.bool(indicator, "showTitles", "settings.pageIndicator", defaults.pageIndicator.showTitles),
    },
    antiSpam: {
      honeypot: r.bool(spam, "honeypot", "settings.antiSpam", true),
      captcha: r.oneOf(spam, "captcha", "settings.antiSpam", CAPTCHA_PROVIDERS, "none"),
      token,
      minSeconds,
    },
    scrollToTop: r.bool(s, "scrollToTop", "settings", true),
    ajax: r.bool(s, "ajax", "settings", true),
    saveProgress: {
      browser: r.bool(save, "browser", "settings.saveProgress", defaults.saveProgress.browser),
      email: r.bool(save, "email", "settings.saveProgress", defaults.saveProgress.email),
    },
    embedOrigins: r.list(s, "embedOrigins", "settings", { max: 50, fallback: [] }).map((item, index) => {
      const origin = typeof item === "string" ? item.trim().toLowerCase().replace(/\/$/, "") : "";
      if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin))
        r.fail(`settings.embedOrigins.${index}`, "must be a site's origin such as https://blog.example.com");
      return origin;
    }),
  };
}
