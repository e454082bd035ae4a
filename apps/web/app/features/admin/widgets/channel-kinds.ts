/**
 * Which of a channel's fields the editor shows in which group, by the channel's kind (spec §3.2,
 * reference "Chaty"): the messaging popup for WhatsApp, the QR popup for WeChat, the form for
 * Contact_Us, agents for the apps that link to a person. Every field no group claims for a kind
 * goes under "More settings", so each field of Channel stays editable for every channel.
 */
import type { Channel, ChannelKey } from "@cartwright/commerce/contact-widget";

export type ChannelField = keyof Channel;

/** Fields edited by their own controls, never in a generic group. */
export const STRUCTURED_FIELDS: readonly ChannelField[] = [
  "channel",
  "channel_type",
  "agent_data",
  "contact_fields",
  "contact_form_settings",
];

/** Channels that can list several agents (people), each with their own value. */
export const AGENT_CHANNELS: readonly ChannelKey[] = [
  "WhatsApp",
  "Facebook_Messenger",
  "Telegram",
  "Viber",
  "Line",
  "Instagram",
  "Instagram_DM",
  "Skype",
  "Snapchat",
  "VK",
  "LinkedIn",
  "TikTok",
  "Email",
  "SMS",
  "Phone",
  "Link",
  "Custom_Link",
  "Custom_Link_3",
  "Custom_Link_4",
  "Custom_Link_5",
];

const BASICS: readonly ChannelField[] = ["value", "hover_text", "is_desktop", "is_mobile"];

export const LOOK: readonly ChannelField[] = ["icon_color", "custom_image_url", "svg_icon"];

/** The groups a kind shows after Basics and Look, each with its fields. */
export function channelGroups(
  type: ChannelKey,
): { group: "messagingPopup" | "qrPopup" | "contactForm" | "captcha" | "liveChat" | "agents" | "service"; fields: ChannelField[] }[] {
  const groups: ReturnType<typeof channelGroups> = [];
  if (type === "WhatsApp")
    groups.push({
      group: "messagingPopup",
      fields: [
        "pre_set_message",
        "is_use_web_version",
        "has_welcome_message",
        "wa_popup_headline",
        "wa_popup_nickname",
        "wa_popup_profile",
        "wa_popup_head_bg_color",
        "chat_welcome_message",
        "input_placeholder",
        "emoji_picker",
        "is_default_open",
      ],
    });
  if (type === "WeChat")
    groups.push({ group: "qrPopup", fields: ["qr_code_image_url", "wechat_header", "wechat_header_color", "wechat_qr_code_title"] });
  if (type === "Contact_Us") {
    groups.push({
      group: "contactForm",
      fields: ["header_text", "header_sub_text", "header_bg_color", "header_text_color", "is_default_open"],
    });
    groups.push({
      group: "captcha",
      fields: ["captcha_provider", "v2_site_key", "v3_site_key", "enable_recaptcha", "hide_recaptcha_badge"],
    });
  }
  if (type === "Tawk") groups.push({ group: "liveChat", fields: ["tawk_position"] });
  const service: ChannelField[] = [];
  if (type === "Email") service.push("mail_subject");
  if (type === "SMS") service.push("pre_set_message");
  if (type === "Viber") service.push("viber_url");
  if (type === "LinkedIn") service.push("link_type");
  if (service.length) groups.push({ group: "service", fields: service });
  if (AGENT_CHANNELS.includes(type))
    groups.push({
      group: "agents",
      fields: ["is_agent", "is_agent_desktop", "is_agent_mobile", "header_text", "header_sub_text", "header_bg_color", "header_text_color"],
    });
  return groups;
}

export function basicFields(type: ChannelKey): ChannelField[] {
  return type === "Contact_Us" ? BASICS.filter((field) => field !== "value") : [...BASICS];
}

/** Every field of `sample` the kind's groups leave out: the "More settings" group. */
export function remainingFields(type: ChannelKey, sample: Channel): ChannelField[] {
  const shown = new Set<ChannelField>([
    ...STRUCTURED_FIELDS,
    ...basicFields(type),
    ...LOOK,
    ...channelGroups(type).flatMap((group) => group.fields),
  ]);
  return (Object.keys(sample) as ChannelField[]).filter((field) => !shown.has(field));
}

/** The value's label and input type by kind. */
export function valueField(type: ChannelKey): { label: string; type: "text" | "url" | "email"; placeholder: string } {
  switch (type) {
    case "Email":
      return { label: "Email address", type: "email", placeholder: "hello@example.com" };
    case "Phone":
    case "SMS":
    case "WhatsApp":
    case "Viber":
      return { label: "Phone number, with country code", type: "text", placeholder: "+1 555 010 2030" };
    case "Link":
    case "Custom_Link":
    case "Custom_Link_3":
    case "Custom_Link_4":
    case "Custom_Link_5":
      return { label: "URL", type: "url", placeholder: "https://example.com/help" };
    case "Waze":
      return { label: "Location (latitude,longitude) or Waze link", type: "text", placeholder: "48.8584,2.2945" };
    case "WeChat":
      return { label: "WeChat ID", type: "text", placeholder: "your_wechat_id" };
    case "Tawk":
      return { label: "Tawk.to direct chat link (optional)", type: "url", placeholder: "https://tawk.to/chat/…" };
    default:
      return { label: "Username or profile", type: "text", placeholder: "@yourname" };
  }
}

const POPUP_ON = (channel: Channel) => channel.has_welcome_message;
const AGENTS_ON = (channel: Channel) => channel.is_agent;

/** Fields that matter only while a switch or choice of the same channel holds. */
export const SHOWN_WHEN: Partial<Record<ChannelField, (channel: Channel) => boolean>> = {
  wa_popup_headline: POPUP_ON,
  wa_popup_nickname: POPUP_ON,
  wa_popup_profile: POPUP_ON,
  wa_popup_head_bg_color: POPUP_ON,
  chat_welcome_message: POPUP_ON,
  input_placeholder: POPUP_ON,
  emoji_picker: POPUP_ON,
  v2_site_key: (channel) => channel.captcha_provider === "recaptcha-v2",
  v3_site_key: (channel) => channel.captcha_provider === "recaptcha-v3",
  enable_recaptcha: (channel) => channel.captcha_provider.startsWith("recaptcha"),
  hide_recaptcha_badge: (channel) => channel.captcha_provider === "recaptcha-v3",
  is_agent_desktop: AGENTS_ON,
  is_agent_mobile: AGENTS_ON,
};

/** The enumerated channel fields and their values. */
export const CHANNEL_OPTIONS: Partial<Record<ChannelField, readonly string[]>> = {
  link_type: ["personal", "company"],
  tawk_position: ["inside-contact", "above-contact"],
  captcha_provider: ["none", "altcha", "recaptcha-v2", "recaptcha-v3", "turnstile", "hcaptcha"],
};

export const MULTILINE: readonly ChannelField[] = ["svg_icon", "chat_welcome_message", "pre_set_message"];
