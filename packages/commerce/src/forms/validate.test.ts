import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY } from "../money.ts";
import { CONTACT_FORM, CUSTOM_TEE_FORM, FEEDBACK_FORM } from "./demo.ts";
import { FORM_MESSAGES } from "./rules.ts";
import type { FormDefinition, FormField, FormValues, SubmittedFile } from "./types.ts";
import { PASSWORD_SET, type ValidateOptions, validateSubmission } from "./validate.ts";

const MB = 1024 * 1024;
const options: ValidateOptions = { now: new Date("2026-11-25T10:00:00Z"), currency: DEFAULT_CURRENCY };
const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", name: "Ada Lovelace" };
const PNG = "data:image/png;base64,iVBORw0KGgo=";

/** A field without its place: the kind's own settings (an Omit over each member of the union). */
type FieldSpec = FormField extends infer F ? (F extends FormField ? Omit<F, "id" | "page" | "label"> & { label?: string } : never) : never;

/** A one-page form holding one field (id 1), checked with `value`. */
function one(field: FieldSpec, value: FormValues[string], files: SubmittedFile[] = [], extra: Partial<ValidateOptions> = {}) {
  const definition: FormDefinition = { ...CONTACT_FORM, fields: [{ id: 1, page: 1, label: "Field", ...field } as FormField] };
  const values: FormValues = value === undefined ? {} : { 1: value };
  return validateSubmission(definition, values, files, { ...options, ...extra });
}
const errorOf = (...args: Parameters<typeof one>) => one(...args).fieldErrors["1"];

describe("the demo forms", () => {
  const contact: FormValues = {
    1: { first: "Ada", last: "Lovelace" },
    2: { primary: "ada@example.com", secondary: "ada@example.com" },
    3: "2",
    4: "Where is my order?",
  };

  it("contact: a full message passes and keeps its values", () => {
    const result = validateSubmission(CONTACT_FORM, contact, [{ fieldId: 5, name: "receipt.PDF", size: 2 * MB }], options);
    expect(result.fieldErrors).toEqual({});
    expect(result.ok).toBe(true);
    expect(result.values).toEqual({ 1: { first: "Ada", last: "Lovelace" }, 2: "ada@example.com", 3: "2", 4: "Where is my order?" });
    expect(result.totalMinor).toBe(0);
  });

  it("contact: empty, every required field says so", () => {
    const result = validateSubmission(CONTACT_FORM, {}, [], options);
    expect(result.ok).toBe(false);
    expect(result.fieldErrors).toEqual({
      1: { first: FORM_MESSAGES.required, last: FORM_MESSAGES.required },
      2: { primary: FORM_MESSAGES.required },
      3: FORM_MESSAGES.required,
      4: FORM_MESSAGES.required,
    });
  });

  it.each([
    [
      "emails that differ",
      { 2: { primary: "ada@example.com", secondary: "ada@example.co" } },
      { 2: { secondary: FORM_MESSAGES.mismatch } },
    ],
    ["a missing confirmation", { 2: { primary: "ada@example.com" } }, { 2: { secondary: FORM_MESSAGES.required } }],
    ["a bad email", { 2: { primary: "ada@", secondary: "ada@" } }, { 2: { primary: FORM_MESSAGES.email } }],
    ["a topic not offered", { 3: "9" }, { 3: FORM_MESSAGES.choice }],
    ["2,001 characters", { 4: "x".repeat(2001) }, { 4: "Please enter no more than 2000 characters." }],
  ])("contact: %s", (_, change, errors) => {
    const result = validateSubmission(CONTACT_FORM, { ...contact, ...change }, [], options);
    expect(result.fieldErrors).toEqual(errors);
  });

  it("contact: 2,000 characters (line breaks as one) pass", () => {
    expect(validateSubmission(CONTACT_FORM, { ...contact, 4: `${"x".repeat(1998)}\r\ny` }, [], options).fieldErrors).toEqual({});
  });

  it.each([
    ["three files", [1, 2, 3].map((n) => ({ fieldId: 5, name: `a${n}.png`, size: 10 })), "Please choose no more than 2 files."],
    ["an svg", [{ fieldId: 5, name: "logo.svg", size: 10 }], FORM_MESSAGES.fileExtension],
    ["a renamed program without an extension", [{ fieldId: 5, name: "setup", size: 10 }], FORM_MESSAGES.fileExtension],
    ["a file over 2 MB", [{ fieldId: 5, name: "a.jpg", size: 2 * MB + 1 }], "This file is larger than 2 MB."],
  ])("contact: attachment with %s", (_, files, message) => {
    expect(validateSubmission(CONTACT_FORM, contact, files, options).fieldErrors).toEqual({ 5: message });
  });

  const tee: FormValues = {
    1: { first: "Ada", last: "Lovelace" },
    2: "ada@example.com",
    4: { address1: "1 Main St", city: "Springfield", state: "il", postal: "62701", country: "US" },
    5: "2",
    6: "2",
    7: ["1"],
    8: "Happy birthday!",
    10: "2026-11-28",
    13: PNG,
    14: TEST_CARD,
    15: "1",
  };
  const design: SubmittedFile[] = [{ fieldId: 9, name: "design.png", size: 4 * MB }];

  it("custom-tee: Premium × 2 with Gift wrap is 61.00, and the card goes to the gateway only", () => {
    const result = validateSubmission(CUSTOM_TEE_FORM, tee, design, options);
    expect(result.fieldErrors).toEqual({});
    expect(result.totalMinor).toBe(6100);
    expect(result.card).toEqual({ fieldId: 14, number: "4242424242424242", expiry: "12/30", cvc: "123", name: "Ada Lovelace" });
    expect(result.values[14]).toEqual({ brand: "visa", last4: "4242", name: "Ada Lovelace" });
    expect(result.values[4]).toEqual({
      address1: "1 Main St",
      address2: "",
      city: "Springfield",
      state: "IL",
      postal: "62701",
      country: "US",
    });
    expect(result.values[12]).toBeUndefined();
    expect(JSON.stringify(result.values)).not.toContain("4242424242424242");
  });

  it("custom-tee: the design may be an SVG, as DEMO.md lists it, but not a web page", () => {
    expect(validateSubmission(CUSTOM_TEE_FORM, tee, [{ fieldId: 9, name: "design.svg", size: 1000 }], options).fieldErrors).toEqual({});
    expect(validateSubmission(CUSTOM_TEE_FORM, tee, [{ fieldId: 9, name: "design.html", size: 1000 }], options).fieldErrors).toEqual({
      9: FORM_MESSAGES.fileExtension,
    });
  });

  it("custom-tee: the gift message is required with Gift wrap, dropped without it", () => {
    expect(validateSubmission(CUSTOM_TEE_FORM, { ...tee, 8: "" }, design, options).fieldErrors).toEqual({ 8: FORM_MESSAGES.required });
    const result = validateSubmission(CUSTOM_TEE_FORM, { ...tee, 7: ["2"], 8: "dropped" }, design, options);
    expect(result.fieldErrors).toEqual({});
    expect(result.values[8]).toBeUndefined();
    expect(result.totalMinor).toBe(5600 + 1200);
  });

  it("custom-tee: the delivery date is at least 3 days ahead", () => {
    expect(validateSubmission(CUSTOM_TEE_FORM, { ...tee, 10: "2026-11-27" }, design, options).fieldErrors).toEqual({
      10: "Please choose 2026-11-28 or later.",
    });
    expect(
      validateSubmission(CUSTOM_TEE_FORM, { ...tee, 10: "2026-11-27" }, design, { ...options, today: "2026-11-24" }).fieldErrors,
    ).toEqual({});
  });

  it("custom-tee: design required, card required while the total is above 0, terms required", () => {
    const result = validateSubmission(CUSTOM_TEE_FORM, { ...tee, 13: "", 14: {}, 15: "" }, [], options);
    expect(result.fieldErrors).toEqual({
      9: FORM_MESSAGES.required,
      13: FORM_MESSAGES.required,
      14: { number: FORM_MESSAGES.required, expiry: FORM_MESSAGES.cardExpiry, cvc: FORM_MESSAGES.cardCvc },
      15: FORM_MESSAGES.required,
    });
    expect(result.card).toBeUndefined();
  });

  it("custom-tee: no style, no total, no card needed", () => {
    const result = validateSubmission(CUSTOM_TEE_FORM, { ...tee, 5: "", 7: [], 14: {} }, design, options);
    expect(result.fieldErrors).toEqual({ 5: FORM_MESSAGES.required });
    expect(result.totalMinor).toBe(0);
  });

  it("custom-tee: a tip below 0 is not an amount; a tip is kept as the field writes it", () => {
    expect(validateSubmission(CUSTOM_TEE_FORM, { ...tee, 11: "-1" }, design, options).fieldErrors).toEqual({
      11: "Please enter an amount such as 10.50.",
    });
    const result = validateSubmission(CUSTOM_TEE_FORM, { ...tee, 11: "1234.5" }, design, options);
    expect(result.values[11]).toBe("1,234.50");
    expect(result.totalMinor).toBe(6100 + 123450);
  });

  it("custom-tee: a tip with more decimals than the currency is refused, never rounded", () => {
    expect(validateSubmission(CUSTOM_TEE_FORM, { ...tee, 11: "0.005" }, design, options).fieldErrors).toEqual({
      11: "Please enter no more than 2 decimal places, such as 10.50.",
    });
    // Extra zeros round nothing.
    expect(validateSubmission(CUSTOM_TEE_FORM, { ...tee, 11: "1.500" }, design, options).values[11]).toBe("1.50");
  });

  const feedback: FormValues = { 1: "3", 2: { 1: "4", 2: "5" }, 3: "ada@shop.example", 6: "10:30 AM" };

  it("feedback: rating 3 passes without field 4, whose value is dropped", () => {
    const result = validateSubmission(FEEDBACK_FORM, { ...feedback, 4: "ignored" }, [], options);
    expect(result.fieldErrors).toEqual({});
    expect(result.values).toEqual({ 1: "3", 2: { 1: "4", 2: "5" }, 3: "ada@shop.example", 6: "10:30 AM" });
  });

  it("feedback: rating 2 makes field 4 required", () => {
    expect(validateSubmission(FEEDBACK_FORM, { ...feedback, 1: "2" }, [], options).fieldErrors).toEqual({ 4: FORM_MESSAGES.required });
    expect(validateSubmission(FEEDBACK_FORM, { ...feedback, 1: "2", 4: "Late" }, [], options).values[4]).toBe("Late");
  });

  it.each([
    ["restricted email", { 3: "jo@mailinator.com" }, { 3: FORM_MESSAGES.emailRestricted }],
    ["restricted subdomain", { 3: "jo@mx.example.org" }, { 3: FORM_MESSAGES.emailRestricted }],
    ["rating 6 of 5", { 1: "6" }, { 1: FORM_MESSAGES.choice }],
    ["rating 0 (logic reads it as sent: field 4 shows)", { 1: "0", 4: "Broken" }, { 1: FORM_MESSAGES.choice }],
    ["no rating", { 1: "" }, { 1: FORM_MESSAGES.required }],
    ["likert column 6 of 5", { 2: { 1: "6" } }, { 2: { 1: FORM_MESSAGES.choice } }],
    ["8:59 AM", { 6: "8:59 AM" }, { 6: "Please enter a time from 9:00 AM to 5:00 PM." }],
    ["5:01 PM", { 6: "5:01 PM" }, { 6: "Please enter a time from 9:00 AM to 5:00 PM." }],
    ["a 24-hour time in a 12-hour field", { 6: "14:00" }, { 6: FORM_MESSAGES.time12h }],
  ])("feedback: %s", (_, change, errors) => {
    expect(validateSubmission(FEEDBACK_FORM, { ...feedback, ...change }, [], options).fieldErrors).toEqual(errors);
  });

  it.each([["9:00 AM"], ["5:00 PM"], ["12:30 PM"]])("feedback: %s is within the hours", (time) => {
    expect(validateSubmission(FEEDBACK_FORM, { ...feedback, 6: time }, [], options).fieldErrors).toEqual({});
  });

  it("feedback: the restricted-email answer of the server refuses an address", () => {
    const refused = validateSubmission(FEEDBACK_FORM, feedback, [], {
      ...options,
      restrictedEmail: (field, email) => !(field === 3 && email.endsWith("shop.example")),
    });
    expect(refused.fieldErrors).toEqual({ 3: FORM_MESSAGES.emailRestricted });
  });

  it("feedback: a camera photo is kept; the total upload size is a general error", () => {
    const photo = [{ fieldId: 5, name: "photo.jpg", size: 3 * MB }];
    expect(validateSubmission(FEEDBACK_FORM, feedback, photo, options).files).toEqual(photo);
    const over = validateSubmission(FEEDBACK_FORM, feedback, photo, { ...options, maxTotalUploadBytes: 2 * MB });
    expect(over.ok).toBe(false);
    expect(over.generalErrors.footer).toBe("The selected files come to 3 MB, above the limit of 2 MB.");
    expect(validateSubmission(FEEDBACK_FORM, feedback, photo, { ...options, maxTotalUploadBytes: 3 * MB }).ok).toBe(true);
  });

  it("drops files and values sent for hidden or unknown fields", () => {
    const definition: FormDefinition = {
      ...CONTACT_FORM,
      fields: CONTACT_FORM.fields.map((field) =>
        field.id === 5 ? { ...field, logic: { action: "show", match: "all", rules: [{ field: 3, operator: "is", value: "3" }] } } : field,
      ),
    };
    const result = validateSubmission(
      definition,
      { ...contact, 99: "x" },
      [
        { fieldId: 5, name: "a.exe", size: 1 },
        { fieldId: 99, name: "b.png", size: 1 },
      ],
      options,
    );
    expect(result.fieldErrors).toEqual({});
    expect(result.files).toEqual([]);
    expect(result.values[99]).toBeUndefined();
  });
});

describe("field kinds", () => {
  it.each([
    ["below min", "4", "Please enter a value greater than or equal to 5"],
    ["at min", "5", undefined],
    ["at max", "100", undefined],
    ["above max", "100.5", "Please enter a value less than or equal to 100"],
    ["off the step from min", "11", "Please enter a value in steps of 5 from 5."],
    ["on the step from min", "15", undefined],
    ["not a number", "1e2", FORM_MESSAGES.number],
  ])("number %s", (_, value, error) => {
    expect(errorOf({ type: "number", min: 5, max: 100, step: 5, required: false }, value)).toBe(error);
  });

  it("url: https:// is prepended and kept", () => {
    expect(one({ type: "url", required: true }, "shop.example/a").values[1]).toBe("https://shop.example/a");
    expect(errorOf({ type: "url", required: true }, "not a url")).toBe(FORM_MESSAGES.url);
  });

  it.each([
    ["(555) 123-4567", undefined],
    ["(555) 123-456", "Please complete this field in the format (999) 999-9999."],
  ])("text with a mask: %j", (value, error) => {
    expect(errorOf({ type: "text", inputMask: "(999) 999-9999", required: false }, value)).toBe(error);
  });

  it.each([
    ["x".repeat(10), undefined],
    ["x".repeat(11), "Please enter no more than 10 characters."],
    ["😀".repeat(10), undefined],
  ])("text limit 10: %j", (value, error) => {
    expect(errorOf({ type: "text", maxLength: 10, required: false }, value)).toBe(error);
  });

  it.each([
    [{ primary: "Abcde1!x", secondary: "Abcde1!x" }, undefined],
    [{ primary: "Abcdefg1", secondary: "Abcdefg1" }, { primary: FORM_MESSAGES.passwordStrength }],
    [{ primary: "Abcde1!x", secondary: "Abcde1!y" }, { secondary: FORM_MESSAGES.mismatch }],
  ])("password at Medium: %j", (value, error) => {
    expect(errorOf({ type: "password", confirmation: true, minStrength: 2, required: true }, value)).toEqual(error);
  });

  it("passwords are read as typed (spaces count) and never kept", () => {
    const password = { type: "password" as const, confirmation: true, minStrength: 1 as const, required: true };
    expect(errorOf(password, { primary: "Abcde1 ", secondary: "Abcde1" })).toEqual({ secondary: FORM_MESSAGES.mismatch });
    const result = one(password, { primary: " pass word1 ", secondary: " pass word1 " });
    expect(result.values[1]).toBe(PASSWORD_SET);
    expect(JSON.stringify(result)).not.toContain("word1");
  });

  const checkbox = { type: "checkbox" as const, choices: [1, 2, 3].map((id) => ({ id, label: `C${id}` })), choiceLimit: 2, required: true };
  it.each([
    [["1", "2"], undefined],
    [["1", "2", "3"], "Please choose no more than 2 options."],
    [["1", "1", "2"], undefined],
    [["4"], FORM_MESSAGES.choice],
    [[], FORM_MESSAGES.required],
  ])("checkbox with a limit of 2: %j", (value, error) => {
    expect(errorOf(checkbox, value)).toBe(error);
  });

  it("checkbox with no limit (0) takes every choice", () => {
    expect(errorOf({ ...checkbox, choiceLimit: 0 }, ["1", "2", "3"])).toBeUndefined();
  });

  it.each([
    ["23:00", undefined],
    ["01:30", undefined],
    ["12:00", "Please enter a time from 22:00 to 02:00."],
  ])("time 24h from 22:00 to 02:00 (past midnight): %s", (value, error) => {
    expect(errorOf({ type: "time", format: "24h", minTime: "22:00", maxTime: "02:00", required: false }, value)).toBe(error);
  });

  it.each([
    ["2026-12-01", "Please choose 2026-12-02 or later."],
    ["2026-12-31", undefined],
    ["2027-01-01", "Please choose 2026-12-31 or earlier."],
    ["2026-02-30", FORM_MESSAGES.date],
  ])("date between its bounds: %s", (value, error) => {
    expect(errorOf({ type: "date", minDate: "2026-12-02", maxDate: "2026-12-31", required: false }, value)).toBe(error);
  });

  it("camera: required means a photo or a chosen file", () => {
    const camera = { type: "camera" as const, extensions: ["jpg", "png"], maxFileBytes: MB, required: true };
    expect(errorOf(camera, undefined)).toBe(FORM_MESSAGES.required);
    expect(errorOf(camera, undefined, [{ fieldId: 1, name: "capture.jpg", size: MB }])).toBeUndefined();
    expect(errorOf(camera, undefined, [{ fieldId: 1, name: "capture.jpg", size: MB + 1 }])).toBe("This file is larger than 1 MB.");
  });

  it.each([
    [PNG, undefined],
    ["Ada Lovelace", undefined],
    ["data:text/html;base64,PHNjcmlwdD4=", FORM_MESSAGES.signature],
    ["data:image/png;base64,<svg>", FORM_MESSAGES.signature],
  ])("signature %j", (value, error) => {
    expect(errorOf({ type: "signature", required: true }, value)).toBe(error);
  });

  const address = { type: "address" as const, preferredCountries: ["US"], address2: false, required: true };
  it.each([
    [{ address1: "1 Main", city: "Paris", postal: "75001", country: "FR", state: "Île" }, undefined, ""],
    [{ address1: "1 Main", city: "Austin", postal: "78701", country: "US", state: "Texas" }, undefined, "TX"],
    [{ address1: "1 Main", city: "Austin", postal: "78701", country: "US" }, { state: FORM_MESSAGES.required }, ""],
    [{ address1: "1 Main", city: "Austin", postal: "78701", country: "US", state: "Narnia" }, { state: FORM_MESSAGES.choice }, ""],
    [{ address1: "1 Main", city: "Austin", postal: "7870", country: "US", state: "TX" }, { postal: "Please enter a valid postcode." }, ""],
    [{ address1: "1 Main", city: "X", postal: "1", country: "ZZ" }, { country: FORM_MESSAGES.choice }, ""],
    [
      {},
      { address1: FORM_MESSAGES.required, city: FORM_MESSAGES.required, postal: FORM_MESSAGES.required, country: FORM_MESSAGES.required },
      "",
    ],
  ])("address %j", (value, error, state) => {
    const result = one(address, value);
    expect(result.fieldErrors["1"]).toEqual(error);
    if (!error) expect((result.values[1] as Record<string, string>).state).toBe(state);
  });

  const amount = { type: "payment-user-amount" as const, minimumMinor: 500 };
  it.each([
    [false, "5.00", undefined],
    [false, "4.99", "Please enter at least 5.00."],
    [true, "0", FORM_MESSAGES.requiredPayment],
    [false, "", undefined],
    [true, "", FORM_MESSAGES.required],
    [false, "5,000", undefined],
    // Separators that group no thousands are no amount (a decimal comma in a shop that writes "1,000.00").
    [false, "5,00,0", "Please enter an amount such as 10.50."],
    [false, "1,5", "Please enter an amount such as 10.50."],
  ])("user amount (required %s) %j", (required, value, error) => {
    expect(errorOf({ ...amount, required }, value)).toBe(error);
  });

  it("payment total, when required, must be above 0", () => {
    const definition: FormDefinition = {
      ...CONTACT_FORM,
      fields: [
        {
          id: 1,
          page: 1,
          type: "payment-checkbox",
          label: "Extras",
          choices: [{ id: 1, label: "A", priceMinor: 100 }],
          showImages: false,
          choiceLimit: 0,
          required: false,
        },
        { id: 2, page: 1, type: "payment-total", label: "Total", summary: true, required: true },
      ],
    };
    expect(validateSubmission(definition, {}, [], options).fieldErrors).toEqual({ 2: FORM_MESSAGES.requiredPayment });
    expect(validateSubmission(definition, { 1: ["1"] }, [], options).fieldErrors).toEqual({});
  });

  it.each([
    [{ ...TEST_CARD, number: "4242 4242 4242 4241" }, { number: FORM_MESSAGES.creditCard }],
    [{ ...TEST_CARD, expiry: "01/20" }, { expiry: FORM_MESSAGES.cardExpiry }],
    [{ ...TEST_CARD, cvc: "12" }, { cvc: FORM_MESSAGES.cardCvc }],
    [{ ...TEST_CARD, number: "3782 822463 10005", cvc: "1234" }, undefined],
  ])("credit card %j", (card, error) => {
    const definition: FormDefinition = {
      ...CONTACT_FORM,
      fields: [
        { id: 1, page: 1, type: "payment-single", label: "Fee", priceMinor: 100, required: false },
        { id: 2, page: 1, type: "credit-card", label: "Card", required: true },
      ],
    };
    expect(validateSubmission(definition, { 2: card }, [], options).fieldErrors["2"]).toEqual(error);
  });

  it("payment quantity within its bounds", () => {
    const quantity = { type: "payment-quantity" as const, forField: 9, min: 1, max: 10 };
    expect(errorOf({ ...quantity, required: false }, "0")).toBe("Please enter a value greater than or equal to 1");
    expect(errorOf({ ...quantity, required: false }, "11")).toBe("Please enter a value less than or equal to 10");
    expect(errorOf({ ...quantity, required: false }, "2.5")).toBe(FORM_MESSAGES.integer);
    expect(one({ ...quantity, required: false, default: "3" }, "").values[1]).toBe("3");
  });

  it("likert: required means every row answered", () => {
    const likert = { type: "likert" as const, rows: ["A", "B"], columns: ["No", "Yes"], multiple: false, required: true };
    expect(errorOf(likert, { 1: "2" })).toEqual({ 2: FORM_MESSAGES.required });
    expect(one(likert, { 1: "2", 2: "1" }).values[1]).toEqual({ 1: "2", 2: "1" });
  });

  it("name, simple format, and display-only kinds keep nothing", () => {
    expect(one({ type: "name", format: "simple", required: true }, " Ada ").values[1]).toBe("Ada");
    expect(one({ type: "html", content: "<p>Hi</p>", required: false }, "x").values).toEqual({});
    expect(one({ type: "checkbox-terms", text: "I accept", required: true }, "yes").values[1]).toBe("1");
  });
});
