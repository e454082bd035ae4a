/**
 * What a new widget, its triggers and each new channel start with (spec §3.1–§3.2, §9), and the
 * spec's truthy flag rule (§5.1). The owner API fills what a request leaves out from these.
 */

import { CHANNEL_LABELS } from "./labels.ts";
import type {
  AgentData,
  Channel,
  ChannelKey,
  ContactField,
  ContactFormSettings,
  ContactWidget,
  WidgetSettings,
  WidgetTriggers,
} from "./types.ts";
import { DEFAULT_SPACING } from "./types.ts";

export { CHANNEL_LABELS };

/** Each service's own colour, so a new channel's icon is recognisable before the owner picks one. */
const CHANNEL_COLORS: Record<ChannelKey, string> = {
  WhatsApp: "#25d366",
  WeChat: "#07c160",
  Facebook_Messenger: "#0866ff",
  Telegram: "#229ed9",
  Viber: "#7360f2",
  Line: "#06c755",
  X: "#000000",
  Instagram: "#e1306c",
  Instagram_DM: "#c13584",
  Skype: "#00aff0",
  Snapchat: "#fffc00",
  VK: "#0077ff",
  LinkedIn: "#0a66c2",
  TikTok: "#000000",
  Waze: "#33ccff",
  Tawk: "#03a84e",
  Email: "#ff485f",
  SMS: "#ff549c",
  Phone: "#03e78b",
  Contact_Us: "#253974",
  Link: "#1e88e5",
  Custom_Link: "#1e88e5",
  Custom_Link_3: "#1e88e5",
  Custom_Link_4: "#1e88e5",
  Custom_Link_5: "#1e88e5",
};

/** Spec §5.1: "1", 1, "true", "yes", "on" (and true) are on; anything else is off. */
export function isTruthy(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value !== "string") return false;
  const text = value.trim().toLowerCase();
  return text === "1" || text === "true" || text === "yes" || text === "on";
}

export function defaultWidgetSettings(): WidgetSettings {
  return {
    widget_token: "",
    cta_type: "simple-view",
    cta_head: "Need help?",
    cta_body: "Pick the way you would like to reach us.",
    cta_text: "Contact us",
    show_cta: "first_click",
    close_text: "Hide",
    position: "right",
    custom_position: "right",
    icon_view: "vertical",
    widget_icon: "chat-base",
    widget_icon_url: "",
    widget_fa_icon: "",
    widget_color: "#1d4ed8",
    widget_icon_color: "#ffffff",
    widget_size: 54,
    default_state: "click",
    show_close_button: true,
    bg_blur_effect: false,
    is_pending_mesg_enabled: false,
    pending_mesg_count: 1,
    pending_mesg_count_bgcolor: "#dd0000",
    pending_mesg_count_color: "#ffffff",
    attention_effect: "none",
    is_google_analytics_enabled: false,
    has_custom_css: false,
    custom_css: "",
    font_family: "",
    bottom_spacing: DEFAULT_SPACING,
    side_spacing: DEFAULT_SPACING,
    cta_bg_color: "#ffffff",
    cta_text_color: "#1f2937",
    cta_head_bg_color: "#1d4ed8",
    cta_head_text_color: "#ffffff",
    analytics: true,
  };
}

/** No trigger is on: the widget shows at once, everywhere, at any time. */
export function defaultTriggers(): WidgetTriggers {
  return {
    has_countries: false,
    countries: [],
    has_date_scheduling_rules: false,
    date_scheduling_rules: { start_date_time: "", end_date_time: "" },
    time_diff: "",
    has_day_hours_scheduling_rules: false,
    day_hours_scheduling_rules: [],
    day_time_diff: "",
    auto_hide_widget: false,
    hide_after: 0,
    exit_intent: false,
    has_time_delay: false,
    time_delay: 0,
    has_display_after_page_scroll: false,
    display_after_page_scroll: 0,
  };
}

export function defaultAgent(): AgentData {
  return {
    value: "",
    agent_image: "",
    agent_title: "",
    svg_icon: "",
    agent_bg_color: "#ffffff",
    pre_set_message: "",
    use_whatsapp_web: false,
    link_type: "personal",
  };
}

/** A standard or custom contact-form field with its texts; `field` is the slug custom fields are sent by. */
export function defaultContactField(field: string, type: string, title: string, options: Partial<ContactField> = {}): ContactField {
  return {
    field,
    type,
    title,
    placeholder: "",
    is_required: false,
    is_custom: false,
    field_dropdown: [],
    field_label: title,
    dropdown_placeholder: "",
    dropdown_option: "",
    ...options,
  };
}

export function defaultContactFormSettings(): ContactFormSettings {
  return {
    contact_form_title: "Contact us",
    button_text: "Send",
    button_bg_color: "#1d4ed8",
    button_text_color: "#ffffff",
    title_bg_color: "#1d4ed8",
    success_message: "Thanks! We will get back to you soon.",
    redirect_action: false,
    redirect_link: "",
    link_in_new_tab: false,
    close_form_after: false,
    close_form_after_seconds: 3,
  };
}

/**
 * A new channel of the given service. `channel` names it uniquely within its widget: the key
 * itself, or `{key}_2`, `{key}_3`… when `taken` (the widget's other channel names) has it already.
 */
export function defaultChannel(key: ChannelKey, taken: string[] = []): Channel {
  const label = CHANNEL_LABELS[key];
  let name: string = key;
  for (let n = 2; taken.includes(name); n++) name = `${key}_${n}`;
  const contact = key === "Contact_Us";
  return {
    channel: name,
    channel_type: key,
    value: "",
    is_desktop: key !== "SMS", // desktops seldom send text messages
    is_mobile: true,
    is_agent: false,
    agent_data: [],
    is_agent_desktop: false,
    is_agent_mobile: false,
    header_text: key === "WhatsApp" ? "Talk to us" : "",
    header_sub_text: key === "WhatsApp" ? "We usually answer within an hour." : "",
    header_bg_color: CHANNEL_COLORS[key],
    header_text_color: "#ffffff",
    icon_color: CHANNEL_COLORS[key],
    custom_image_url: "",
    svg_icon: "",
    hover_text: label,
    click_event: "",
    pre_set_message: "",
    has_welcome_message: key === "WhatsApp",
    chat_welcome_message: key === "WhatsApp" ? "Hi there! How can we help you?" : "",
    wa_popup_headline: key === "WhatsApp" ? "Chat with us" : "",
    wa_popup_profile: "",
    wa_popup_nickname: "",
    wa_popup_head_bg_color: key === "WhatsApp" ? "#4aa485" : "",
    input_placeholder: key === "WhatsApp" ? "Write a message…" : "",
    emoji_picker: key === "WhatsApp",
    is_use_web_version: key === "WhatsApp",
    is_default_open: false,
    qr_code_image_url: "",
    wechat_header: key === "WeChat" ? "WeChat" : "",
    wechat_header_color: key === "WeChat" ? CHANNEL_COLORS.WeChat : "",
    wechat_qr_code_title: key === "WeChat" ? "Scan to chat on WeChat" : "",
    mail_subject: key === "Email" ? "Question about {title}" : "",
    viber_url: "",
    link_type: "personal",
    tawk_position: "inside-contact",
    // The shop's own proof of work guards a new form; third-party providers need the owner's keys.
    captcha_provider: contact ? "altcha" : "none",
    hide_recaptcha_badge: false,
    enable_recaptcha: false,
    v2_site_key: "",
    v3_site_key: "",
    contact_form_settings: defaultContactFormSettings(),
    contact_fields: contact
      ? [
          defaultContactField("name", "text", "Name", { placeholder: "Your name", is_required: true }),
          defaultContactField("email", "email", "Email", { placeholder: "you@example.com", is_required: true }),
          defaultContactField("message", "textarea", "Message", { placeholder: "How can we help?", is_required: true }),
        ]
      : [],
  };
}

/** A new widget before the server gives it an id (and a widget_token). */
export function defaultWidget(): Omit<ContactWidget, "id" | "created_at" | "updated_at"> {
  return {
    identifier: "Contact widget",
    active: true,
    allowed_origins: [],
    settings: defaultWidgetSettings(),
    triggers: defaultTriggers(),
    channels: [],
  };
}
