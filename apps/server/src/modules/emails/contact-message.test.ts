/** The owner's "New contact message" notice: what it shows, escaped, and never the files' bytes. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, type SwitchableEmail } from "../settings/index.ts";
import { parseEml } from "./eml.test-support.ts";
import {
  type ContactMessageEmailData,
  createMailer,
  renderContactMessageNotice,
  sendContactMessageNotice,
  sendFormEntryNotice,
} from "./index.ts";

const data = (extra: Partial<ContactMessageEmailData> = {}): ContactMessageEmailData => ({
  messageId: 7,
  siteTitle: "Cartwright Demo",
  visitorName: "Ada <b>Visitor</b>\r\nBcc: x@example.com",
  fields: [
    { label: "Name", value: "Ada <b>Visitor</b>" },
    { label: "Message", value: "Line one\n<script>alert(1)</script>" },
  ],
  files: [{ label: "Attachment", fileName: "quote.pdf", size: 2048 }],
  pageUrl: "https://shop.example.com/shop?x=1&y=2",
  pageTitle: "Shop",
  receivedAt: "2026-11-25T08:30:00.000Z",
  inboxUrl: "https://shop.example.com/admin/messages/7",
  ...extra,
});

describe("renderContactMessageNotice", () => {
  it("names the visitor on one line in the subject and lists fields, files and the page", () => {
    const mail = renderContactMessageNotice(data());
    expect(mail.subject).toBe("[Cartwright Demo] New contact message from Ada <b>Visitor</b> Bcc: x@example.com");
    expect(mail.text).toContain("Name: Ada <b>Visitor</b>");
    expect(mail.text).toContain("Message:\n  Line one\n  <script>alert(1)</script>");
    expect(mail.text).toContain("quote.pdf (2 KB, Attachment)");
    expect(mail.text).toContain("Sent from: Shop <https://shop.example.com/shop?x=1&y=2>");
    expect(mail.text).toContain("2026-11-25 08:30 UTC");
  });

  it("escapes everything in the HTML and links only web addresses", () => {
    const mail = renderContactMessageNotice(data());
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain('href="https://shop.example.com/shop?x=1&amp;y=2"');
    const hostile = renderContactMessageNotice(data({ pageUrl: "javascript:alert(1)", pageTitle: "" }));
    expect(hostile.html).not.toContain("javascript:");
    expect(hostile.text).toContain("Sent from: an unknown page");
  });
});

describe("the owner's notices and the email settings", () => {
  const outbox = () => join(mkdtempSync(join(tmpdir(), "cw-notice-")), "outbox");
  const shop = (off: SwitchableEmail[]) => ({
    siteTitle: "Cartwright Demo",
    emails: { ...DEFAULT_SETTINGS.emails, ownerRecipient: "desk@example.com", off },
  });
  const entry = {
    entryId: 3,
    siteTitle: "Cartwright Demo",
    formTitle: "Quote",
    subject: "New entry",
    fields: [],
    files: [],
    total: "",
    receivedAt: "2026-11-25T08:30:00.000Z",
    entryUrl: "https://shop.example.com/admin/forms/1/entries/3",
  };

  it("sends a contact message's and a form entry's notice to the owner's recipient while switched on", async () => {
    const folder = outbox();
    const mailer = createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: null, outbox: folder },
    });
    const contact = await sendContactMessageNotice(mailer, data(), { shop: shop([]), ownerAccountEmail: "account@example.com" });
    const form = await sendFormEntryNotice(mailer, entry, { shop: shop([]), ownerAccountEmail: null });
    expect([contact?.via, form?.via]).toEqual(["outbox", "outbox"]);
    expect(readdirSync(folder).map((name) => parseEml(readFileSync(join(folder, name), "utf8")).headers.to)).toEqual([
      "desk@example.com",
      "desk@example.com",
    ]);
  });

  it("sends neither once the owner switched it off", async () => {
    const folder = outbox();
    const mailer = createMailer({
      publicUrl: "https://shop.example.com",
      mail: { smtpUrl: null, from: null, ownerEmail: null, outbox: folder },
    });
    const off = shop(["contact_message", "form_entry"]);
    expect(await sendContactMessageNotice(mailer, data(), { shop: off, ownerAccountEmail: "account@example.com" })).toBeNull();
    expect(await sendFormEntryNotice(mailer, entry, { shop: off, ownerAccountEmail: null })).toBeNull();
    expect(existsSync(folder)).toBe(false);
  });
});
