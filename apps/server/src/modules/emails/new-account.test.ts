/** The new-account email's two forms: a shopper's own account, and one the owner made with its first-password link. */
import { describe, expect, it } from "vitest";
import { renderNewAccount } from "./new-account.ts";

const data = { customerId: 3, siteTitle: "Tee Shop", email: "ada@example.com", accountUrl: "https://shop.example/my-account" };

describe("renderNewAccount", () => {
  it("thanks a shopper who made their own account, with no password link", () => {
    const mail = renderNewAccount(data);
    expect(mail.text).toContain("Thank you for creating an account on Tee Shop");
    expect(mail.text).not.toContain("reset-password");
  });

  it("tells a customer the shop made their account and gives the link that chooses the password", () => {
    const link = "https://shop.example/my-account/reset-password?key=abc";
    const mail = renderNewAccount({ ...data, setPassword: { link, validHours: 72 } });
    expect(mail.subject).toBe("[Tee Shop] Your account is ready");
    expect(mail.text).toContain("Tee Shop has made an account for you. You sign in with ada@example.com.");
    expect(mail.text).toContain(`for 72 hours):\n${link}`);
    expect(mail.html).toContain(`<a href="${link}">Choose your password</a>`);
  });
});
