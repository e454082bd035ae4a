import { describe, expect, it } from "vitest";
import {
  CONTACT_FILE_ACCEPT,
  CONTACT_FILE_EXTENSIONS,
  checkContactForm,
  contactTextLimit,
  fileExtension,
  isValidDate,
  isValidEmail,
  isValidUrl,
  CONTACT_FORM_MESSAGES as M,
} from "./contact-form.ts";
import { defaultChannel, defaultContactField } from "./defaults.ts";
import type { ContactField } from "./types.ts";

const custom = (field: string, type: string, options: Partial<ContactField> = {}) =>
  defaultContactField(field, type, field, { is_custom: true, ...options });

/** The checks of one field alone. */
function errorsFor(field: ContactField, value: string, files: { field: string; name: string }[] = []) {
  return checkContactForm([field], { [field.field]: value }, files);
}

describe("checkContactForm: required fields (spec §5.3)", () => {
  const fields = defaultChannel("Contact_Us").contact_fields; // name, email, message, all required

  it("refuses empty and whitespace-only values, one error per field in the fields' order", () => {
    expect(checkContactForm(fields, { name: "  ", email: "", message: "\n\t" }, [])).toEqual([
      { field: "name", message: "This field is required." },
      { field: "email", message: "This field is required." },
      { field: "message", message: "This field is required." },
    ]);
  });

  it("accepts a complete form", () => {
    expect(checkContactForm(fields, { name: "Jane", email: "jane@example.com", message: "Hello" }, [])).toEqual([]);
  });

  it("lets optional fields stay empty and checks them when filled", () => {
    const phone = defaultContactField("phone", "tel", "Phone");
    expect(errorsFor(phone, "")).toEqual([]);
    expect(errorsFor(phone, "12ab")).toEqual([{ field: "phone", message: M.phone }]);
  });

  it("reads missing values as empty and skips text blocks", () => {
    expect(checkContactForm([custom("notice", "textblock", { is_required: true })], {}, [])).toEqual([]);
    expect(checkContactForm([custom("order", "text", { is_required: true })], {}, [])).toEqual([{ field: "order", message: M.required }]);
  });
});

describe("email rules (WPForms, reference §2)", () => {
  it.each([
    ["jane@example.com", true],
    ["a@b.co", true],
    ["first.last+tag@sub.example.co.uk", true],
    ["o'brien@example.ie", true],
    ["jane@bücher.de", true],
    ["  jane@example.com  ", true],
    ["a@b.c", false], // 5 characters
    ["jane.example.com", false],
    ["jane@@example.com", false],
    ["ja@ne@example.com", false],
    ["jane@example", false],
    ["jane@-example.com", false],
    ["jane@example-.com", false],
    ["jane@exa_mple.com", false],
    ["jane@example..com", false],
    [".jane@example.com", false],
    ["jane@example.com.", false],
    ["ja..ne@example.com", false],
    ["jane doe@example.com", false],
    ["jane(x)@example.com", false],
    [`${"a".repeat(64)}@example.com`, false],
    [`${"a".repeat(63)}@example.com`, true],
    [`jane@${"a".repeat(64)}.com`, false],
    [`jane@${"a".repeat(63)}.com`, true],
  ])("%j → %s", (address, valid) => {
    expect(isValidEmail(address)).toBe(valid);
  });

  it("refuses addresses over 254 characters", () => {
    const domain = `${Array(49).fill("abcdefgh").join(".")}.com`; // 445 characters
    expect(isValidEmail(`j@${domain}`)).toBe(false);
    const fits = `j@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(56)}.com`; // 254
    expect(fits).toHaveLength(254);
    expect(isValidEmail(fits)).toBe(true);
    expect(isValidEmail(`j${fits}`)).toBe(false);
  });

  it("is checked on the standard email field and on any email-typed field", () => {
    expect(errorsFor(defaultContactField("email", "text", "Email"), "nope")).toEqual([{ field: "email", message: M.email }]);
    expect(errorsFor(custom("backup", "email"), "nope@")).toEqual([{ field: "backup", message: M.email }]);
  });
});

describe("phone, number, url, date and dropdown fields", () => {
  it.each([
    ["+15550102030", true],
    ["015550102030", true],
    ["+", false],
    ["++1555", false],
    ["1555+", false],
    ["+1 555 010", false],
    ["+1-555", false],
    ["555x", false],
  ])("phone %j → %s", (value, valid) => {
    expect(errorsFor(defaultContactField("phone", "tel", "Phone"), value)).toEqual(valid ? [] : [{ field: "phone", message: M.phone }]);
  });

  it.each([
    ["12345", true],
    ["-3", true],
    ["2.5", true],
    ["1e5", false],
    ["12 345", false],
    ["abc", false],
  ])("number %j → %s", (value, valid) => {
    expect(errorsFor(custom("qty", "number"), value)).toEqual(valid ? [] : [{ field: "qty", message: M.number }]);
  });

  it.each([
    ["https://example.com/help?a=1", true],
    ["http://shop.example.org", true],
    ["example.com/path", true],
    ["javascript:alert(1)", false],
    ["ftp://example.com/file", false],
    ["not a url", false],
    ["localhost", false],
    ["https://", false],
  ])("url %j → %s", (value, valid) => {
    expect(isValidUrl(value)).toBe(valid);
    expect(errorsFor(custom("site", "url"), value)).toEqual(valid ? [] : [{ field: "site", message: M.url }]);
  });

  it.each([
    ["2026-11-24", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
    ["24/11/2026", false],
    ["2026-1-5", false],
  ])("date %j → %s", (value, valid) => {
    expect(isValidDate(value)).toBe(valid);
    expect(errorsFor(custom("when", "date"), value)).toEqual(valid ? [] : [{ field: "when", message: M.date }]);
  });

  it.each([
    ["Returns", true],
    [" Returns ", true],
    ["Wholesale", true],
    ["returns", false],
    ["Something else", false],
  ])("dropdown %j → %s", (value, valid) => {
    const topic = custom("topic", "dropdown", { field_dropdown: ["Order question", "Returns", " Wholesale "] });
    expect(errorsFor(topic, value)).toEqual(valid ? [] : [{ field: "topic", message: M.dropdown }]);
  });

  it.each([
    ["name", defaultContactField("name", "text", "Name"), 200],
    ["phone", defaultContactField("phone", "tel", "Phone"), 40],
    ["message", defaultContactField("message", "textarea", "Message"), 5000],
    ["a custom line", custom("order", "text"), 500],
    ["a custom text", custom("details", "textarea"), 1000],
  ])("limits %s to %i characters, the bound its input is given (contactTextLimit)", (_, field, limit) => {
    expect(contactTextLimit(field)).toBe(limit);
    const value = (length: number) => (field.field === "phone" ? "1" : "x").repeat(length);
    expect(errorsFor(field, value(limit))).toEqual([]);
    expect(errorsFor(field, value(limit + 1))).toEqual([{ field: field.field, message: `Please enter no more than ${limit} characters.` }]);
  });
});

describe("file fields (spec §5.3 extensions)", () => {
  const attachment = custom("attachment", "file");

  it("list the spec's 23 extensions", () => {
    expect(CONTACT_FILE_EXTENSIONS).toEqual(
      "jpg jpeg png gif pdf doc docx ppt pptx pps ppsx odt xls xlsx mp3 mp4 wav mpg avi mov wmv 3gp ogv".split(" "),
    );
    expect(CONTACT_FILE_ACCEPT.startsWith(".jpg,.jpeg,.png,")).toBe(true);
  });

  it.each([
    ["photo.JPG", true],
    ["scan.pdf", true],
    ["clip.3gp", true],
    ["slides.ppsx", true],
    ["C:\\Users\\jane\\report.docx", true],
    ["archive.tar.gz", false],
    ["drawing.svg", false],
    ["page.html", false],
    ["setup.exe", false],
    ["invoice.pdf.exe", false],
    ["noextension", false],
    [".pdf", true],
    ["pdf.", false],
  ])("%j → %s", (name, allowed) => {
    expect(errorsFor(attachment, "", [{ field: "attachment", name }])).toEqual(
      allowed ? [] : [{ field: "attachment", message: M.fileType }],
    );
  });

  it("refuse the whole field when one of several files is not allowed, and count only the field's own files", () => {
    expect(
      errorsFor(attachment, "", [
        { field: "attachment", name: "a.png" },
        { field: "attachment", name: "b.exe" },
      ]),
    ).toEqual([{ field: "attachment", message: M.fileType }]);
    const required = custom("attachment", "file", { is_required: true });
    expect(errorsFor(required, "", [{ field: "other", name: "a.png" }])).toEqual([{ field: "attachment", message: M.required }]);
    expect(errorsFor(required, "", [{ field: "attachment", name: "a.png" }])).toEqual([]);
  });

  it("read extensions in lower case", () => {
    expect([fileExtension("A.PDF"), fileExtension("x"), fileExtension("dir.v2/file")]).toEqual(["pdf", "", ""]);
  });
});

describe("the message catalogue", () => {
  it("holds the spec's library texts", () => {
    expect(M.required).toBe("This field is required.");
    expect(M.email).toBe("Please enter a valid email address.");
    expect(M.suggestion.replace("{suggestion}", "jane@gmail.com")).toBe("Did you mean jane@gmail.com?");
  });
});
