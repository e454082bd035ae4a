import { describe, expect, it } from "vitest";
import { FEEDBACK_FORM } from "./demo.ts";
import { publicForm } from "./page.ts";

describe("publicForm", () => {
  it("keeps the owner's notifications and the refused domains on the server", () => {
    const form = publicForm(FEEDBACK_FORM);
    expect("notifications" in form.settings).toBe(false);
    expect(form.fields.find((field) => field.id === 3)).toMatchObject({ type: "email", restrictedDomains: [] });
    expect(FEEDBACK_FORM.fields.find((field) => field.id === 3)).toMatchObject({ restrictedDomains: ["mailinator.com", "example.org"] });
    expect(form.pages).toEqual(FEEDBACK_FORM.pages);
  });
});
