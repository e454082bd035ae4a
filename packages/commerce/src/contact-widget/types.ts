/**
 * The contact widget's data, named as the spec names it (visitor-widget-forms-attribution §3.1,
 * §3.2): what the owner API stores and validates, and what each page carries to the browser.
 * Flags are booleans here; the browser also reads the spec's truthy forms ("1", "yes", "on"…).
 */

/** The channel keys (spec §3.2): the generic ones and those named after their service. */
export const SERVICE_CHANNEL_KEYS = [
  "WhatsApp", // the primary messaging app: pre-chat popup, web version, default open
  "WeChat", // reached through a QR code
  "Facebook_Messenger",
  "Telegram",
  "Viber", // the messaging app with its own URL field (viber_url)
  "Line",
  "X",
  "Instagram",
  "Instagram_DM",
  "Skype",
  "Snapchat",
  "VK",
  "LinkedIn",
  "TikTok",
  "Waze",
  "Tawk", // the third-party live-chat hand-off: needs no value
] as const;
export const GENERIC_CHANNEL_KEYS = [
  "Email",
  "SMS",
  "Phone",
  "Contact_Us",
  "Link",
  "Custom_Link",
  "Custom_Link_3",
  "Custom_Link_4",
  "Custom_Link_5",
] as const;
export const CHANNEL_KEYS = [...SERVICE_CHANNEL_KEYS, ...GENERIC_CHANNEL_KEYS] as const;
export type ChannelKey = (typeof CHANNEL_KEYS)[number];

/** Channels that need no value to be shown (spec §5.1). */
export const VALUELESS_CHANNELS: readonly ChannelKey[] = ["Contact_Us", "Tawk"];

export const WIDGET_ICONS = ["chat-base", "chat-smile", "chat-bubble", "chat-db", "chat-image", "chat-fa-icon"] as const;
export type WidgetIcon = (typeof WIDGET_ICONS)[number];

/** Spec §9. */
export const ATTENTION_EFFECTS = ["none", "sheen", "spin", "pulse", "jump", "waggle", "blink", "pulse-icon", "floating"] as const;
export type AttentionEffect = (typeof ATTENTION_EFFECTS)[number];

/** Spec §9: fonts every visitor has; any other name is a web font the owner opts into. */
export const SYSTEM_FONTS = [
  "System Stack",
  "Arial",
  "Tahoma",
  "Verdana",
  "Helvetica",
  "Times New Roman",
  "Trebuchet MS",
  "Georgia",
] as const;

/** Spec §9: the spacing that means "not a custom position". */
export const DEFAULT_SPACING = 25;

export interface WidgetSettings {
  /** A random token of the widget, made by the server; the nonce is signed over it. */
  widget_token: string;
  /** "chat-view" lists the channels in a panel with cta_head and cta_body; "simple-view" stacks the icons. */
  cta_type: "simple-view" | "chat-view";
  cta_head: string;
  cta_body: string;
  /** The call to action beside the button; "" for none. {title} and {url} are filled. */
  cta_text: string;
  show_cta: "first_click" | "all_time";
  /** The close button's hover text. */
  close_text: string;
  position: "left" | "right" | "custom";
  /** Which side a custom position is measured from. */
  custom_position: "left" | "right";
  icon_view: "vertical" | "horizontal";
  widget_icon: WidgetIcon;
  /** The uploaded image for chat-image (an https URL or a /media path). */
  widget_icon_url: string;
  /** The icon-set name for chat-fa-icon (one of the widget's bundled icons). */
  widget_fa_icon: string;
  widget_color: string;
  widget_icon_color: string;
  /** Button size in px. */
  widget_size: number;
  default_state: "click" | "hover" | "open";
  show_close_button: boolean;
  bg_blur_effect: boolean;
  is_pending_mesg_enabled: boolean;
  pending_mesg_count: number;
  pending_mesg_count_bgcolor: string;
  pending_mesg_count_color: string;
  attention_effect: AttentionEffect;
  is_google_analytics_enabled: boolean;
  has_custom_css: boolean;
  /** Applied inside the widget's shadow root only. */
  custom_css: string;
  /** One of SYSTEM_FONTS, "" for the page's font, or a web font's family name (owner opt-in). */
  font_family: string;
  bottom_spacing: number;
  side_spacing: number;
  cta_bg_color: string;
  cta_text_color: string;
  cta_head_bg_color: string;
  cta_head_text_color: string;
  /** Whether views and clicks are reported (spec §4.2 "analytics are off"). */
  analytics: boolean;
}

/** Spec §5.1 days codes: -1 every day, 0–6 one weekday (0 Sunday), 7 Sun–Thu, 8 Mon–Fri, 9 Sat–Sun. */
export type DaysCode = -1 | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export interface DayHoursRule {
  days: DaysCode;
  start_hours: number;
  start_min: number;
  end_hours: number;
  end_min: number;
}

export interface WidgetTriggers {
  has_countries: boolean;
  /** ISO 3166-1 alpha-2 codes. */
  countries: string[];
  has_date_scheduling_rules: boolean;
  /** "YYYY-MM-DD HH:MM" in the widget's time zone, or "" for an open end. */
  date_scheduling_rules: { start_date_time: string; end_date_time: string };
  /** An IANA zone ("Europe/Paris") or an offset in hours ("+5.5", "-3"); "" means UTC. */
  time_diff: string;
  has_day_hours_scheduling_rules: boolean;
  day_hours_scheduling_rules: DayHoursRule[];
  day_time_diff: string;
  auto_hide_widget: boolean;
  /** Seconds after showing. */
  hide_after: number;
  exit_intent: boolean;
  has_time_delay: boolean;
  /** Seconds. */
  time_delay: number;
  has_display_after_page_scroll: boolean;
  /** Percent of the page's height. */
  display_after_page_scroll: number;
}

export interface AgentData {
  value: string;
  agent_image: string;
  agent_title: string;
  svg_icon: string;
  agent_bg_color: string;
  pre_set_message: string;
  use_whatsapp_web: boolean;
  link_type: "personal" | "company";
}

export const CONTACT_FIELD_TYPES = ["text", "url", "date", "file", "textarea", "dropdown", "textblock", "number"] as const;
export type ContactCustomFieldType = (typeof CONTACT_FIELD_TYPES)[number];

/** One field of the contact-us form: a standard one (name, email, message, phone) or a custom one. */
export interface ContactField {
  /** "name" | "email" | "phone" | "message" for standard fields; the slug of a custom field. */
  field: string;
  /** Standard fields: "text" | "email" | "tel" | "textarea"; custom: a ContactCustomFieldType. */
  type: string;
  title: string;
  placeholder: string;
  is_required: boolean;
  is_custom: boolean;
  /** Dropdown only. */
  field_dropdown: string[];
  field_label: string;
  dropdown_placeholder: string;
  dropdown_option: string;
}

export interface ContactFormSettings {
  contact_form_title: string;
  button_text: string;
  button_bg_color: string;
  button_text_color: string;
  title_bg_color: string;
  /** Shown after a message is sent (spec §3.3 `message`). */
  success_message: string;
  redirect_action: boolean;
  redirect_link: string;
  link_in_new_tab: boolean;
  close_form_after: boolean;
  close_form_after_seconds: number;
}

/** The captcha providers the contact form can use; "altcha" is the shop's own proof of work. */
export type CaptchaProvider = "none" | "altcha" | "recaptcha-v2" | "recaptcha-v3" | "turnstile" | "hcaptcha";

export interface Channel {
  /** Unique within its widget (a second Link is "Custom_Link"…); the report keys use it (c-{channel}). */
  channel: string;
  channel_type: ChannelKey;
  /** Number, handle, address or URL, as the owner typed it; links are built from its normalised form. */
  value: string;
  is_desktop: boolean;
  is_mobile: boolean;
  is_agent: boolean;
  agent_data: AgentData[];
  is_agent_desktop: boolean;
  is_agent_mobile: boolean;
  header_text: string;
  header_sub_text: string;
  header_bg_color: string;
  header_text_color: string;
  icon_color: string;
  custom_image_url: string;
  svg_icon: string;
  hover_text: string;
  /** Extra analytics event name sent on click (optional). */
  click_event: string;
  pre_set_message: string;
  has_welcome_message: boolean;
  chat_welcome_message: string;
  wa_popup_headline: string;
  wa_popup_profile: string;
  wa_popup_nickname: string;
  wa_popup_head_bg_color: string;
  input_placeholder: string;
  emoji_picker: boolean;
  is_use_web_version: boolean;
  is_default_open: boolean;
  /** An uploaded QR image; empty, the widget draws the code of the channel's link itself (no third party). */
  qr_code_image_url: string;
  wechat_header: string;
  wechat_header_color: string;
  wechat_qr_code_title: string;
  mail_subject: string;
  viber_url: string;
  link_type: "personal" | "company";
  tawk_position: "inside-contact" | "above-contact";
  captcha_provider: CaptchaProvider;
  hide_recaptcha_badge: boolean;
  enable_recaptcha: boolean;
  v2_site_key: string;
  v3_site_key: string;
  contact_form_settings: ContactFormSettings;
  contact_fields: ContactField[];
}

/** A widget as the owner API reads and writes it. */
export interface ContactWidget {
  id: number;
  /** The owner's name for it ("Help widget"). */
  identifier: string;
  active: boolean;
  /** Sites (origins such as "https://blog.example.com") where the one-tag embed may run and post back. */
  allowed_origins: string[];
  settings: WidgetSettings;
  triggers: WidgetTriggers;
  channels: Channel[];
  created_at: string;
  updated_at: string;
}

/** A channel as a page carries it: what the browser needs, with its index in the widget. */
export type PageChannel = Omit<Channel, "v2_site_key" | "v3_site_key"> & {
  index: number;
  /** The site key of the channel's captcha provider, when one is on. */
  captcha_site_key: string;
};

/** One widget as a page carries it (inline on the shop, inside /widget/{id}.js elsewhere). */
export interface WidgetPayload {
  id: number;
  settings: Omit<WidgetSettings, "widget_token">;
  triggers: WidgetTriggers;
  channels: PageChannel[];
  /** Signed for this widget; every report and contact message carries it (spec §6). */
  nonce: string;
  /** The console's live preview: shown, never reporting (spec §4.2's mode flag). */
  preview?: boolean;
}

/** Everything a page needs to run its widgets. */
export interface WidgetPage {
  widgets: WidgetPayload[];
  /** The visitor's country (ISO alpha-2) from the proxy header or the bundled geo-IP data; "-" unknown. */
  country: string;
  /** A known crawler (by user agent): sees the widget, never reports (spec §4.2). */
  crawler: boolean;
  /** Absolute on other sites, "/ajax" on the shop. */
  ajaxUrl: string;
  /** Where the widget's own scripts and data live ("/widget/" on the shop, absolute elsewhere). */
  assetsUrl: string;
  /**
   * The shop's consent rule for the widget's visitor memory (local storage), the same rule as the
   * attribution cookies (decision 0014; the choice is the cw_consent_marketing cookie on the shop).
   */
  consent: "required" | "not-required";
}
