import { describe, expect, it } from "vitest";
import { labelForPath } from "./BuilderErrorSummary.tsx";
import { fieldsWithErrors, followFields, unreadableAmountErrors } from "./errors.ts";
import { addField, moveField, newDefinition, newField, removeField } from "./model.ts";

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
    // A setting by the label its field shows; a path with no field of its own in words.
    expect(labelForPath("settings.confirmation.message", saved.fields)).toBe("Confirmation message");
    expect(labelForPath("settings.antiSpam.minSeconds", saved.fields)).toBe("Minimum seconds to fill in (0: off)");
    expect(labelForPath("settings.notifications.owner", saved.fields)).toBe("notifications owner");
  });
});

describe("money texts that are not amounts", () => {
  const form = addField(addField(newDefinition(), newField("payment-multiple", 2, 1, "Style")), newField("payment-single", 3, 1, "Fee"));
  const unreadable = [
    { fieldId: 2, rest: ".choices.1.priceMinor", message: '"1,000" is not an amount' },
    { fieldId: 3, rest: ".priceMinor", message: '"ten" is not an amount' },
  ];

  it("are named at their field's place now", () => {
    const moved = moveField(form, 3, -1);
    expect(unreadableAmountErrors(unreadable, moved.fields)).toEqual({
      "fields.2.choices.1.priceMinor": '"1,000" is not an amount',
      "fields.1.priceMinor": '"ten" is not an amount',
    });
  });

  it("go with their field or choice", () => {
    expect(unreadableAmountErrors(unreadable, removeField(form, 3).fields)).toEqual({
      "fields.1.choices.1.priceMinor": '"1,000" is not an amount',
    });
    const oneChoice = form.fields.map((field) => ("choices" in field ? { ...field, choices: field.choices.slice(0, 1) } : field));
    expect(unreadableAmountErrors(unreadable, oneChoice)).toEqual({ "fields.2.priceMinor": '"ten" is not an amount' });
  });
});
