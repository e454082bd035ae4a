import { describe, expect, it } from "vitest";
import { CONTACT_FORM, CUSTOM_TEE_FORM, FEEDBACK_FORM } from "./demo.ts";
import { entryColumns, fieldText } from "./display.ts";
import type { FormDefinition, FormInput } from "./types.ts";

const field = (form: FormDefinition, id: number) => {
  const found = form.fields.find((item) => item.id === id);
  if (!found) throw new Error(`no field ${id}`);
  return found;
};

describe("fieldText", () => {
  it.each([
    [CONTACT_FORM, 1, { first: "Ada", last: "Lovelace" }, "Ada Lovelace"],
    [CONTACT_FORM, 3, "2", "Returns"],
    [CONTACT_FORM, 4, "Hello", "Hello"],
    [
      CUSTOM_TEE_FORM,
      4,
      { address1: "1 Main St", address2: "", city: "Austin", state: "TX", postal: "78701", country: "US" },
      "1 Main St, Austin, TX, 78701, United States",
    ],
    [CUSTOM_TEE_FORM, 5, "2", "Premium"],
    [CUSTOM_TEE_FORM, 7, ["1", "2"], "Gift wrap, Express printing"],
    [CUSTOM_TEE_FORM, 13, "data:image/png;base64,AAAA", "(signed)"],
    [CUSTOM_TEE_FORM, 13, "Ada Lovelace", "Ada Lovelace"],
    [CUSTOM_TEE_FORM, 14, { brand: "visa", last4: "4242", name: "Ada" }, "visa ending 4242"],
    [CUSTOM_TEE_FORM, 15, "1", "Accepted"],
    [FEEDBACK_FORM, 1, "4", "4 / 5"],
    [FEEDBACK_FORM, 2, { 1: "4", 2: "5" }, "The shop was easy to use: Agree; Delivery was quick: Strongly agree"],
    [FEEDBACK_FORM, 6, "9:30 AM", "9:30 AM"],
    [FEEDBACK_FORM, 3, undefined, ""],
  ] as [FormDefinition, number, FormInput | undefined, string][])("%s field %s", (form, id, value, text) => {
    expect(fieldText(field(form, id), value)).toBe(text);
  });

  it("lists the columns that hold values", () => {
    expect(entryColumns(CUSTOM_TEE_FORM).map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15]);
  });
});
