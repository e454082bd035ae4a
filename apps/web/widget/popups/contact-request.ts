/**
 * The contact-us form's request and the reading of its answer (spec §3.3, §4.3, §7, §8), kept
 * apart from the DOM so both are unit tested.
 */
import type { ContactField, ContactFormSettings, PageChannel, WidgetPayload } from "@cartwright/commerce/contact-widget";
import { isOn } from "./dom.ts";
import { POPUP_MESSAGES as M } from "./messages.ts";

export const STANDARD_FIELDS = ["name", "email", "phone", "message"] as const;

export interface ContactRequestInput {
  widget: Pick<WidgetPayload, "id" | "nonce">;
  channel: Pick<PageChannel, "index">;
  pageInfo: { title: string; url: string };
  fields: readonly ContactField[];
  values: Record<string, string>;
  files: readonly { field: string; file: Blob & { name?: string } }[];
  token: string;
  v2token: string;
}

/** Whether a field sends nothing (a text block only shows its text). */
export const isTextBlock = (field: ContactField) => field.type === "textblock";
export const isStandard = (field: ContactField) => !field.is_custom && (STANDARD_FIELDS as readonly string[]).includes(field.field);

/** The multipart body of `contact_front_form_save_data` (spec §7). */
export function contactFormData(input: ContactRequestInput): FormData {
  const data = new FormData();
  data.append("action", "contact_front_form_save_data");
  data.append("widget", String(input.widget.id));
  data.append("channel", String(input.channel.index));
  data.append("nonce", input.widget.nonce);
  data.append("ref_url", input.pageInfo.url);
  // Cartwright pages have no numeric post ids; the page is known by ref_url and page_title.
  data.append("page_id", "0");
  data.append("page_title", input.pageInfo.title);
  data.append("token", input.token);
  data.append("v2token", input.v2token);
  let index = 0;
  for (const field of input.fields) {
    if (isTextBlock(field)) continue;
    if (isStandard(field)) {
      data.append(field.field, input.values[field.field] ?? "");
      continue;
    }
    const prefix = `custom_fields[${index}]`;
    index += 1;
    data.append(`${prefix}[slug]`, field.field);
    data.append(`${prefix}[label_${field.type}]`, field.title);
    if (field.type === "file") {
      for (const { file } of input.files.filter((entry) => entry.field === field.field))
        data.append(`${prefix}[file]`, file, file.name ?? "file");
    } else {
      data.append(`${prefix}[${field.type}]`, input.values[field.field] ?? "");
    }
  }
  return data;
}

export type ContactOutcome =
  | { kind: "success"; message: string; redirect: { href: string; newTab: boolean } | null; closeAfterMs: number | null }
  | { kind: "field-errors"; errors: { field: string; message: string }[]; message: string }
  | { kind: "error"; message: string };

interface ContactAnswer {
  status?: unknown;
  message?: unknown;
  error?: unknown;
  errors?: unknown;
  redirect_action?: unknown;
  redirect_link?: unknown;
  link_in_new_tab?: unknown;
  close_form_after?: unknown;
  close_form_after_seconds?: unknown;
}

/** Only web addresses redirect (never javascript: or data:), resolved against the page. */
function safeRedirect(link: unknown, base: string): string | null {
  if (typeof link !== "string" || !link.trim()) return null;
  try {
    const url = new URL(link.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** What the answer means for the form; anything unreadable is a general error. */
export function readContactAnswer(answer: unknown, settings: Partial<ContactFormSettings>, pageUrl: string): ContactOutcome {
  const a = (typeof answer === "object" && answer !== null ? answer : {}) as ContactAnswer;
  const message = typeof a.message === "string" ? a.message.trim() : "";
  if (String(a.status) === "1") {
    const href = isOn(a.redirect_action ?? settings.redirect_action)
      ? safeRedirect(a.redirect_link ?? settings.redirect_link, pageUrl)
      : null;
    const seconds = Number(a.close_form_after_seconds ?? settings.close_form_after_seconds);
    const closes = isOn(a.close_form_after ?? settings.close_form_after) && Number.isFinite(seconds) && seconds >= 0;
    return {
      kind: "success",
      message: message || settings.success_message?.trim() || M.sentDefault,
      redirect: href ? { href, newTab: isOn(a.link_in_new_tab ?? settings.link_in_new_tab) } : null,
      closeAfterMs: closes ? seconds * 1000 : null,
    };
  }
  const errors = Array.isArray(a.errors)
    ? a.errors.filter(
        (entry): entry is { field: string; message: string } => typeof entry?.field === "string" && typeof entry?.message === "string",
      )
    : [];
  if (isOn(a.error) && errors.length > 0) return { kind: "field-errors", errors, message };
  return { kind: "error", message: message || M.sendFailed };
}
