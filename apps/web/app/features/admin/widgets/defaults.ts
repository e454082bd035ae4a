/**
 * The editor's defaults, under the names the shared rules package gives them (contract of issue 16:
 * `defaultWidget`, `defaultChannel`, `CHANNEL_LABELS` of `@cartwright/commerce/contact-widget`).
 * Until that package's defaults.ts lands this file holds a stand-in of the same shape; once it has,
 * this file becomes one re-export line and the server's defaults and the editor's cannot drift.
 */
import type { Channel, ChannelKey, ContactField, ContactWidget, WidgetSettings, WidgetTriggers } from "@cartwright/commerce/contact-widget";

export const CHANNEL_LABELS: Record<ChannelKey, string> = {
  WhatsApp: "WhatsApp",
  WeChat: "WeChat",
  Facebook_Messenger: "Facebook Messenger",
  Telegram: "Telegram",
  Viber: "Viber",
  Line: "LINE",
  X: "X (Twitter)",
  Instagram: "Instagram",
  Instagram_DM: "Instagram Direct",
  Skype: "Skype (legacy)",
  Snapchat: "Snapchat",
  VK: "VK",
  LinkedIn: "LinkedIn",
  TikTok: "TikTok",
  Waze: "Waze",
  Tawk: "Live chat",
  Email: "Email",
  SMS: "SMS",
  Phone: "Phone",
  Contact_Us: "Contact us",
  Link: "Link",
  Custom_Link: "Custom link",
  Custom_Link_3: "Custom link 3",
  Custom_Link_4: "Custom link 4",
  Custom_Link_5: "Custom link 5",
};

export function defaultWidgetSettings(): WidgetSettings {
  return {
    widget_token: "",
    cta_type: "simple-view",
    cta_head: "",
    cta_body: "",
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
    font_family: "System Stack",
    bottom_spacing: 25,
    side_spacing: 25,
    cta_bg_color: "#ffffff",
    cta_text_color: "#333333",
    cta_head_bg_color: "#1d4ed8",
    cta_head_text_color: "#ffffff",
    analytics: true,
  };
}

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

const field = (name: string, type: string, title: string, required: boolean): ContactField => ({
  field: name,
  type,
  title,
  placeholder: "",
  is_required: required,
  is_custom: false,
  field_dropdown: [],
  field_label: "",
  dropdown_placeholder: "",
  dropdown_option: "",
});

export function defaultChannel(key: ChannelKey, taken: string[] = []): Channel {
  const label = CHANNEL_LABELS[key];
  let id: string = key;
  if (taken.includes(id)) {
    const spare = ["Custom_Link", "Custom_Link_3", "Custom_Link_4", "Custom_Link_5"].find((name) => !taken.includes(name));
    id = key === "Link" && spare ? spare : `${key}_${taken.length + 1}`;
  }
  return {
    channel: id,
    channel_type: key,
    value: "",
    is_desktop: true,
    is_mobile: true,
    is_agent: false,
    agent_data: [],
    is_agent_desktop: true,
    is_agent_mobile: true,
    header_text: "",
    header_sub_text: "",
    header_bg_color: "#1d4ed8",
    header_text_color: "#ffffff",
    icon_color: "#1d4ed8",
    custom_image_url: "",
    svg_icon: "",
    hover_text: label,
    click_event: "",
    pre_set_message: "",
    has_welcome_message: false,
    chat_welcome_message: "",
    wa_popup_headline: "",
    wa_popup_profile: "",
    wa_popup_nickname: "",
    wa_popup_head_bg_color: "#075e54",
    input_placeholder: "",
    emoji_picker: true,
    is_use_web_version: false,
    is_default_open: false,
    qr_code_image_url: "",
    wechat_header: "",
    wechat_header_color: "#ffffff",
    wechat_qr_code_title: "",
    mail_subject: "",
    viber_url: "",
    link_type: "personal",
    tawk_position: "inside-contact",
    captcha_provider: "none",
    hide_recaptcha_badge: false,
    enable_recaptcha: false,
    v2_site_key: "",
    v3_site_key: "",
    contact_form_settings: {
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
      close_form_after_seconds: 5,
    },
    contact_fields:
      key === "Contact_Us"
        ? [field("name", "text", "Name", true), field("email", "email", "Email", true), field("message", "textarea", "Message", true)]
        : [],
  };
}

export function defaultWidget(): Omit<ContactWidget, "id" | "created_at" | "updated_at"> {
  return {
    identifier: "",
    active: true,
    allowed_origins: [],
    settings: defaultWidgetSettings(),
    triggers: defaultTriggers(),
    channels: [],
  };
}
