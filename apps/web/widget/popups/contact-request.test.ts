import { describe, expect, it } from "vitest";
import { contactFormData, readContactAnswer } from "./contact-request.ts";
import { channel, DEMO_FIELDS, field } from "./test-fixtures.ts";

const settings = channel({ channel_type: "Contact_Us" }).contact_form_settings;
const pageInfo = { title: "Hoodie – Cartwright", url: "https://shop.example/product/hoodie" };

describe("contactFormData", () => {
  it("carries the spec §7 fields: standard ones by name, custom ones as custom_fields[i]", async () => {
    const file = new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" });
    const fields = [
      ...DEMO_FIELDS,
      field({ field: "note", type: "textblock", title: "We answer within a day.", is_custom: true }),
      field({ field: "topic", type: "dropdown", title: "Topic", is_custom: true, field_dropdown: ["Orders", "Returns"] }),
    ];
    const data = contactFormData({
      widget: { id: 3, nonce: "n0nce" },
      channel: { index: 7 },
      pageInfo,
      fields,
      values: { name: "Ada", email: "ada@example.com", phone: "+15550100", message: "Hello", "order-number": "1042", topic: "Returns" },
      files: [{ field: "attachment", file }],
      token: "tok",
      v2token: "",
    });
    expect(Object.fromEntries([...data.entries()].filter(([, v]) => typeof v === "string"))).toEqual({
      action: "contact_front_form_save_data",
      widget: "3",
      channel: "7",
      nonce: "n0nce",
      ref_url: pageInfo.url,
      page_id: "0",
      page_title: pageInfo.title,
      token: "tok",
      v2token: "",
      name: "Ada",
      email: "ada@example.com",
      phone: "+15550100",
      message: "Hello",
      "custom_fields[0][slug]": "order-number",
      "custom_fields[0][label_text]": "Order number",
      "custom_fields[0][text]": "1042",
      "custom_fields[1][slug]": "attachment",
      "custom_fields[1][label_file]": "Attachment",
      "custom_fields[2][slug]": "topic",
      "custom_fields[2][label_dropdown]": "Topic",
      "custom_fields[2][dropdown]": "Returns",
    });
    const sent = data.getAll("custom_fields[1][file]");
    expect(sent).toHaveLength(1);
    expect((sent[0] as File).name).toBe("invoice.pdf");
    expect(await (sent[0] as File).text()).toBe("%PDF-1.4");
  });
  it("sends every chosen file of a field under its name", () => {
    const files = ["a.png", "b.png"].map((name) => ({ field: "attachment", file: new File(["x"], name) }));
    const data = contactFormData({
      widget: { id: 1, nonce: "n" },
      channel: { index: 0 },
      pageInfo,
      fields: DEMO_FIELDS,
      values: {},
      files,
      token: "",
      v2token: "",
    });
    expect(data.getAll("custom_fields[1][file]").map((f) => (f as File).name)).toEqual(["a.png", "b.png"]);
  });
});

describe("readContactAnswer", () => {
  it("status 1: the message, no redirect or close unless asked", () => {
    expect(readContactAnswer({ status: 1, message: "Got it." }, settings, pageInfo.url)).toEqual({
      kind: "success",
      message: "Got it.",
      redirect: null,
      closeAfterMs: null,
    });
    expect(readContactAnswer({ status: "1" }, settings, pageInfo.url)).toMatchObject({ message: "Thanks! We will get back to you soon." });
  });
  it("status 1 with redirect and auto-close (seconds × 1000 ms)", () => {
    const answer = {
      status: 1,
      message: "Sent",
      redirect_action: "yes",
      redirect_link: "/thanks",
      link_in_new_tab: "yes",
      close_form_after: "yes",
      close_form_after_seconds: 4,
    };
    expect(readContactAnswer(answer, settings, pageInfo.url)).toEqual({
      kind: "success",
      message: "Sent",
      redirect: { href: "https://shop.example/thanks", newTab: true },
      closeAfterMs: 4000,
    });
  });
  it("never redirects to anything but a web address", () => {
    const answer = { status: 1, redirect_action: "yes", redirect_link: "javascript:alert(1)" };
    expect(readContactAnswer(answer, settings, pageInfo.url)).toMatchObject({ redirect: null });
  });
  it("error=1: the field errors", () => {
    const errors = [{ field: "email", message: "Please enter a valid email address." }];
    expect(readContactAnswer({ status: 0, error: 1, errors, message: "Check the form." }, settings, pageInfo.url)).toEqual({
      kind: "field-errors",
      errors,
      message: "Check the form.",
    });
  });
  it("status 0, or anything unreadable: a general error", () => {
    expect(readContactAnswer({ status: 0, message: "Too many messages." }, settings, pageInfo.url)).toEqual({
      kind: "error",
      message: "Too many messages.",
    });
    expect(readContactAnswer(null, settings, pageInfo.url)).toEqual({
      kind: "error",
      message: "Your message could not be sent. Please try again.",
    });
    expect(readContactAnswer({ code: "rate_limited", message: "Slow down." }, settings, pageInfo.url)).toMatchObject({
      kind: "error",
      message: "Slow down.",
    });
  });
});
