import { describe, expect, it } from "vitest";
import { CHANNEL_LABELS, defaultChannel, defaultTriggers, defaultWidget, defaultWidgetSettings, isTruthy } from "./defaults.ts";
import { CHANNEL_KEYS } from "./types.ts";

describe("isTruthy (spec §5.1)", () => {
  it.each([["1"], [1], ["true"], ["yes"], ["on"], [true], [" YES "], ["On"]])("%j is on", (value) => {
    expect(isTruthy(value)).toBe(true);
  });
  it.each([["0"], [0], ["false"], ["no"], ["off"], [""], [false], [null], [undefined], [2], ["y"], [{}]])("%j is off", (value) => {
    expect(isTruthy(value)).toBe(false);
  });
});

describe("defaults", () => {
  // Spec §3.2 says 24 keys but its list by kind names 16 services and 9 generic keys; types.ts holds all 25.
  it("label every channel key", () => {
    expect(CHANNEL_KEYS).toHaveLength(25);
    for (const key of CHANNEL_KEYS) expect(CHANNEL_LABELS[key]).toBeTruthy();
    expect(CHANNEL_LABELS.Facebook_Messenger).toBe("Facebook Messenger");
    expect(CHANNEL_LABELS.X).toBe("X (Twitter)");
  });

  it("give each channel its key, its label as hover text and both devices (SMS mobile only)", () => {
    for (const key of CHANNEL_KEYS) {
      const channel = defaultChannel(key);
      expect(channel.channel).toBe(key);
      expect(channel.channel_type).toBe(key);
      expect(channel.hover_text).toBe(CHANNEL_LABELS[key]);
      expect(channel.is_mobile).toBe(true);
      expect(channel.is_desktop).toBe(key !== "SMS");
      expect(channel.icon_color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("name a second channel of the same service uniquely", () => {
    expect(defaultChannel("Link", ["Link"]).channel).toBe("Link_2");
    expect(defaultChannel("Link", ["Link", "Link_2"]).channel).toBe("Link_3");
    expect(defaultChannel("Phone", ["Link"]).channel).toBe("Phone");
  });

  it("give Contact_Us its name, email and message fields, form texts and the shop's own captcha", () => {
    const channel = defaultChannel("Contact_Us");
    expect(channel.contact_fields.map((f) => [f.field, f.type, f.is_required])).toEqual([
      ["name", "text", true],
      ["email", "email", true],
      ["message", "textarea", true],
    ]);
    expect(channel.contact_form_settings.contact_form_title).toBe("Contact us");
    expect(channel.contact_form_settings.button_text).toBe("Send");
    expect(channel.contact_form_settings.success_message).not.toBe("");
    expect(channel.captcha_provider).toBe("altcha");
    expect(defaultChannel("Email").contact_fields).toEqual([]);
    expect(defaultChannel("Email").captcha_provider).toBe("none");
  });

  it("give WhatsApp its pre-chat popup texts", () => {
    const channel = defaultChannel("WhatsApp");
    expect(channel.has_welcome_message).toBe(true);
    expect(channel.chat_welcome_message).not.toBe("");
    expect(channel.wa_popup_headline).not.toBe("");
    expect(channel.input_placeholder).not.toBe("");
    expect(channel.emoji_picker).toBe(true);
    expect(defaultChannel("Telegram").has_welcome_message).toBe(false);
  });

  it("make a widget that shows at once, bottom right at the default spacing, reporting", () => {
    const widget = defaultWidget();
    expect(widget.active).toBe(true);
    expect(widget.channels).toEqual([]);
    expect(widget.settings).toEqual(defaultWidgetSettings());
    expect(widget.triggers).toEqual(defaultTriggers());
    expect(widget.settings.position).toBe("right");
    expect([widget.settings.bottom_spacing, widget.settings.side_spacing]).toEqual([25, 25]);
    expect(widget.settings.analytics).toBe(true);
    const t = widget.triggers;
    expect([t.has_countries, t.has_date_scheduling_rules, t.has_day_hours_scheduling_rules, t.has_time_delay, t.exit_intent]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("return fresh objects each time", () => {
    const a = defaultChannel("Contact_Us");
    const [first] = a.contact_fields;
    if (first) first.title = "changed";
    expect(defaultChannel("Contact_Us").contact_fields[0]?.title).toBe("Name");
  });
});
