/**
 * One table per field kind whose rule the other tables leave out (spec §5.4): phones and masks,
 * paragraphs, single and multiple choices with their limits, image and payment choices, ratings,
 * uploads and camera pictures, and the kinds that only display.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY } from "../money.ts";
import { CONTACT_FORM } from "./demo.ts";
import { FORM_MESSAGES, fill } from "./rules.ts";
import type { FormDefinition, FormField, FormInput, SubmittedFile } from "./types.ts";
import { validateSubmission } from "./validate.ts";

const MB = 1024 * 1024;
const options = { now: new Date("2026-11-25T10:00:00Z"), currency: DEFAULT_CURRENCY };
const CHOICES = [
  { id: 1, label: "Red" },
  { id: 2, label: "Green" },
  { id: 3, label: "Blue" },
];
const PRICED = CHOICES.map((choice, index) => ({ ...choice, priceMinor: (index + 1) * 500 }));

/** One field (id 1) on a one-page form: its error, or its kept value. */
function check(field: Record<string, unknown>, value: FormInput | undefined, files: SubmittedFile[] = []) {
  const definition: FormDefinition = {
    ...CONTACT_FORM,
    fields: [{ id: 1, page: 1, label: "Field", required: false, ...field } as FormField],
  };
  const result = validateSubmission(definition, value === undefined ? {} : { 1: value }, files, options);
  return result.ok ? { value: result.values[1] } : { error: result.fieldErrors[1] };
}

describe("tel: 4–15 digits with + ( ) . - and spaces, or a complete mask", () => {
  it.each([
    ["+1 (555) 010-0199", true],
    ["555-0100", true],
    ["+44 20 7946 0958", true],
    ["020.7946.0958", true],
    ["1234", true],
    ["123", false],
    [`+${"1".repeat(16)}`, false],
    ["12a4567", false],
    ["++1 555 0100", false],
    ["+", false],
  ])("%j → %s", (phone, ok) => {
    expect(check({ type: "tel" }, phone)).toEqual(ok ? { value: phone } : { error: FORM_MESSAGES.phone });
  });
  it.each([
    ["(555) 010-0199", true],
    ["(555) 010-019", false],
    ["555 010 0199", false],
  ])("mask (999) 999-9999: %j → %s", (phone, ok) => {
    expect(check({ type: "tel", inputMask: "(999) 999-9999" }, phone)).toEqual(
      ok ? { value: phone } : { error: fill(FORM_MESSAGES.mask, { 0: "(999) 999-9999" }) },
    );
  });
});

describe("text and textarea: trimmed, line ends as \\n, the field's maximum in characters", () => {
  it("a paragraph keeps its lines", () => {
    expect(check({ type: "textarea" }, "  one\r\ntwo\rthree  ")).toEqual({ value: "one\ntwo\nthree" });
  });
  it.each([
    ["textarea", "é".repeat(10), true],
    ["textarea", "é".repeat(11), false],
    ["text", "😀".repeat(10), true],
    ["text", "😀".repeat(11), false],
  ])("%s of %j within 10", (type, value, ok) => {
    expect(check({ type, maxLength: 10 }, value)).toEqual(ok ? { value } : { error: fill(FORM_MESSAGES.maxLength, { 0: 10 }) });
  });
  it("required and empty", () => {
    expect(check({ type: "textarea", required: true }, "   ")).toEqual({ error: FORM_MESSAGES.required });
  });
});

describe("choices: only the offered ones, one or several, within the limit", () => {
  it.each([
    [{ type: "select", choices: CHOICES, multiple: false }, "2", { value: "2" }],
    [{ type: "select", choices: CHOICES, multiple: false }, "9", { error: FORM_MESSAGES.choice }],
    [{ type: "select", choices: CHOICES, multiple: true }, ["1", "3", "1"], { value: ["1", "3"] }],
    [{ type: "select", choices: CHOICES, multiple: true }, ["1", "Red"], { error: FORM_MESSAGES.choice }],
    [{ type: "radio", choices: CHOICES }, "3", { value: "3" }],
    [{ type: "radio", choices: CHOICES }, "Blue", { error: FORM_MESSAGES.choice }],
    [{ type: "radio", choices: CHOICES, required: true }, "", { error: FORM_MESSAGES.required }],
    [{ type: "image-choice", choices: CHOICES, multiple: true, choiceLimit: 2 }, ["1", "2"], { value: ["1", "2"] }],
    [
      { type: "image-choice", choices: CHOICES, multiple: true, choiceLimit: 2 },
      ["1", "2", "3"],
      { error: fill(FORM_MESSAGES.checkLimit, { "#": 2 }) },
    ],
    [{ type: "image-choice", choices: CHOICES, multiple: false, choiceLimit: 0 }, "2", { value: "2" }],
    [{ type: "payment-multiple", choices: PRICED, showImages: false }, "2", { value: "2" }],
    [{ type: "payment-multiple", choices: PRICED, showImages: false }, "4", { error: FORM_MESSAGES.choice }],
    [{ type: "payment-select", choices: PRICED, showImages: false }, "1", { value: "1" }],
    [{ type: "payment-select", choices: PRICED, showImages: false, required: true }, undefined, { error: FORM_MESSAGES.required }],
  ])("%j with %j", (field, value, outcome) => {
    expect(check(field, value)).toEqual(outcome);
  });
});

describe("rating: a whole number of stars from 1 to the scale", () => {
  it.each([
    ["1", { value: "1" }],
    ["05", { value: "5" }],
    ["5", { value: "5" }],
    ["6", { error: FORM_MESSAGES.choice }],
    ["0", { error: FORM_MESSAGES.choice }],
    ["2.5", { error: FORM_MESSAGES.choice }],
    ["-1", { error: FORM_MESSAGES.choice }],
  ])("%j of 5", (value, outcome) => {
    expect(check({ type: "rating", scale: 5 }, value)).toEqual(outcome);
  });
});

describe("uploads and camera: count, extension, size (spec §5.4; png, jpg, jpeg, gif by default)", () => {
  const upload = { type: "file-upload", extensions: ["png", "jpg", "jpeg", "gif", "pdf"], maxFileBytes: 2 * MB, maxFiles: 2 };
  const file = (name: string, size = 1000): SubmittedFile => ({ fieldId: 1, name, size });
  it.each([
    [[file("a.png"), file("b.PDF")], {}],
    [[file("a.png"), file("b.png"), file("c.png")], { error: fill(FORM_MESSAGES.fileCount, { 0: 2 }) }],
    [[file("a.exe")], { error: FORM_MESSAGES.fileExtension }],
    [[file("a.png.exe")], { error: FORM_MESSAGES.fileExtension }],
    [[file("png")], { error: FORM_MESSAGES.fileExtension }],
    [[file("a.png", 2 * MB)], {}],
    [[file("a.png", 2 * MB + 1)], { error: fill(FORM_MESSAGES.fileSize, { 0: "2" }) }],
  ])("%j", (files, outcome) => {
    const result = check(upload, undefined, files);
    expect("error" in result ? result : {}).toEqual(outcome);
  });
  it("a required camera field needs its picture", () => {
    const camera = { type: "camera", extensions: ["png", "jpg", "jpeg", "gif"], maxFileBytes: 5 * MB, required: true };
    expect(check(camera, undefined)).toEqual({ error: FORM_MESSAGES.required });
    expect(check(camera, undefined, [file("me.jpg")])).toEqual({ value: undefined });
    expect(check(camera, undefined, [file("me.jpg"), file("you.jpg")])).toEqual({ error: fill(FORM_MESSAGES.fileCount, { 0: 1 }) });
  });
});

describe("kinds that only display keep nothing, whatever is sent", () => {
  it.each([{ type: "html", html: "<p>Hi</p>" }, { type: "section" }, { type: "captcha" }])("%j", (field) => {
    expect(check(field, "injected")).toEqual({ value: undefined });
  });
});
