/** Channels and widgets for the popups' tests (unit and browser); not part of any bundle the shop serves. */
import type { ContactField, PageChannel, WidgetPage, WidgetPayload } from "@cartwright/commerce/contact-widget";

export function field(partial: Partial<ContactField> & Pick<ContactField, "field" | "type" | "title">): ContactField {
  return {
    placeholder: "",
    is_required: false,
    is_custom: false,
    field_dropdown: [],
    field_label: "",
    dropdown_placeholder: "",
    dropdown_option: "",
    ...partial,
  };
}

/** The demo's contact-us fields (DEMO.md), plus one of each custom kind. */
export const DEMO_FIELDS: ContactField[] = [
  field({ field: "name", type: "text", title: "Name", is_required: true }),
  field({ field: "email", type: "email", title: "Email", is_required: true }),
  field({ field: "phone", type: "tel", title: "Phone" }),
  field({ field: "message", type: "textarea", title: "Message", is_required: true }),
  field({ field: "order-number", type: "text", title: "Order number", is_custom: true }),
  field({ field: "attachment", type: "file", title: "Attachment", is_custom: true }),
];

export function channel(partial: Partial<PageChannel> & Pick<PageChannel, "channel_type">): PageChannel {
  return {
    channel: partial.channel_type,
    value: "",
    index: 0,
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
    hover_text: "",
    click_event: "",
    pre_set_message: "",
    has_welcome_message: false,
    chat_welcome_message: "",
    wa_popup_headline: "",
    wa_popup_profile: "",
    wa_popup_nickname: "",
    wa_popup_head_bg_color: "#075e54",
    input_placeholder: "",
    emoji_picker: false,
    is_use_web_version: false,
    is_default_open: false,
    qr_code_image_url: "",
    wechat_header: "",
    wechat_header_color: "#1aad19",
    wechat_qr_code_title: "",
    mail_subject: "",
    viber_url: "",
    link_type: "personal",
    tawk_position: "inside-contact",
    captcha_provider: "none",
    hide_recaptcha_badge: false,
    enable_recaptcha: false,
    captcha_site_key: "",
    contact_form_settings: {
      contact_form_title: "Send us a message",
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
    },
    contact_fields: [],
    ...partial,
  };
}

/** The demo's WhatsApp channel (DEMO.md "Contact widget"). */
export const DEMO_WHATSAPP = channel({
  channel_type: "WhatsApp",
  value: "+1 (555) 010-2030",
  has_welcome_message: true,
  wa_popup_headline: "Cartwright Demo",
  wa_popup_nickname: "Jess",
  chat_welcome_message: "Hi there! How can we help you?",
  input_placeholder: "Write a message…",
  emoji_picker: true,
  pre_set_message: "Hello, I have a question about {title}",
});

export function widget(channels: PageChannel[]): WidgetPayload {
  return {
    id: 1,
    nonce: "nonce-1",
    channels: channels.map((c, index) => ({ ...c, index })),
    settings: {} as WidgetPayload["settings"],
    triggers: {} as WidgetPayload["triggers"],
  };
}

export function page(widgets: WidgetPayload[], ajaxUrl = "/ajax"): WidgetPage {
  return { widgets, country: "-", crawler: false, ajaxUrl, assetsUrl: "/widget/", consent: "not-required" };
}
