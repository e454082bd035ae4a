import { describe, expect, it } from "vitest";
import { checkDefinition, type DefinitionError } from "./definition-check.ts";
import { CONTACT_FORM, CUSTOM_TEE_FORM, DEMO_FORMS, FEEDBACK_FORM } from "./demo.ts";
import type { FormDefinition } from "./types.ts";

// biome-ignore lint/suspicious/noExplicitAny: the tests change the JSON document freely
type Json = any;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
function errorsOf(input: unknown): DefinitionError[] {
  const result = checkDefinition(input);
  return "errors" in result ? result.errors : [];
}
/** The demo contact form with one change made to a copy. */
function contactWith(change: (form: Json) => void): unknown {
  const form = clone(CONTACT_FORM) as unknown as Json;
  change(form);
  return form;
}

describe("checkDefinition", () => {
  it.each(DEMO_FORMS.map((form) => [form.slug, form]))("accepts the demo form %s as it is", (_, form) => {
    expect(checkDefinition(clone(form))).toEqual({ definition: form });
  });

  it("drops unknown keys and fills defaults", () => {
    const result = checkDefinition({
      slug: "short",
      title: "Short",
      pages: [{}],
      fields: [{ id: 1, type: "text", label: "Name", extra: "x" }],
      junk: true,
    });
    expect(result).toMatchObject({
      definition: {
        id: 0,
        pages: [{ title: "" }],
        fields: [{ id: 1, page: 1, type: "text", label: "Name", required: false }],
        settings: { submitText: "Submit", antiSpam: { honeypot: true, captcha: "none", token: true, minSeconds: 0 }, ajax: true },
      },
    });
    expect(JSON.stringify(result)).not.toContain("extra");
    expect(JSON.stringify(result)).not.toContain("junk");
  });

  it.each([
    ["not an object", "x", [{ path: "", message: "must be an object" }]],
    [
      "a bad slug",
      contactWith((f) => (f.slug = "Contact Us")),
      [{ path: "slug", message: "must be lower-case letters, digits and single hyphens" }],
    ],
    ["no pages", contactWith((f) => (f.pages = [])), [{ path: "pages", message: "must not be empty" }]],
    [
      "a field on a page that does not exist",
      contactWith((f) => (f.fields[0].page = 2)),
      [{ path: "fields.0.page", message: "must be from 1 to 1" }],
    ],
    [
      "two fields with one id",
      contactWith((f) => (f.fields[1].id = 1)),
      [{ path: "fields.1.id", message: "is used by another field (1)" }],
    ],
    [
      "an unknown kind",
      contactWith((f) => (f.fields[0].type = "color")),
      [{ path: "fields.0.type", message: expect.stringContaining("must be one of name, email") }],
    ],
    ["an empty label", contactWith((f) => (f.fields[0].label = " ")), [{ path: "fields.0.label", message: "must not be empty" }]],
    ["no choices", contactWith((f) => (f.fields[2].choices = [])), [{ path: "fields.2.choices", message: "must not be empty" }]],
    [
      "two choices with one id",
      contactWith((f) => (f.fields[2].choices[1].id = 1)),
      [{ path: "fields.2.choices.1.id", message: "is used by another choice" }],
    ],
    [
      "a default that is no choice",
      contactWith((f) => (f.fields[2].default = "7")),
      [{ path: "fields.2.default", message: "must be the id of one of the choices" }],
    ],
    [
      "script uploads",
      contactWith((f) => f.fields[4].extensions.push("js")),
      [{ path: "fields.4.extensions.4", message: "js files are never accepted (they can carry scripts or programs)" }],
    ],
    [
      "html uploads",
      contactWith((f) => (f.fields[4].extensions = [".HTML"])),
      [{ path: "fields.4.extensions.0", message: "html files are never accepted (they can carry scripts or programs)" }],
    ],
    [
      "exe uploads",
      contactWith((f) => (f.fields[4].extensions = ["exe"])),
      [{ path: "fields.4.extensions.0", message: "exe files are never accepted (they can carry scripts or programs)" }],
    ],
    [
      "an unknown extension",
      contactWith((f) => (f.fields[4].extensions = ["psd"])),
      [{ path: "fields.4.extensions.0", message: expect.stringContaining("must be one of png, jpg") }],
    ],
    [
      "files over 50 MB",
      contactWith((f) => (f.fields[4].maxFileBytes = 50 * 1024 * 1024 + 1)),
      [{ path: "fields.4.maxFileBytes", message: "must be from 1 to 52428800" }],
    ],
    ["21 files", contactWith((f) => (f.fields[4].maxFiles = 21)), [{ path: "fields.4.maxFiles", message: "must be from 1 to 20" }]],
    [
      "a character limit of 0",
      contactWith((f) => (f.fields[3].maxLength = 0)),
      [{ path: "fields.3.maxLength", message: "must be from 1 to 20000" }],
    ],
    [
      "a css class with markup",
      contactWith((f) => (f.fields[0].cssClass = '"><script>')),
      [{ path: "fields.0.cssClass", message: "may hold only letters, digits, spaces, - and _" }],
    ],
    [
      "a redirect to script",
      contactWith((f) => (f.settings.confirmation = { type: "redirect", url: "javascript:alert(1)", newTab: false })),
      [{ path: "settings.confirmation.url", message: "must be an https:// address or a path on this site" }],
    ],
    [
      "a confirmation page off the site",
      contactWith((f) => (f.settings.confirmation = { type: "page", path: "//evil.example" })),
      [{ path: "settings.confirmation.path", message: "must be a path on this site" }],
    ],
    [
      "an unknown captcha",
      contactWith((f) => (f.settings.antiSpam.captcha = "mine")),
      [{ path: "settings.antiSpam.captcha", message: expect.stringContaining("must be one of none, altcha") }],
    ],
    [
      "a minimum time over 10 minutes",
      contactWith((f) => (f.settings.antiSpam.minSeconds = 601)),
      [{ path: "settings.antiSpam.minSeconds", message: "must be from 0 to 600" }],
    ],
    [
      "a minimum time in part seconds",
      contactWith((f) => (f.settings.antiSpam.minSeconds = 2.5)),
      [{ path: "settings.antiSpam.minSeconds", message: "must be a whole number" }],
    ],
    [
      "a minimum time without the token it is counted from",
      contactWith((f) => (f.settings.antiSpam = { honeypot: true, captcha: "none", token: false, minSeconds: 5 })),
      [{ path: "settings.antiSpam.minSeconds", message: "needs the signed form token on" }],
    ],
    [
      "a visitor notice without an email field",
      contactWith((f) => (f.settings.notifications.visitor = { enabled: true, emailField: 4, subject: "", message: "" })),
      [{ path: "settings.notifications.visitor.emailField", message: "must name an email field of the form" }],
    ],
    [
      "a bad indicator colour",
      contactWith((f) => (f.settings.pageIndicator.color = "red")),
      [{ path: "settings.pageIndicator.color", message: "must be a colour such as #066aab" }],
    ],
  ])("refuses %s", (_, input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });

  it.each([
    [
      "a rule over a field that does not exist",
      (f: Json) => (f.fields[7].logic.rules[0].field = 99),
      "fields.7.logic.rules.0.field",
      "names no field of the form (99)",
    ],
    ["a rule over itself", (f: Json) => (f.fields[7].logic.rules[0].field = 8), "fields.7.logic.rules.0.field", "must name another field"],
    [
      "a rule over the order summary",
      (f: Json) => (f.fields[7].logic.rules[0].field = 12),
      "fields.7.logic.rules.0.field",
      "must name a field the visitor fills in",
    ],
    [
      "an unknown operator",
      (f: Json) => (f.fields[7].logic.rules[0].operator = "~"),
      "fields.7.logic.rules.0.operator",
      expect.stringContaining("must be one of is, is_not"),
    ],
    [
      "a > rule without a number",
      (f: Json) => (f.fields[7].logic.rules[0] = { field: 7, operator: ">", value: "many" }),
      "fields.7.logic.rules.0.value",
      "must be a number",
    ],
    ["no rules", (f: Json) => (f.fields[7].logic.rules = []), "fields.7.logic.rules", "must not be empty"],
    [
      "a rule over a choice since removed",
      (f: Json) => (f.fields[6].choices = f.fields[6].choices.filter((choice: Json) => choice.id !== 1)),
      "fields.7.logic.rules.0.value",
      'names no choice of "Extras" (1): choose one of its choices',
    ],
    [
      "an is-not rule naming a choice by its label",
      (f: Json) => (f.fields[7].logic.rules[0] = { field: 7, operator: "is_not", value: "Gift wrap" }),
      "fields.7.logic.rules.0.value",
      'names no choice of "Extras" (Gift wrap): choose one of its choices',
    ],
    [
      "a rule over a field of a later page",
      (f: Json) => (f.fields[7].page = 1),
      "fields.7.logic.rules.0.field",
      'names "Extras" of page 2, which the visitor reaches after this field\'s page 1: choose a field of page 1 or before',
    ],
    [
      "a quantity for a field that is not priced",
      (f: Json) => (f.fields[5].forField = 2),
      "fields.5.forField",
      "must name a single-item, multiple-choice or dropdown payment field",
    ],
    [
      "a quantity for checkboxes",
      (f: Json) => (f.fields[5].forField = 7),
      "fields.5.forField",
      "must name a single-item, multiple-choice or dropdown payment field",
    ],
    [
      "a quantity default above its max",
      (f: Json) => (f.fields[5].default = "11"),
      "fields.5.default",
      "must be a quantity from min to max",
    ],
    [
      "a negative price",
      (f: Json) => (f.fields[4].choices[0].priceMinor = -1),
      "fields.4.choices.0.priceMinor",
      "must be from 0 to 10000000000",
    ],
    [
      "a price in decimals",
      (f: Json) => (f.fields[4].choices[0].priceMinor = 20.5),
      "fields.4.choices.0.priceMinor",
      "must be a whole number",
    ],
    [
      "an image from a script address",
      (f: Json) => (f.fields[4].choices[0].imageUrl = "javascript:x"),
      "fields.4.choices.0.imageUrl",
      "must be an https:// address or a path on this site",
    ],
    [
      "two card fields",
      (f: Json) => f.fields.push({ ...f.fields[13], id: 16 }),
      "fields.15.type",
      "a form has at most one credit-card field",
    ],
    [
      "a country that does not exist",
      (f: Json) => (f.fields[3].preferredCountries = ["XX"]),
      "fields.3.preferredCountries.0",
      "must be a country code such as US",
    ],
    ["a date that does not exist", (f: Json) => (f.fields[9].maxDate = "2026-02-30"), "fields.9.maxDate", "must be a date as YYYY-MM-DD"],
  ])("custom-tee: refuses %s", (_, change, path, message) => {
    const form = clone(CUSTOM_TEE_FORM) as unknown as Json;
    change(form);
    expect(errorsOf(form)).toEqual([{ path, message }]);
  });

  it("takes a rule over a field of the same page or an earlier one", () => {
    const form = clone(CUSTOM_TEE_FORM) as unknown as Json;
    (form.fields as Json[])[7] = {
      ...(form.fields as Json[])[7],
      logic: { action: "show", match: "all", rules: [{ field: 3, operator: "not_empty" }] },
    };
    expect(errorsOf(form)).toEqual([]);
    for (const demo of DEMO_FORMS) expect(errorsOf(clone(demo)), demo.slug).toEqual([]);
  });

  it.each([
    ["a time without its other bound", (f: Json) => delete f.fields[5].maxTime, "fields.5.maxTime", "must be given with the other bound"],
    ["a 12-hour bound", (f: Json) => (f.fields[5].minTime = "9:00 AM"), "fields.5.minTime", "must be a time as HH:MM (24-hour)"],
    [
      "a restricted domain that is no domain",
      (f: Json) => (f.fields[2].restrictedDomains = ["not a domain"]),
      "fields.2.restrictedDomains.0",
      "must be a domain such as example.org",
    ],
    [
      "an own suggestion domain that is no domain",
      (f: Json) => (f.fields[2].suggestionDomains = ["acme"]),
      "fields.2.suggestionDomains.0",
      "must be a domain such as example.org",
    ],
    ["a likert with one column", (f: Json) => (f.fields[1].columns = ["Only"]), "fields.1.columns", "must have at least 2 items"],
    [
      "a camera taking pdf",
      (f: Json) => (f.fields[4].extensions = ["pdf"]),
      "fields.4.extensions.0",
      "must be one of png, jpg, jpeg, gif, webp, heic",
    ],
    ["a rating of 11 stars", (f: Json) => (f.fields[0].scale = 11), "fields.0.scale", "must be from 2 to 10"],
  ])("feedback: refuses %s", (_, change, path, message) => {
    const form = clone(FEEDBACK_FORM) as unknown as Json;
    change(form);
    expect(errorsOf(form)).toEqual([{ path, message }]);
  });

  it("keeps embed origins in one spelling and refuses anything that is not an origin", () => {
    const good = checkDefinition(
      contactWith((form) => (form.settings.embedOrigins = ["https://Blog.Example.com/", "http://localhost:8080"])),
    );
    expect("definition" in good && good.definition.settings.embedOrigins).toEqual(["https://blog.example.com", "http://localhost:8080"]);
    expect(errorsOf(contactWith((form) => (form.settings.embedOrigins = ["https://blog.example.com/page", "javascript:x"])))).toEqual([
      { path: "settings.embedOrigins.0", message: "must be a site's origin such as https://blog.example.com" },
      { path: "settings.embedOrigins.1", message: "must be a site's origin such as https://blog.example.com" },
    ]);
    expect(errorsOf(contactWith((form) => (form.settings.saveProgress = { email: "yes" })))).toEqual([
      { path: "settings.saveProgress.email", message: "must be true or false" },
    ]);
  });

  it("keeps a minimum time to fill in of 0 to 600 whole seconds, 0 when left out", () => {
    const kept = (minSeconds: unknown) => {
      const result = checkDefinition(contactWith((form) => (form.settings.antiSpam.minSeconds = minSeconds)));
      return "definition" in result ? result.definition.settings.antiSpam.minSeconds : result.errors;
    };
    expect([kept(0), kept(1), kept(600), kept(undefined)]).toEqual([0, 1, 600, 0]);
    expect(kept("5")).toEqual([{ path: "settings.antiSpam.minSeconds", message: "must be a whole number" }]);
  });

  it("refuses logic that loops, naming the fields", () => {
    const form = clone(FEEDBACK_FORM) as FormDefinition;
    // On one page: a rule never names a later page's field, so a loop lies within a page.
    form.fields[3] = { ...(form.fields[3] as FormDefinition["fields"][number]), page: 1 };
    form.fields[0] = {
      ...(form.fields[0] as FormDefinition["fields"][number]),
      logic: { action: "hide", match: "all", rules: [{ field: 4, operator: "not_empty" }] },
    };
    expect(errorsOf(form)).toEqual([{ path: "fields.0.logic", message: "rules go round in a loop (fields 1 → 4 → 1)" }]);
  });

  it("reports every error at once", () => {
    const form = contactWith((f) => {
      f.title = "";
      f.fields[0].required = "yes";
      f.fields[2].choices[0].label = "";
    });
    expect(errorsOf(form).map((error) => error.path)).toEqual(["fields.0.required", "fields.2.choices.0.label", "title"]);
  });
});
