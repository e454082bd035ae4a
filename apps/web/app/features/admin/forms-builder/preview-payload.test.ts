import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { expect, it } from "vitest";
import { renderForm } from "../../../../forms/render/index.ts";
import { addField, addPage, newDefinition, newField } from "./model.ts";
import { previewPayload } from "./preview-payload.ts";

it("the preview renders the draft as visitors get it: no token, no owner notification texts, logic applied", () => {
  let definition = addPage({ ...newDefinition(), slug: "gift", title: "Gift" }, "Second");
  definition = addField(definition, newField("select", 2, 1, "Wrapping"));
  definition = addField(definition, newField("number", 5, 1, ""));
  definition = addField(definition, {
    ...newField("textarea", 3, 1, "Gift message"),
    logic: { action: "show", match: "all", rules: [{ field: 2, operator: "is", value: "1" }] },
  });
  definition = addField(definition, { ...newField("address", 4, 2, "Address"), preferredCountries: ["DE"] } as never);
  const payload = previewPayload(definition, DEFAULT_CURRENCY);
  expect(payload.token).toBe("");
  expect(payload.form.settings).not.toHaveProperty("notifications");
  expect(payload.countries).toEqual([{ code: "DE", name: "Germany", states: [] }]);
  const html = renderForm(payload, { scripted: true });
  expect(html).toContain("Wrapping");
  // An empty label (refused on save) is named by its kind meanwhile, so the preview's input keeps a label.
  expect(payload.form.fields.find((field) => field.id === 5)?.label).toBe("Number");
  expect(html).toMatch(/data-field-id="3"[^>]*hidden/);
});
