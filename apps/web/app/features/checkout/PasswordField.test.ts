import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PasswordField, type PasswordFieldProps } from "./PasswordField.tsx";

const render = (value: string, id?: string, more: Partial<PasswordFieldProps> = {}) =>
  renderToStaticMarkup(createElement(PasswordField, { value, onChange: () => {}, id, ...more }));

describe("PasswordField (server markup)", () => {
  it("renders a labelled new-password input with a show/hide toggle", () => {
    const html = render("");
    expect(html).toContain('<label for="account-password">Create a password</label>');
    expect(html).toMatch(/<input id="account-password"[^>]*type="password"/);
    expect(html).toContain('autoComplete="new-password"');
    expect(html).toMatch(/<input[^>]* required=""/);
    expect(html).toMatch(/<button type="button"[^>]*>Show password<\/button>/);
  });

  it("shows five segments and an empty polite live region while the field is empty", () => {
    const html = render("");
    expect(html.match(/password-strength__segment/g)).toHaveLength(5);
    expect(html).not.toContain("is-on");
    expect(html).toMatch(/<p id="account-password-strength"[^>]*aria-live="polite"><\/p>/);
  });

  it("uses reading B's rules before zxcvbn has loaded", () => {
    const html = render("aB1!aB1!");
    expect(html).toContain("Password strength: Medium");
    expect(html.match(/is-on/g)).toHaveLength(3);
    expect(render("abc")).toContain("Password strength: Too weak");
  });

  it("has no name at checkout, so nothing of it is posted with the checkout's form", () => {
    expect(render("")).not.toContain("name=");
  });

  it("takes a name, label, hint and error for a plain form (the reset-password page)", () => {
    const more = { name: "password", label: "New password", hint: "At least 8 characters.", errorId: "reset-error" };
    const html = render("", "reset-password", more);
    expect(html).toContain('<label for="reset-password">New password</label>');
    expect(html).toMatch(/<input id="reset-password"[^>]*type="password"[^>]*name="password"/);
    expect(html).toContain('<small id="reset-password-hint">At least 8 characters.</small>');
    // The error first, then the rule, then the meter's level.
    expect(html).toContain('aria-describedby="reset-error reset-password-hint reset-password-strength"');
    expect(html).toContain('aria-invalid="true"');
    const valid = render("", "reset-password", { ...more, errorId: undefined });
    expect(valid).not.toContain("aria-invalid");
    expect(valid).toContain('aria-describedby="reset-password-hint reset-password-strength"');
  });

  it("takes another id", () => {
    const html = render("", "pw");
    expect(html).toContain('<label for="pw">');
    expect(html).toContain('aria-describedby="pw-strength"');
  });
});
