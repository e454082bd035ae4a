import { describe, expect, it } from "vitest";
import { renderPasswordReset } from "./password-reset.ts";

const data = {
  resetId: 7,
  siteTitle: "Cartwright <Demo>",
  link: "https://shop.example/my-account/reset-password?key=a&b",
  validMinutes: 60,
};

describe("renderPasswordReset", () => {
  it("gives the link, how long it works, and what to do when the ask was not the shopper's", () => {
    const mail = renderPasswordReset(data);
    expect(mail.subject).toBe("[Cartwright <Demo>] Choose a new password");
    expect(mail.text).toContain("\nhttps://shop.example/my-account/reset-password?key=a&b\n");
    expect(mail.text).toContain("The link works once, for 1 hour. Choosing a new password signs your account out everywhere else.");
    expect(mail.text).toContain("If you did not ask for this, ignore this message: your password stays as it is.");
    // The shop's title and the link escaped in the HTML.
    expect(mail.html).toContain("on Cartwright &lt;Demo&gt;.");
    expect(mail.html).toContain('<a href="https://shop.example/my-account/reset-password?key=a&amp;b">Choose a new password</a>');
  });

  it("says minutes when the link lasts less than an hour, and hours when longer", () => {
    expect(renderPasswordReset({ ...data, validMinutes: 30 }).text).toContain("for 30 minutes.");
    expect(renderPasswordReset({ ...data, validMinutes: 120 }).text).toContain("for 2 hours.");
  });
});
