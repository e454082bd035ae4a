import { describe, expect, it } from "vitest";
import { CONTACT_FORM, CUSTOM_TEE_FORM } from "./demo.ts";
import { honeypotFieldId, honeypotLabel, isHoneypotFilled, sentTooSoon, TOKEN_WINDOW, tokenWindowAccepts } from "./token.ts";

/** A random source that returns the given numbers in turn. */
const sequence = (...numbers: number[]) => {
  let index = 0;
  return () => numbers[index++ % numbers.length] as number;
};

describe("the honeypot", () => {
  it("is labelled with 3 words from the form's own labels", () => {
    const words = ["Name", "Email", "Topic", "Message", "Attachment"];
    const label = honeypotLabel(CONTACT_FORM, sequence(0.1, 0.7, 0.3, 0.9));
    expect(label.split(" ")).toHaveLength(3);
    for (const word of label.split(" ")) expect(words).toContain(word);
    expect(new Set(label.split(" ")).size).toBe(3);
  });

  it("depends on the random source only", () => {
    expect(honeypotLabel(CUSTOM_TEE_FORM, sequence(0.5))).toBe(honeypotLabel(CUSTOM_TEE_FORM, sequence(0.5)));
    expect(honeypotLabel(CUSTOM_TEE_FORM, sequence(0.5))).not.toBe(honeypotLabel(CUSTOM_TEE_FORM, sequence(0.01, 0.99)));
  });

  it("takes fewer words when the form has fewer", () => {
    const form = { ...CONTACT_FORM, fields: [CONTACT_FORM.fields[0] as (typeof CONTACT_FORM.fields)[number]] };
    expect(honeypotLabel(form, sequence(0.5))).toBe("Name");
  });

  it("takes the first id the form does not use", () => {
    expect(honeypotFieldId(CONTACT_FORM)).toBe(6);
    expect(honeypotFieldId({ ...CONTACT_FORM, fields: CONTACT_FORM.fields.filter((field) => field.id !== 2) })).toBe(2);
  });

  it.each([
    [{ 1: "Ada" }, false],
    [{ 6: "" }, false],
    [{ 6: " " }, false],
    [{ 6: [] }, false],
    [{ 6: "buy now" }, true],
    [{ 42: ["x"] }, true],
    [{ 7: { first: "bot" } }, true],
  ])("%j filled: %s", (values, filled) => {
    expect(isHoneypotFilled(CONTACT_FORM, values)).toBe(filled);
  });
});

describe("tokenWindowAccepts (now − 2 days … now + 45 minutes)", () => {
  const now = Date.UTC(2026, 10, 25, 12);
  it.each([
    ["issued now", now, true],
    ["2 days ago exactly", now - TOKEN_WINDOW.beforeMs, true],
    ["2 days and 1 ms ago", now - TOKEN_WINDOW.beforeMs - 1, false],
    ["45 minutes ahead (clock skew)", now + 45 * 60 * 1000, true],
    ["46 minutes ahead", now + 46 * 60 * 1000, false],
    ["not a time", Number.NaN, false],
  ])("%s → %s", (_, issuedAt, accepted) => {
    expect(tokenWindowAccepts(issuedAt, now)).toBe(accepted);
  });
});

describe("sentTooSoon (the owner's minimum time to fill in, from the token's issue)", () => {
  const issuedAt = Date.UTC(2026, 11, 6, 9);
  it.each([
    ["off (0), sent at once", 0, issuedAt, false],
    ["off (a form saved before the rule)", undefined, issuedAt, false],
    ["5 s, sent at once", 5, issuedAt, true],
    ["5 s, sent 1 ms short", 5, issuedAt + 4999, true],
    ["5 s, sent at 5 s", 5, issuedAt + 5000, false],
    ["5 s, sent an hour later", 5, issuedAt + 3_600_000, false],
    ["5 s, a token issued after the send (another server's clock)", 5, issuedAt - 1, true],
  ])("%s → %s", (_, minSeconds, now, refused) => {
    expect(sentTooSoon(issuedAt, now, minSeconds)).toBe(refused);
  });
});
