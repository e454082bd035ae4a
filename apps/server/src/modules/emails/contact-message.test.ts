/** The owner's "New contact message" notice: what it shows, escaped, and never the files' bytes. */
import { describe, expect, it } from "vitest";
import { type ContactMessageEmailData, renderContactMessageNotice } from "./index.ts";

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
