import { CUSTOM_TEE_FORM, FEEDBACK_FORM, FIELD_TYPES, type FormDefinition } from "@cartwright/commerce/forms";
import { describe, expect, it } from "vitest";
import { EVERY_KIND, KINDS_FORM, payloadFor } from "./fixtures.ts";
import { CAPTCHA_NEEDS_SCRIPT, FORM_CSS, FORM_NOSCRIPT_CSS, renderForm } from "./index.ts";

/** Every start tag of an element, as its attributes (a DOM-free reading for the tests). */
function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}((?:\\s+[\\w:-]+(?:="[^"]*")?)*)\\s*>`, "g"))) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attributes[attribute[1] as string] = attribute[2] ?? "";
    found.push(attributes);
  }
  return found;
}
/** The names of the inputs, selects and textareas, in document order. */
const names = (html: string) => tags(html, "(?:input|select|textarea)").map((tag) => tag.name);
/** The HTML of one field's wrapper. */
function fieldHtml(html: string, formId: number, fieldId: number): string {
  const start = html.indexOf(`id="cwf${formId}-field${fieldId}"`);
  expect(start, `field ${fieldId}`).toBeGreaterThan(-1);
  const next = html.indexOf('<div class="cwf-field', start + 10);
  const end = html.indexOf("</section>", start);
  return html.slice(start, next === -1 || next > end ? end : next);
}

const kinds = payloadFor(KINDS_FORM);
const noScript = renderForm(kinds, { scripted: false });
const scripted = renderForm(kinds, { scripted: true });

describe("renderForm: every kind", () => {
  it("covers each field type once", () => {
    expect(EVERY_KIND.map((field) => field.type).sort()).toEqual([...FIELD_TYPES].sort());
    for (const field of EVERY_KIND) expect(noScript).toContain(`data-type="${field.type}"`);
  });

  const expected: Record<number, string[]> = {
    1: ["forms[fields][1][first]", "forms[fields][1][last]"],
    2: ["forms[fields][2][primary]", "forms[fields][2][secondary]"],
    3: ["forms[fields][3]"],
    4: ["forms[fields][4]"],
    5: ["forms[fields][5]"],
    6: ["forms[fields][6]"],
    7: ["forms[fields][7]"],
    8: ["forms[fields][8][primary]", "forms[fields][8][secondary]"],
    9: ["forms[fields][9][]"],
    10: ["forms[fields][10]", "forms[fields][10]"],
    11: ["forms[fields][11][]", "forms[fields][11][]"],
    12: ["forms[fields][12]"],
    13: ["forms[fields][13]"],
    14: Array(5).fill("forms[fields][14]"),
    15: [...Array(3).fill("forms[fields][15][1]"), ...Array(3).fill("forms[fields][15][2]")],
    16: ["forms[fields][16]", "forms[fields][16]"],
    17: ["forms[fields][17]"],
    18: ["forms[fields][18]"],
    19: ["forms[fields][19]"],
    20: ["country", "address1", "address2", "city", "state", "postal"].map((sub) => `forms[fields][20][${sub}]`),
    21: [],
    22: ["forms[fields][22]", "forms[fields][22]"],
    23: ["forms[fields][23]"],
    24: ["forms[fields][24][]", "forms[fields][24][]"],
    25: ["forms[fields][25]"],
    26: ["forms[fields][26]"],
    27: [],
    28: ["number", "expiry", "cvc", "name"].map((sub) => `forms[fields][28][${sub}]`),
    29: ["forms[fields][29]"],
    30: ["forms[captcha]"],
    31: [],
    32: [],
  };
  for (const field of EVERY_KIND) {
    it(`${field.type} renders its inputs with their names`, () => {
      expect(names(fieldHtml(scripted, 7, field.id))).toEqual(expected[field.id]);
    });
  }

  it("labels every visible input and select by its id", () => {
    const labelled = new Set(tags(noScript, "label").map((tag) => tag.for));
    const controls = [...tags(noScript, "input"), ...tags(noScript, "select"), ...tags(noScript, "textarea")].filter(
      (tag) => tag.type !== "hidden" && tag["aria-labelledby"] === undefined,
    );
    for (const control of controls) expect(labelled, control.name).toContain(control.id);
  });

  it("groups choices in fieldsets with legends and marks required ones", () => {
    const radio = fieldHtml(noScript, 7, 10);
    expect(radio).toContain('<fieldset class="cwf-group" role="radiogroup" aria-required="true"');
    expect(radio).toContain('<legend class="cwf-legend">Size <span class="cwf-required" aria-hidden="true">*</span>');
    expect(fieldHtml(noScript, 7, 4)).toMatch(/<textarea[^>]*aria-required="true"/);
  });

  it("writes heavy kinds as native inputs with their module named", () => {
    expect(fieldHtml(noScript, 7, 17)).toContain('data-lazy="signature"');
    expect(fieldHtml(noScript, 7, 17)).toContain("Type your full name to sign.");
    expect(tags(fieldHtml(noScript, 7, 18), "input")[0]).toMatchObject({ type: "file", accept: "image/*", capture: "user" });
    expect(tags(fieldHtml(noScript, 7, 19), "input")[0]).toMatchObject({ type: "file", accept: ".pdf", multiple: "" });
    expect(tags(fieldHtml(noScript, 7, 12), "input")[0]).toMatchObject({ placeholder: "YYYY-MM-DD", inputmode: "numeric" });
    expect(tags(fieldHtml(noScript, 7, 13), "input")[0]).toMatchObject({ placeholder: "9:30 AM" });
    expect(fieldHtml(noScript, 7, 3)).toContain('data-lazy="mask"');
    expect(fieldHtml(noScript, 7, 8)).toContain('data-lazy="password"');
    expect(fieldHtml(noScript, 7, 28)).toContain('data-lazy="card"');
  });

  it("formats prices in the shop's currency and shows images when asked", () => {
    const plan = fieldHtml(noScript, 7, 22);
    expect(plan).toContain("$25.50");
    expect(plan).toContain('src="/media/two.svg"');
    expect(fieldHtml(noScript, 7, 24)).not.toContain("<img");
    const euro = renderForm(
      payloadFor(KINDS_FORM, {
        currency: { code: "EUR", symbol: "€", minorUnit: 2, decimalSeparator: ",", thousandSeparator: ".", prefix: "", suffix: " €" },
      }),
      { scripted: true },
    );
    expect(fieldHtml(euro, 7, 23)).toContain("Two – 25,50 €");
    // A radio's or checkbox's label reads as the select's option does, its words apart from the price.
    for (const fieldId of [22, 24]) {
      const labels = [...fieldHtml(noScript, 7, fieldId).matchAll(/<label [^>]*>(.*?)<\/label>/g)].map(([, inner]) =>
        inner?.replace(/<[^>]+>/g, ""),
      );
      expect(labels).toContain("Two – $25.50");
    }
    expect(fieldHtml(euro, 7, 21)).toContain("Price: 5,00 €");
  });

  it("lists the address's preferred countries first and the states of the chosen one", () => {
    const field = fieldHtml(scripted, 7, 20);
    const options = tags(field, "option").map((tag) => tag.value);
    expect(options.slice(0, 4)).toEqual(["", "GB", "DE", "US"]);
    expect(fieldHtml(noScript, 7, 20)).not.toMatch(/address2[^>]*aria-required/);
    expect(tags(field, "option").find((tag) => tag.value === "US")).toHaveProperty("selected");
    expect(options).toContain("CA");
    const germany = renderForm(kinds, { scripted: true, values: { 20: { country: "DE" } } });
    expect(tags(fieldHtml(germany, 7, 20), "input").find((tag) => tag.name === "forms[fields][20][state]")).toHaveProperty("disabled");
    // Without JavaScript the state is a text input that follows no country.
    expect(tags(fieldHtml(noScript, 7, 20), "input").find((tag) => tag.name === "forms[fields][20][state]")).toMatchObject({
      type: "text",
    });
  });

  it("shows the order summary and the server's total for the values", () => {
    const html = renderForm(kinds, { scripted: true, values: { 22: "2", 25: "2", 24: ["1"] } });
    const total = fieldHtml(html, 7, 27);
    expect(total).toContain("<td>Plan: Two</td><td>2</td><td>$51.00</td>");
    expect(total).toContain("<td>Add-ons: One</td><td>1</td><td>$10.00</td>");
    expect(total).toContain('<output class="cwf-total" id="cwf7-total" aria-live="polite">$66.00</output>');
  });

  it("rates with stars and asks likert rows as radio groups per row", () => {
    expect(fieldHtml(noScript, 7, 14)).toContain('<span class="cwf-sr">5 stars</span>');
    const likert = fieldHtml(noScript, 7, 15);
    expect(likert).toContain('<table class="cwf-likert">');
    expect(tags(likert, "input")[0]).toMatchObject({ type: "radio", "aria-labelledby": "cwf7-15-row1 cwf7-15-col1", value: "1" });
  });

  it("sanitises the owner's markup and keeps its safe part", () => {
    const definition = {
      ...KINDS_FORM,
      fields: [
        {
          ...(EVERY_KIND[30] as FormDefinition["fields"][number]),
          content: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">go</a></p>',
        },
      ],
    } as FormDefinition;
    const html = renderForm(payloadFor(definition), { scripted: false });
    expect(html).toContain('<div class="cwf-html"><p>Hi<a rel="nofollow noopener noreferrer">go</a></p></div>');
    expect(noScript).toContain('<a href="/terms" rel="nofollow noopener noreferrer">the terms</a>');
  });
});

describe("renderForm: state", () => {
  it("keeps posted values, never passwords or card numbers, and asks for files again", () => {
    const html = renderForm(kinds, {
      scripted: false,
      values: {
        1: { first: "Ada", last: "O'Hara" },
        4: "Line <1>",
        8: { primary: "secret-pass", secondary: "secret-pass" },
        9: ["2"],
        11: ["1"],
        15: { 2: "3" },
        20: { address1: "1 Main St", city: "Springfield", state: "IL", postal: "62701", country: "US" },
        28: { number: "4242424242424242", expiry: "12/30", cvc: "123", name: "Ada" },
        29: "1",
      },
    });
    expect(html).toContain('value="O&#39;Hara"');
    expect(html).toContain(">Line &lt;1&gt;</textarea>");
    expect(html).not.toContain("secret-pass");
    expect(html).not.toContain("4242424242424242");
    expect(html).toContain('value="12/30"');
    expect(tags(fieldHtml(html, 7, 9), "option").find((tag) => tag.value === "2")).toHaveProperty("selected");
    expect(tags(fieldHtml(html, 7, 11), "input")[0]).toHaveProperty("checked");
    expect(tags(fieldHtml(html, 7, 15), "input").find((tag) => tag.id === "cwf7-15-2-3")).toHaveProperty("checked");
    expect(tags(fieldHtml(html, 7, 29), "input")[0]).toHaveProperty("checked");
    expect(fieldHtml(html, 7, 19)).toContain("please choose your files again");
    expect(noScript).not.toContain("please choose your files again");
  });

  it("writes errors beside their fields, linked and marked invalid, and general errors at the top", () => {
    const html = renderForm(kinds, {
      scripted: false,
      values: {},
      errors: {
        field: { 4: "This field is required.", 2: { secondary: "The two entries do not match." } },
        general: { header: "Please correct the marked fields and send again.", footer: "Files too big." },
      },
    });
    const message = fieldHtml(html, 7, 4);
    expect(message).toContain('<p class="cwf-error" id="cwf7-4-error">This field is required.</p>');
    expect(tags(message, "textarea")[0]).toMatchObject({ "aria-invalid": "true", "aria-describedby": "cwf7-4-error cwf7-4-counter" });
    const email = fieldHtml(html, 7, 2);
    expect(email).toContain('<p class="cwf-error" id="cwf7-2-secondary-error">The two entries do not match.</p>');
    expect(tags(email, "input").find((tag) => tag.name?.endsWith("[secondary]"))).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "cwf7-2-error cwf7-2-secondary-error",
    });
    expect(tags(email, "input").find((tag) => tag.name?.endsWith("[primary]"))).not.toHaveProperty("aria-invalid");
    expect(html.indexOf("Please correct the marked fields")).toBeLessThan(html.indexOf('class="cwf-page"'));
    expect(html).toMatch(/cwf-general--footer" id="cwf7-general-footer" role="alert"><p>Files too big.<\/p>/);
    expect(noScript).toMatch(/<p class="cwf-error" id="cwf7-4-error" hidden><\/p>/);
  });

  it("escapes every text: a label with a script tag is text", () => {
    const evil = '<script>alert("x")</script>';
    const definition: FormDefinition = {
      ...FEEDBACK_FORM,
      title: evil,
      pages: [{ title: evil }, { title: "b" }, { title: "c" }],
      fields: FEEDBACK_FORM.fields.map((field) => ({ ...field, label: evil, description: evil, placeholder: evil })),
      settings: { ...FEEDBACK_FORM.settings, submitText: evil },
    };
    const html = renderForm(payloadFor(definition), {
      scripted: true,
      values: { 3: evil },
      errors: { field: { 3: evil }, general: { header: evil } },
    });
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(renderForm(payloadFor(FEEDBACK_FORM), { scripted: false, confirmation: `Thanks${evil}` })).toBe(
      '<div class="cwf-confirmation" id="cwf3-confirmation" role="status" tabindex="-1">Thanks</div>',
    );
  });
});

describe("renderForm: with and without JavaScript", () => {
  const tee = payloadFor(CUSTOM_TEE_FORM);
  it("without JavaScript shows every page with its title, logic's hidden fields too, and no page buttons", () => {
    const html = renderForm(tee, { scripted: false, values: {} });
    expect(tags(html, "section").map((tag) => [tag["data-page"], "hidden" in tag])).toEqual([
      ["1", false],
      ["2", false],
      ["3", false],
    ]);
    expect(html).toContain('<h2 class="cwf-page-title" id="cwf2-page2-title">Your shirt</h2>');
    expect(tags(html, "div").find((tag) => tag.id === "cwf2-field8")).not.toHaveProperty("hidden");
    expect(html).not.toContain("cwf-next");
    expect(html).not.toContain("cwf-indicator");
    expect(tags(html, "form")[0]).not.toHaveProperty("novalidate");
    expect(tags(html, "form")[0]).not.toHaveProperty("data-scripted");
    expect(tags(html, "div").find((tag) => tag.class === "cwf-submit")).not.toHaveProperty("hidden");
  });

  it("scripted shows page 1 only, hides logic's hidden fields, the submit until the last page, and the indicator", () => {
    const html = renderForm(tee, { scripted: true });
    expect(tags(html, "section").map((tag) => "hidden" in tag)).toEqual([false, true, true]);
    expect(tags(html, "div").find((tag) => tag.id === "cwf2-field8")).toHaveProperty("hidden");
    expect(tags(html, "div").find((tag) => tag.id === "cwf2-field7")).not.toHaveProperty("hidden");
    expect(tags(html, "form")[0]).toMatchObject({ "data-scripted": "", novalidate: "", action: "/forms/custom-tee", method: "post" });
    expect(tags(html, "div").find((tag) => tag.class === "cwf-submit")).toHaveProperty("hidden");
    expect(html).toContain('<nav class="cwf-indicator cwf-indicator--progress" aria-label="Form progress">');
    expect(html).toContain('Step <span class="cwf-indicator-current">1</span> of 3: <span class="cwf-indicator-title">Your details</span>');
    expect(html).toContain('<button type="button" class="cwf-next">Next</button>');
    const shownGift = renderForm(tee, { scripted: true, values: { 7: ["1"] } });
    expect(tags(shownGift, "div").find((tag) => tag.id === "cwf2-field8")).not.toHaveProperty("hidden");
  });

  it("scripted, opens a failed post on the first page holding an error, with the indicator there", () => {
    const html = renderForm(tee, { scripted: true, values: {}, errors: { field: { 9: "This field is required." }, general: {} } });
    expect(tags(html, "section").map((tag) => "hidden" in tag)).toEqual([true, false, true]);
    expect(html).toContain('Step <span class="cwf-indicator-current">2</span> of 3: <span class="cwf-indicator-title">Your shirt</span>');
    expect(tags(html, "progress")[0]).toMatchObject({ value: "2", max: "3" });
  });

  it("scripted, keeps the captcha note for a visitor with JavaScript off, and a stylesheet that shows every page then", () => {
    expect(scripted).toContain(`<noscript><p class="cwf-captcha-note">${CAPTCHA_NEEDS_SCRIPT.replace("'", "&#39;")}</p></noscript>`);
    expect(FORM_NOSCRIPT_CSS).toContain(".cwf .cwf-page[hidden]");
    expect(FORM_NOSCRIPT_CSS).toContain(".cwf .cwf-submit[hidden]");
    expect(FORM_NOSCRIPT_CSS).toContain(".cwf .cwf-page-nav");
  });

  it("draws the connector without titles when told, and no indicator for style none", () => {
    const settings = { ...FEEDBACK_FORM.settings, pageIndicator: { style: "connector" as const, color: "#123456", showTitles: false } };
    const html = renderForm(payloadFor({ ...FEEDBACK_FORM, settings }), { scripted: true });
    expect(html).toContain(
      '<nav class="cwf-indicator cwf-indicator--connector" aria-label="Form progress"><p class="cwf-indicator-step">Step <span class="cwf-indicator-current">1</span> of 3</p>',
    );
    expect(html).not.toContain("cwf-step-title");
    expect(tags(html, "form")[0]).toMatchObject({ style: "--cwf-accent:#123456" });
    const none = { ...FEEDBACK_FORM.settings, pageIndicator: { style: "none" as const, color: "red;background:url(x)", showTitles: true } };
    const plain = renderForm(payloadFor({ ...FEEDBACK_FORM, settings: none }), { scripted: true });
    expect(plain).not.toContain("cwf-indicator");
    expect(tags(plain, "form")[0]).not.toHaveProperty("style");
  });

  it("draws circles with the current step marked", () => {
    const html = renderForm(payloadFor(FEEDBACK_FORM), { scripted: true });
    expect(html).toContain('<nav class="cwf-indicator cwf-indicator--circles"');
    expect(tags(html, "li")[0]).toMatchObject({ "aria-current": "step", "data-page": "1" });
  });

  it("carries the hidden inputs, the honeypot and the captcha", () => {
    const hidden = Object.fromEntries(
      tags(scripted, "input")
        .filter((tag) => tag.type === "hidden")
        .map((tag) => [tag.name, tag.value]),
    );
    expect(hidden).toMatchObject({ "forms[id]": "7", "forms[token]": "abc.def", start_timestamp: "1790000000", page_url: "/forms/kinds" });
    // The form element carries the same id, token and time (spec §3).
    expect(tags(scripted, "form")[0]).toMatchObject({ "data-form-id": "7", "data-token": "abc.def", "data-token-time": "1790000000" });
    expect(scripted).toContain('<div class="cwf-honeypot" aria-hidden="true"><label for="cwf7-hp">Name Email Message</label>');
    expect(tags(scripted, "input").find((tag) => tag.name === "forms[fields][33]")).toMatchObject({ tabindex: "-1", autocomplete: "off" });
    expect(scripted).toContain('<div class="cwf-captcha" data-provider="altcha">');
    expect(noScript).toContain(CAPTCHA_NEEDS_SCRIPT.replace("'", "&#39;"));
    expect(noScript).not.toContain('name="forms[captcha]"');
  });

  it("has one stylesheet string with the classes it writes", () => {
    for (const name of [".cwf-field", ".cwf-error", ".cwf-honeypot", ".cwf-indicator", ".cwf-summary-table", ".cwf-confirmation"])
      expect(FORM_CSS).toContain(name);
  });
});
