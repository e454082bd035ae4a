/**
 * The owner API's widget schemas (TypeBox): every field of @cartwright/commerce/contact-widget
 * with its type, enum, length and range. What a schema cannot say (time zones, countries, origins,
 * URLs, channel values per service, custom CSS, unique channel names) is checked in validation.ts,
 * which also runs these schemas itself so that every error is reported under its full path.
 */
import { ATTENTION_EFFECTS, CHANNEL_KEYS, CONTACT_FIELD_TYPES, WIDGET_ICONS } from "@cartwright/commerce/contact-widget";
import { type TSchema, Type } from "typebox";
import { VersionField } from "../../http/edit-version.ts";
import { IdSchema } from "../../http/input.ts";

/** The limits the checks and their messages share. */
export const WIDGET_LIMITS = {
  channels: 25,
  agents: 20,
  contactFields: 30,
  dropdownOptions: 50,
  origins: 20,
  countries: 250,
  dayHourRules: 20,
  customCssBytes: 20 * 1024,
  widgetSize: { min: 24, max: 120 },
  spacing: { min: 0, max: 1000 },
} as const;

export const COLOUR_PATTERN = "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$";
/** A colour, or "" for the widget's own choice. */
export const OPTIONAL_COLOUR_PATTERN = "^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})?$";
/** An icon or event name: letters, digits, dashes (and underscores, spaces for events). */
export const ICON_NAME_PATTERN = "^[a-z0-9-]*$";
export const EVENT_NAME_PATTERN = "^[A-Za-z0-9_ -]*$";
/** "YYYY-MM-DD HH:MM", or "" for an open end. */
export const DATE_TIME_PATTERN = "^(?:\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2})?$";

/** Messages for the patterns above, named instead of the pattern itself. */
export const PATTERN_MESSAGES: Record<string, string> = {
  [COLOUR_PATTERN]: "must be a colour such as #1d4ed8 (#rgb or #rrggbb)",
  [OPTIONAL_COLOUR_PATTERN]: 'must be a colour such as #1d4ed8 (#rgb or #rrggbb), or "" for the default',
  [ICON_NAME_PATTERN]: "must be an icon name of lower-case letters, digits and dashes",
  [EVENT_NAME_PATTERN]: "must be an event name of letters, digits, spaces, dashes and underscores",
  [DATE_TIME_PATTERN]: 'must be a date and time such as 2026-12-24 18:00, or "" for an open end',
};

const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const Short = text(200);
const Long = text(2000);
const Flag = Type.Boolean();
const Colour = Type.String({ pattern: COLOUR_PATTERN, description: "#rgb or #rrggbb" });
const OptionalColour = Type.String({ pattern: OPTIONAL_COLOUR_PATTERN, description: '#rgb, #rrggbb or ""' });
/** An https URL or a /media/… path of the shop (checked in validation.ts). */
const ImageUrl = text(2000, "An http(s) address or a /media/… path; empty for none");
const whole = (minimum: number, maximum: number, description?: string) =>
  Type.Integer({ minimum, maximum, ...(description ? { description } : {}) });
const oneOf = <const T extends readonly (string | number)[]>(values: T, description?: string) =>
  Type.Enum([...values] as [...T], description ? { description } : {});

const settingsProperties = {
  widget_token: Type.String({ maxLength: 200, description: "Made by the server; ignored when sent" }),
  cta_type: oneOf(["simple-view", "chat-view"] as const),
  cta_head: Short,
  cta_body: Long,
  cta_text: text(500, "Beside the button; {title} and {url} are filled; empty for none"),
  show_cta: oneOf(["first_click", "all_time"] as const),
  close_text: Short,
  position: oneOf(["left", "right", "custom"] as const),
  custom_position: oneOf(["left", "right"] as const),
  icon_view: oneOf(["vertical", "horizontal"] as const),
  widget_icon: oneOf(WIDGET_ICONS),
  widget_icon_url: ImageUrl,
  widget_fa_icon: Type.String({ maxLength: 60, pattern: ICON_NAME_PATTERN }),
  widget_color: Colour,
  widget_icon_color: Colour,
  widget_size: whole(WIDGET_LIMITS.widgetSize.min, WIDGET_LIMITS.widgetSize.max, "Button size in px"),
  default_state: oneOf(["click", "hover", "open"] as const),
  show_close_button: Flag,
  bg_blur_effect: Flag,
  is_pending_mesg_enabled: Flag,
  pending_mesg_count: whole(0, 99),
  pending_mesg_count_bgcolor: Colour,
  pending_mesg_count_color: Colour,
  attention_effect: oneOf(ATTENTION_EFFECTS),
  is_google_analytics_enabled: Flag,
  has_custom_css: Flag,
  custom_css: Type.String({ description: "At most 20 KB, never `</style`; applied inside the widget only" }),
  font_family: text(60, 'A system font, "" for the page\'s font, or a web font family name'),
  bottom_spacing: whole(WIDGET_LIMITS.spacing.min, WIDGET_LIMITS.spacing.max, "px"),
  side_spacing: whole(WIDGET_LIMITS.spacing.min, WIDGET_LIMITS.spacing.max, "px"),
  cta_bg_color: Colour,
  cta_text_color: Colour,
  cta_head_bg_color: Colour,
  cta_head_text_color: Colour,
  analytics: Flag,
};

const DayHoursRule = Type.Object(
  {
    days: oneOf([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const, "-1 every day, 0–6 one weekday (0 Sunday), 7 Sun–Thu, 8 Mon–Fri, 9 Sat–Sun"),
    start_hours: whole(0, 23),
    start_min: whole(0, 59),
    end_hours: whole(0, 23),
    end_min: whole(0, 59),
  },
  { additionalProperties: false },
);

const Zone = text(64, 'An IANA time zone ("Europe/Paris") or an offset in hours ("+5.5", "-3", "5:30"); "" for UTC');

const triggersProperties = {
  has_countries: Flag,
  countries: Type.Array(Type.String({ maxLength: 2, description: "ISO 3166-1 alpha-2" }), { maxItems: WIDGET_LIMITS.countries }),
  has_date_scheduling_rules: Flag,
  date_scheduling_rules: Type.Object(
    {
      start_date_time: Type.String({ pattern: DATE_TIME_PATTERN }),
      end_date_time: Type.String({ pattern: DATE_TIME_PATTERN }),
    },
    { additionalProperties: false },
  ),
  time_diff: Zone,
  has_day_hours_scheduling_rules: Flag,
  day_hours_scheduling_rules: Type.Array(DayHoursRule, { maxItems: WIDGET_LIMITS.dayHourRules }),
  day_time_diff: Zone,
  auto_hide_widget: Flag,
  hide_after: whole(0, 86_400, "Seconds"),
  exit_intent: Flag,
  has_time_delay: Flag,
  time_delay: whole(0, 3600, "Seconds"),
  has_display_after_page_scroll: Flag,
  display_after_page_scroll: whole(0, 100, "Percent of the page's height"),
};

const LinkType = oneOf(["personal", "company"] as const);

const agentProperties = {
  value: text(500),
  agent_image: ImageUrl,
  agent_title: Short,
  svg_icon: Type.String({ maxLength: 60, pattern: ICON_NAME_PATTERN }),
  agent_bg_color: OptionalColour,
  pre_set_message: Long,
  use_whatsapp_web: Flag,
  link_type: LinkType,
};

const contactFieldProperties = {
  field: Type.String({
    minLength: 1,
    maxLength: 60,
    pattern: "^[a-z0-9_-]+$",
    description: "name, email, phone, message, or a custom field's slug",
  }),
  type: oneOf(
    ["email", "tel", ...CONTACT_FIELD_TYPES] as const,
    "Standard fields: text, email, tel, textarea; custom: a custom field type",
  ),
  title: Short,
  placeholder: Short,
  is_required: Flag,
  is_custom: Flag,
  field_dropdown: Type.Array(Short, { maxItems: WIDGET_LIMITS.dropdownOptions }),
  field_label: Short,
  dropdown_placeholder: Short,
  dropdown_option: Short,
};

const contactFormProperties = {
  contact_form_title: Short,
  button_text: Short,
  button_bg_color: Colour,
  button_text_color: Colour,
  title_bg_color: Colour,
  success_message: Long,
  redirect_action: Flag,
  redirect_link: text(2000, "An http(s) address or a path of the shop"),
  link_in_new_tab: Flag,
  close_form_after: Flag,
  close_form_after_seconds: whole(0, 600),
};

const strict = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

const channelProperties = {
  channel: Type.String({ minLength: 1, maxLength: 60, pattern: "^[A-Za-z0-9_-]+$", description: "Unique within the widget" }),
  channel_type: oneOf(CHANNEL_KEYS),
  value: text(500, "Number, handle, address or URL, by service"),
  is_desktop: Flag,
  is_mobile: Flag,
  is_agent: Flag,
  agent_data: Type.Array(strict(agentProperties), { maxItems: WIDGET_LIMITS.agents }),
  is_agent_desktop: Flag,
  is_agent_mobile: Flag,
  header_text: Short,
  header_sub_text: Short,
  header_bg_color: OptionalColour,
  header_text_color: OptionalColour,
  icon_color: OptionalColour,
  custom_image_url: ImageUrl,
  svg_icon: Type.String({ maxLength: 60, pattern: ICON_NAME_PATTERN }),
  hover_text: Short,
  click_event: Type.String({ maxLength: 100, pattern: EVENT_NAME_PATTERN }),
  pre_set_message: Long,
  has_welcome_message: Flag,
  chat_welcome_message: Long,
  wa_popup_headline: Short,
  wa_popup_profile: ImageUrl,
  wa_popup_nickname: Short,
  wa_popup_head_bg_color: OptionalColour,
  input_placeholder: Short,
  emoji_picker: Flag,
  is_use_web_version: Flag,
  is_default_open: Flag,
  qr_code_image_url: ImageUrl,
  wechat_header: Short,
  wechat_header_color: OptionalColour,
  wechat_qr_code_title: Short,
  mail_subject: text(500),
  viber_url: text(2000, "viber:// or https address; wins over the number"),
  link_type: LinkType,
  tawk_position: oneOf(["inside-contact", "above-contact"] as const),
  captcha_provider: oneOf(["none", "altcha", "recaptcha-v2", "recaptcha-v3", "turnstile", "hcaptcha"] as const),
  hide_recaptcha_badge: Flag,
  enable_recaptcha: Flag,
  v2_site_key: text(200),
  v3_site_key: text(200),
  contact_form_settings: strict(contactFormProperties),
  contact_fields: Type.Array(strict(contactFieldProperties), { maxItems: WIDGET_LIMITS.contactFields }),
};

const partial = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(
    Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)])) as {
      [K in keyof P]: ReturnType<typeof Type.Optional<P[K]>>;
    },
    { additionalProperties: false },
  );

/** Some fields required, the rest optional (filled from defaults). */
const requiring = <P extends Record<string, TSchema>>(properties: P, required: (keyof P)[]) =>
  Type.Object(
    Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, required.includes(key) ? schema : Type.Optional(schema)])),
    { additionalProperties: false },
  );

/**
 * A channel as sent: its service is required, the rest comes from that service's defaults; the
 * form settings merge key by key, agents and form fields are filled from their defaults.
 */
export const ChannelInput = requiring(
  {
    ...channelProperties,
    agent_data: Type.Array(partial(agentProperties), { maxItems: WIDGET_LIMITS.agents }),
    contact_form_settings: partial(contactFormProperties),
    contact_fields: Type.Array(requiring(contactFieldProperties, ["field", "type", "title"]), { maxItems: WIDGET_LIMITS.contactFields }),
  },
  ["channel_type"],
);

const widgetInputProperties = {
  identifier: Type.String({ minLength: 1, maxLength: 100, description: "The owner's name for the widget" }),
  active: Flag,
  allowed_origins: Type.Array(Type.String({ maxLength: 300 }), {
    maxItems: WIDGET_LIMITS.origins,
    description: "Sites where the one-tag embed may run, as origins: https://blog.example.com",
  }),
  settings: partial(settingsProperties),
  triggers: partial(triggersProperties),
  channels: Type.Array(ChannelInput, { maxItems: WIDGET_LIMITS.channels }),
  // PUT and PATCH: the widget's version as read; a widget changed since is refused (decision 0158).
  version: VersionField,
};

/**
 * The reply's fields the shop sets, refused in a body by name (owner audit 2026-12-06, finding 8): a save that sent
 * them was answered as if they had been taken.
 */
export const WIDGET_READ_ONLY = ["id", "created_at", "updated_at"];

/** POST, PUT and PATCH bodies: any subset; POST and PUT fill the rest from the defaults, PATCH from the widget. The read-only fields are refused. */
export const WidgetInput = partial(widgetInputProperties);

/** The widget document as stored and answered (every field present). */
export const WidgetReply = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  active: Type.Boolean(),
  allowed_origins: Type.Array(Type.String()),
  settings: Type.Object(settingsProperties),
  triggers: Type.Object(triggersProperties),
  channels: Type.Array(Type.Object(channelProperties)),
  created_at: Type.String(),
  updated_at: Type.String(),
  version: Type.String({ description: "A fingerprint of what the owner can change: send it back with a save (decision 0158)" }),
});

export const WidgetSummary = Type.Object({
  id: Type.Integer(),
  identifier: Type.String(),
  active: Type.Boolean(),
  channels: Type.Array(Type.String(), { description: "The channels' services, in order" }),
  views: Type.Integer({ description: "Widget views of the last 30 days" }),
  clicks: Type.Integer({ description: "Widget clicks of the last 30 days" }),
  updated_at: Type.String(),
});

export const WidgetListReply = Type.Object({ widgets: Type.Array(WidgetSummary) });

export const WidgetParams = Type.Object({ id: IdSchema() });

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD (UTC)" });

export const AnalyticsQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});

const Counts = Type.Object({ views: Type.Integer(), clicks: Type.Integer() });

export const AnalyticsReply = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object({
    views: Type.Integer(),
    clicks: Type.Integer(),
    ctr: Type.Number({ description: "clicks / views, 0 without views" }),
  }),
  days: Type.Array(Type.Object({ day: Type.String(), views: Type.Integer(), clicks: Type.Integer() })),
  channels: Type.Array(
    Type.Object({ channel: Type.String(), channel_type: Type.String(), views: Type.Integer(), clicks: Type.Integer(), ctr: Type.Number() }),
  ),
  devices: Type.Object({ desktop: Counts, mobile: Counts }),
});
