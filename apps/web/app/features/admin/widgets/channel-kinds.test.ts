import { CHANNEL_KEYS, type Channel } from "@cartwright/commerce/contact-widget";
import { describe, expect, it } from "vitest";
import { channelLabels, settingLabels, triggerLabels } from "../messages.ts";
import { readableOn } from "./ChannelIcons.tsx";
import { basicFields, channelGroups, LOOK, remainingFields, STRUCTURED_FIELDS } from "./channel-kinds.ts";
import { defaultChannel, defaultWidget } from "./defaults.ts";
import { labelForPath } from "./error-labels.ts";

describe("every channel field is editable for every channel kind", () => {
  it.each(CHANNEL_KEYS)("%s", (key) => {
    const channel = defaultChannel(key);
    const shown = new Set<keyof Channel>([
      ...STRUCTURED_FIELDS,
      ...basicFields(key),
      ...LOOK,
      ...channelGroups(key).flatMap((group) => group.fields),
      ...remainingFields(key, channel),
    ]);
    // Contact_Us has no value to type; every other field of Channel has a control.
    const expected = (Object.keys(channelLabels) as (keyof Channel)[]).filter((field) => !(key === "Contact_Us" && field === "value"));
    expect(expected.filter((field) => !shown.has(field))).toEqual([]);
  });

  it("gives WhatsApp the chat popup, WeChat the QR popup, Contact_Us the form and captcha", () => {
    expect(channelGroups("WhatsApp").map((group) => group.group)).toEqual(["messagingPopup", "agents"]);
    expect(channelGroups("WeChat").map((group) => group.group)).toEqual(["qrPopup"]);
    expect(channelGroups("Contact_Us").map((group) => group.group)).toEqual(["contactForm", "captcha"]);
    expect(channelGroups("Tawk").map((group) => group.group)).toEqual(["liveChat"]);
  });
});

describe("the label catalogues name every field of the shared types", () => {
  it("covers the default widget's settings and triggers", () => {
    const widget = defaultWidget();
    expect(Object.keys(widget.settings).sort()).toEqual(Object.keys(settingLabels).sort());
    expect(Object.keys(widget.triggers).sort()).toEqual(Object.keys(triggerLabels).sort());
  });
});

describe("labelForPath", () => {
  const channels = [defaultChannel("WhatsApp"), defaultChannel("Contact_Us")];
  it.each([
    ["settings.widget_color", "Button colour"],
    ["triggers.countries.2", "Countries"],
    ["channels.0.value", "WhatsApp (1): Number, handle or address"],
    ["channels.1.contact_fields.0.title", "Contact us (2): Form fields 1, Label"],
    ["channels.1.contact_form_settings.button_text", "Contact us (2): Button text"],
    ["channels.0.agent_data.1.value", "WhatsApp (1): Agent 2, Number, handle or address"],
    ["allowed_origins.0", "Sites allowed to embed this widget"],
    ["something.else", "something.else"],
  ])("%s → %s", (path, label) => expect(labelForPath(path, channels)).toBe(label));
});

describe("readableOn", () => {
  it.each([
    ["#229ed9", "#000000"],
    ["#1d4ed8", "#ffffff"],
    ["#fffc00", "#000000"],
    ["#000", "#ffffff"],
    ["not a colour", "#ffffff"],
  ])("%s → %s", (background, text) => expect(readableOn(background)).toBe(text));
});
