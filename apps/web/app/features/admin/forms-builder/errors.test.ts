import { describe, expect, it } from "vitest";
import { labelForPath } from "./BuilderErrorSummary.tsx";
import { fieldsWithErrors, followFields } from "./errors.ts";
import { addField, moveField, newDefinition, newField } from "./model.ts";

describe("server errors follow their field", () => {
  const saved = addField(addField(newDefinition(), newField("select", 2, 1, "Topic")), newField("email", 3, 1, ""));
  const errors = {
    "fields.2.label": "Must not be empty",
    slug: "Is used by another form",
    "fields.1.choices.0.label": "Must not be empty",
  };
  const order = saved.fields.map((field) => field.id);

  it("after a move the message names the field's new place", () => {
    const moved = moveField(moveField(saved, 3, -1), 3, -1);
    expect(followFields(errors, order, moved.fields)).toEqual({
      "fields.0.label": "Must not be empty",
      slug: "Is used by another form",
      "fields.2.choices.0.label": "Must not be empty",
    });
  });
  it("a removed field's messages go", () => {
    expect(
      followFields(
        errors,
        order,
        saved.fields.filter((field) => field.id !== 3),
      ),
    ).not.toHaveProperty("fields.2.label");
  });
  it("marks the fields with errors and names paths in the owner's words", () => {
    expect([...fieldsWithErrors(errors)].sort()).toEqual([1, 2]);
    expect(labelForPath("fields.2.label", saved.fields)).toBe("Email #3: Label");
    expect(labelForPath("fields.1.choices.0.label", saved.fields)).toBe("Topic: choices 1 Label");
    expect(labelForPath("settings.confirmation.message", saved.fields)).toBe("confirmation message");
  });
});
