/**
 * Checks a widget as the owner sends it, reporting every error under its full path
 * ("settings.widget_color", "channels.2.value") in the Store API's rest_invalid_param shape
 * (http/errors.ts: data.params path → message, data.details path → {code, message, data}).
 * First the schema (types, enums, lengths, ranges, colours), then what a schema cannot say.
 */
import { isCountryCode } from "@cartwright/commerce";
import { type Channel, normaliseChannelValue, SYSTEM_FONTS } from "@cartwright/commerce/contact-widget";
import type { TSchema } from "typebox";
import { paramDetail, StoreError } from "../../http/errors.ts";
import type { WidgetDocument } from "./contact-widget.repo.ts";
import { PATTERN_MESSAGES, WIDGET_LIMITS, WIDGET_READ_ONLY, WidgetInput } from "./contact-widget.schemas.ts";

/** Messages by dotted path. */
export type FieldErrors = Record<string, string>;

export function invalidWidget(errors: FieldErrors): StoreError {
  const details = Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path, paramDetail("rest_invalid_param", `${path} ${message}`)]),
  );
  const params = Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, `${path} ${message}`]));
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(errors).join(", ")}`, 400, { params, details });
}

interface SchemaIssue {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

const dotted = (pointer: string) =>
  pointer
    .split("/")
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");

/** The schema node an issue's schemaPath names ("#/properties/settings/properties/widget_size"). */
function schemaAt(root: TSchema, schemaPath: string): Record<string, unknown> | undefined {
  let node: unknown = root;
  for (const part of schemaPath.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === "object" ? (node as Record<string, unknown>) : undefined;
}

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  boolean: "true or false",
  integer: "a whole number",
  number: "a number",
  array: "a list",
  object: "an object",
};

function issueMessage(root: TSchema, issue: SchemaIssue): string | null {
  const node = schemaAt(root, issue.schemaPath);
  const { params } = issue;
  switch (issue.keyword) {
    case "boolean":
      return WIDGET_READ_ONLY.includes(dotted(issue.instancePath))
        ? "is set by the shop and cannot be sent: leave it out"
        : "is not a field of a widget";
    case "additionalProperties":
    case "anyOf":
      return null;
    case "type":
      return `must be ${TYPE_NAMES[String(params.type)] ?? params.type}`;
    case "pattern":
      return PATTERN_MESSAGES[String(params.pattern)] ?? `must match the pattern ${params.pattern}`;
    case "minimum":
    case "maximum":
      return `must be from ${node?.minimum} to ${node?.maximum}`;
    case "maxLength":
      return `must be at most ${params.limit} characters`;
    case "minLength":
      return "must not be empty";
    case "maxItems":
      return `may hold at most ${params.limit} entries`;
    case "required":
      return "is required";
    default:
      return issue.message || "is invalid";
  }
}

/** The schema's errors, one per path: enums name their values, ranges both ends. */
export async function schemaErrors(body: unknown, schema: TSchema = WidgetInput): Promise<FieldErrors> {
  // typebox/value (some 300 modules) is imported with the first widget the owner saves, not at start (decision 0050).
  const { Value } = await import("typebox/value");
  const errors: FieldErrors = {};
  const allowed = new Map<string, unknown[]>();
  for (const issue of Value.Errors(schema, body) as Iterable<SchemaIssue>) {
    const path = dotted(issue.instancePath) || "body";
    if (issue.keyword === "const" || issue.keyword === "enum") {
      const values = issue.keyword === "enum" ? (issue.params.allowedValues as unknown[]) : [issue.params.allowedValue];
      allowed.set(path, [...(allowed.get(path) ?? []), ...values]);
      continue;
    }
    if (issue.keyword === "required") {
      for (const name of (issue.params.requiredProperties as string[] | undefined) ?? []) {
        const missing = path === "body" ? name : `${path}.${name}`;
        if (!(missing in errors) && !(body && hasPath(body, missing))) errors[missing] = "is required";
      }
      continue;
    }
    const message = issueMessage(schema, issue);
    if (message && !(path in errors)) errors[path] = message;
  }
  for (const [path, values] of allowed)
    if (!(path in errors)) errors[path] = `must be one of ${values.map((value) => JSON.stringify(value)).join(", ")}`;
  return errors;
}

function hasPath(value: unknown, path: string): boolean {
  let node = value;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

// What a schema cannot say.

const MEDIA_PATH = /^\/media\/[A-Za-z0-9._/-]+$/;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !/\s/.test(value);
  } catch {
    return false;
  }
}

const isImageUrl = (value: string) => value === "" || isHttpUrl(value) || MEDIA_PATH.test(value);
const IMAGE_URL_MESSAGE = 'must be an http(s) address or a /media/… path of the shop, or ""';

/** A site path of the shop ("/thanks"), never another host ("//evil.example"). */
const isSitePath = (value: string) => /^\/(?!\/)[^\s\\]*$/.test(value);

/** An origin as browsers send it: scheme, host and optional port, nothing else. */
export function isOrigin(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  // As browsers write it: lower case, no default port, no path or trailing slash.
  return new URL(value).origin === value;
}

const OFFSET = /^[+-]?(\d{1,2})(?:[.:](\d{1,2}))?$/;

/** "" (UTC), an offset in hours up to ±14 ("+5.5", "-3", "5:30"), or an IANA zone Intl knows. */
export function isTimeZone(value: string): boolean {
  if (value === "") return true;
  const offset = OFFSET.exec(value);
  if (offset) return Number(offset[1]) <= 14;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function isDateTime(value: string): boolean {
  if (value === "") return true;
  const [date = "", time = ""] = value.split(" ");
  const [hours, minutes] = time.split(":").map(Number);
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date && Number(hours) < 24 && Number(minutes) < 60;
}

const NUMBER_CHANNELS = new Set(["WhatsApp", "Viber", "Phone", "SMS"]);
const HANDLE = /^\+?[\p{L}\p{N}._:-]{1,100}$/u;
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const WAZE_POINT = /^-?\d{1,2}(?:\.\d+)?,\s*-?\d{1,3}(?:\.\d+)?$/;

/** Why a channel's (or agent's) value does not suit its service; null when it does. */
export function channelValueError(type: string, value: string): string | null {
  if (value.trim() === "") return null;
  const normal = normaliseChannelValue(type as Channel["channel_type"], value);
  if (NUMBER_CHANNELS.has(type))
    return /^\d{3,15}$/.test(normal) ? null : "must be a phone number in international form, such as +1 555 010 2030 (3 to 15 digits)";
  switch (type) {
    case "Email":
      return EMAIL.test(value.trim()) && value.length <= 254 ? null : "must be an email address such as hello@example.com";
    case "Link":
    case "Custom_Link":
    case "Custom_Link_3":
    case "Custom_Link_4":
    case "Custom_Link_5":
      return isHttpUrl(value.trim()) ? null : "must be an http(s) address such as https://example.com/help";
    case "Waze":
      return WAZE_POINT.test(value.trim()) || isHttpUrl(value.trim()) ? null : "must be a place as latitude,longitude or a Waze link";
    case "Contact_Us":
    case "Tawk":
      return null;
    default:
      return HANDLE.test(normal) || isHttpUrl(value.trim())
        ? null
        : "must be a user name or id (letters, digits, dots, dashes, underscores) or an http(s) address";
  }
}

/** The checks past the schema, on a whole widget document (every field present and typed). */
export function documentErrors(widget: WidgetDocument): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string | null) => {
    if (message && !(path in errors)) errors[path] = message;
  };
  const { settings, triggers } = widget;

  for (const [i, origin] of widget.allowed_origins.entries())
    if (!isOrigin(origin)) add(`allowed_origins.${i}`, "must be an origin such as https://blog.example.com (scheme, host and port only)");

  if (Buffer.byteLength(settings.custom_css) > WIDGET_LIMITS.customCssBytes) add("settings.custom_css", "must be at most 20 KB");
  else if (/<\/style/i.test(settings.custom_css)) add("settings.custom_css", "must not contain </style");
  if (!isImageUrl(settings.widget_icon_url)) add("settings.widget_icon_url", IMAGE_URL_MESSAGE);
  const font = settings.font_family;
  if (font !== "" && !(SYSTEM_FONTS as readonly string[]).includes(font) && !/^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/.test(font))
    add("settings.font_family", "must be a font family name of letters, digits, spaces and dashes");

  for (const [i, code] of triggers.countries.entries())
    if (!isCountryCode(code)) add(`triggers.countries.${i}`, "must be an ISO 3166-1 alpha-2 country code such as US");
  for (const zone of ["time_diff", "day_time_diff"] as const)
    if (!isTimeZone(triggers[zone]))
      add(`triggers.${zone}`, 'must be an IANA time zone such as Europe/Paris, an offset in hours such as +5.5, or "" for UTC');
  const { start_date_time: start, end_date_time: end } = triggers.date_scheduling_rules;
  for (const [key, value] of [
    ["start_date_time", start],
    ["end_date_time", end],
  ] as const)
    if (!isDateTime(value)) add(`triggers.date_scheduling_rules.${key}`, "must be a real date and time such as 2026-12-24 18:00");
  if (start && end && isDateTime(start) && isDateTime(end) && end < start)
    add("triggers.date_scheduling_rules.end_date_time", "must not be before start_date_time");

  const names = new Map<string, number>();
  for (const [i, channel] of widget.channels.entries()) {
    const at = (field: string) => `channels.${i}.${field}`;
    const earlier = names.get(channel.channel);
    if (earlier !== undefined) add(at("channel"), `is already the name of channels.${earlier}: each channel needs its own name`);
    else names.set(channel.channel, i);
    add(at("value"), channelValueError(channel.channel_type, channel.value));
    for (const field of ["custom_image_url", "wa_popup_profile", "qr_code_image_url"] as const)
      if (!isImageUrl(channel[field])) add(at(field), IMAGE_URL_MESSAGE);
    if (channel.viber_url !== "" && !/^viber:\/\/\S+$/i.test(channel.viber_url) && !isHttpUrl(channel.viber_url))
      add(at("viber_url"), "must be a viber:// or http(s) address");
    const redirect = channel.contact_form_settings.redirect_link;
    if (redirect !== "" && !isHttpUrl(redirect) && !isSitePath(redirect))
      add(at("contact_form_settings.redirect_link"), "must be an http(s) address or a path of the shop such as /thanks");
    for (const [j, agent] of channel.agent_data.entries()) {
      add(at(`agent_data.${j}.value`), channelValueError(channel.channel_type, agent.value));
      if (!isImageUrl(agent.agent_image)) add(at(`agent_data.${j}.agent_image`), IMAGE_URL_MESSAGE);
    }
    const slugs = new Set<string>();
    for (const [j, field] of channel.contact_fields.entries()) {
      if (slugs.has(field.field)) add(at(`contact_fields.${j}.field`), "is already used by another field of this form");
      slugs.add(field.field);
    }
  }
  return errors;
}
