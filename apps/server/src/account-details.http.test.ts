/**
 * The name and e-mail form on /my-account/details, as a browser without JavaScript uses it: plain
 * form posts to the page's action beside the password form.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestShop, type TestShop } from "../../../test/app.ts";
import { PageBrowser } from "../../../test/browser.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ web: true });
});
afterAll(() => shop.close());

const PASSWORD = "lees-password-1";

async function registered(email: string) {
  const browser = new PageBrowser(shop.app);
  expect((await browser.post("/my-account", { intent: "register", email, password: PASSWORD })).statusCode).toBe(303);
  return browser;
}

const details = (fields: Record<string, string>) => ({ intent: "details", first_name: "", last_name: "", current_password: "", ...fields });

describe("/my-account/details: name and email", () => {
  it("changes the name without asking for the password", async () => {
    const lee = await registered("lee.name@example.com");
    const page = await lee.get("/my-account/details");
    expect(page.body).toContain('<h2 id="details-title">Your name and email</h2>');
    expect(page.body).toMatch(/id="details-email"[^>]*value="lee.name@example.com"/);

    const saved = await lee.post(
      "/my-account/details",
      details({ first_name: " Lee ", last_name: "Morgan", email: "lee.name@example.com" }),
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe("/my-account/details?details-changed");
    const after = await lee.get("/my-account/details?details-changed");
    expect(after.body).toContain('role="status">Your account details were changed.</p>');
    expect(after.body).toMatch(/id="details-first-name"[^>]*value="Lee"/);
    expect(after.body).toMatch(/id="details-last-name"[^>]*value="Morgan"/);
    expect((await lee.get("/my-account")).body).toContain("Hello, Lee Morgan.");
  });

  it("asks for the current password to change the email, and checks it", async () => {
    const lee = await registered("lee.password@example.com");
    const missing = await lee.post("/my-account/details", details({ email: "lee.new@example.com" }));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(
      /id="details-current-password"[^>]*aria-invalid="true"[^>]*aria-describedby="details-current-password-error/,
    );
    expect(missing.body).toContain('id="details-current-password-error" class="field-error" role="alert">Enter your current password');
    // What was typed comes back.
    expect(missing.body).toMatch(/id="details-email"[^>]*value="lee.new@example.com"/);

    const wrong = await lee.post("/my-account/details", details({ email: "lee.new@example.com", current_password: "not-lees-password" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("The current password is not right.");

    const invalid = await lee.post("/my-account/details", details({ email: "not-an-email", current_password: PASSWORD }));
    expect(invalid.body).toContain('id="details-email-error" class="field-error" role="alert">Please provide a valid email address.');
    expect((await lee.get("/my-account/details")).body).toMatch(/id="details-email"[^>]*value="lee.password@example.com"/);
  });

  it("refuses an email another account has, whatever its case", async () => {
    await registered("taken.by.kim@example.com");
    const lee = await registered("lee.taken@example.com");
    const response = await lee.post("/my-account/details", details({ email: "Taken.By.KIM@example.com", current_password: PASSWORD }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      'id="details-email-error" class="field-error" role="alert">Another account already uses this email address.',
    );
    expect((await lee.get("/my-account/details")).body).toMatch(/id="details-email"[^>]*value="lee.taken@example.com"/);
  });

  it("moves the account to the new email, which then signs in", async () => {
    const lee = await registered("lee.moves@example.com");
    const saved = await lee.post("/my-account/details", details({ email: "Lee.Moved@Example.com", current_password: PASSWORD }));
    expect(saved.statusCode).toBe(303);
    expect(lee.uid()).toBeGreaterThan(0);
    expect((await lee.get("/my-account/details")).body).toMatch(/id="details-email"[^>]*value="lee.moved@example.com"/);
    expect((await new PageBrowser(shop.app).signIn("lee.moves@example.com", PASSWORD)).statusCode).toBe(401);
    expect((await new PageBrowser(shop.app).signIn("lee.moved@example.com", PASSWORD)).statusCode).toBe(303);
  });

  it("keeps the form to the signed-in, and refuses a post from another site", async () => {
    const guest = await new PageBrowser(shop.app).post("/my-account/details", details({ email: "guest@example.com" }));
    expect([302, 303]).toContain(guest.statusCode);
    expect(guest.headers.location).toBe("/my-account?redirect=%2Fmy-account%2Fdetails");

    const lee = await registered("lee.cross-site@example.com");
    // The refusal goes to the server's log (logPageError), not to stderr past it.
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const forged = await lee.post(
        "/my-account/details",
        details({ first_name: "Mallory", email: "lee.cross-site@example.com" }),
        "https://evil.example",
      );
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
    expect((await lee.get("/my-account/details")).body).not.toContain("Mallory");
  });
});
