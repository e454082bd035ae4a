/** The add and edit form's draft and the owner API's body made from it (decision 0103). */
import { describe, expect, it } from "vitest";
import { accountBody, accountDraft, emptyAccount } from "./account-model.ts";
import { customersCsvUrl } from "./query.ts";

describe("accountBody", () => {
  it("trims every field, sends the shipping address without an e-mail and asks for the link only when adding", () => {
    const draft = emptyAccount();
    draft.email = "  Ada@Example.com ";
    draft.first_name = " Ada ";
    draft.billing.city = " Leeds ";
    draft.shipping.city = "York";
    const adding = accountBody(draft, true);
    expect(adding).toMatchObject({ email: "Ada@Example.com", first_name: "Ada", send_password_link: true });
    expect(adding.billing).toMatchObject({ city: "Leeds", email: "" });
    expect(adding.shipping).toMatchObject({ city: "York" });
    expect("email" in adding.shipping).toBe(false);
    expect("send_password_link" in accountBody(draft, false)).toBe(false);
  });

  it("starts an edit from the saved account, every address key a string", () => {
    const draft = accountDraft({
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "L",
      addresses: { billing: { city: "Leeds", country: "GB" }, shipping: {} },
    });
    expect(draft.billing).toMatchObject({ city: "Leeds", country: "GB", postcode: "" });
    expect(draft.shipping.address_1).toBe("");
    expect(draft.send_password_link).toBe(false);
  });
});

describe("customersCsvUrl", () => {
  it("carries the list's search, or none", () => {
    expect(customersCsvUrl("")).toBe("/api/admin/v1/customers/export.csv");
    expect(customersCsvUrl(" ada & co ")).toBe("/api/admin/v1/customers/export.csv?search=ada+%26+co");
  });
});
