import { describe, expect, it } from "vitest";
import { CUSTOM_TEE_FORM, FEEDBACK_FORM } from "./demo.ts";
import { findLogicCycle, nextPage, previousPage, shownPageAt, valueList, visibleFields, visiblePages, visibleValues } from "./logic.ts";
import type { FormDefinition, FormField, FormValues, LogicRule } from "./types.ts";

/** A one-page form: field 1 (text) and field 2 shown by one rule over field 1. */
function withRule(rule: Omit<LogicRule, "field">, action: "show" | "hide" = "show"): FormDefinition {
  return {
    ...FEEDBACK_FORM,
    pages: [{ title: "" }],
    fields: [
      { id: 1, page: 1, type: "text", label: "One", required: false },
      { id: 2, page: 1, type: "text", label: "Two", required: false, logic: { action, match: "all", rules: [{ field: 1, ...rule }] } },
    ],
  };
}

describe("logic operators (a rule over field 1 showing field 2)", () => {
  it.each([
    ["is", "Blue", "blue", true],
    ["is", "Blue", "Green", false],
    ["is_not", "Blue", "Green", true],
    ["is_not", "Blue", "blue", false],
    ["is_not", "Blue", "", true],
    ["contains", "lu", "Blue", true],
    ["contains", "xy", "Blue", false],
    [">", "3", "4", true],
    [">", "3", "3", false],
    [">", "3", "abc", false],
    ["<", "3", "2.5", true],
    ["<", "3", "3", false],
    ["<", "3", "", false],
    ["empty", undefined, "", true],
    ["empty", undefined, "  ", true],
    ["empty", undefined, "x", false],
    ["not_empty", undefined, "x", true],
    ["not_empty", undefined, "", false],
  ] as const)("%s %j with %j → shown %s", (operator, value, input, shown) => {
    const rule = value === undefined ? { operator } : { operator, value };
    expect(visibleFields(withRule(rule), { 1: input }).includes(2)).toBe(shown);
    expect(visibleFields(withRule(rule, "hide"), { 1: input }).includes(2)).toBe(!shown);
  });

  it("match any versus all", () => {
    const definition = withRule({ operator: "is", value: "a" });
    const field = definition.fields[1] as FormField;
    field.logic = {
      action: "show",
      match: "any",
      rules: [
        { field: 1, operator: "is", value: "a" },
        { field: 1, operator: "is", value: "b" },
      ],
    };
    expect(visibleFields(definition, { 1: "b" })).toEqual([1, 2]);
    field.logic.match = "all";
    expect(visibleFields(definition, { 1: "b" })).toEqual([1]);
  });

  it("reads lists and sub-inputs as their values", () => {
    expect(valueList(["1", " ", "2"])).toEqual(["1", "2"]);
    expect(valueList({ first: "Ada", last: "" })).toEqual(["Ada"]);
    expect(valueList(undefined)).toEqual([]);
  });

  it("treats a rule over a hidden field as empty (chains)", () => {
    const definition = withRule({ operator: "is", value: "yes" });
    definition.fields.push({
      id: 3,
      page: 1,
      type: "text",
      label: "Three",
      required: false,
      logic: { action: "show", match: "all", rules: [{ field: 2, operator: "not_empty" }] },
    });
    expect(visibleFields(definition, { 1: "yes", 2: "filled" })).toEqual([1, 2, 3]);
    expect(visibleFields(definition, { 1: "no", 2: "filled" })).toEqual([1]);
    expect(visibleValues(definition, { 1: "no", 2: "filled", 3: "x" })).toEqual({ 1: "no" });
  });

  it("counts a field in a loop as hidden rather than looping", () => {
    const definition = withRule({ operator: "empty" });
    (definition.fields[0] as FormField).logic = { action: "show", match: "all", rules: [{ field: 2, operator: "empty" }] };
    expect(visibleFields(definition, {})).toEqual([]);
  });
});

describe("the demo forms (DEMO.md)", () => {
  it("feedback: a rating of 3 skips page 2 both ways", () => {
    const values: FormValues = { 1: "3" };
    expect(visibleFields(FEEDBACK_FORM, values)).toEqual([1, 2, 3, 5, 6]);
    expect(visiblePages(FEEDBACK_FORM, values)).toEqual([1, 3]);
    expect(nextPage(FEEDBACK_FORM, values, 1)).toBe(3);
    expect(previousPage(FEEDBACK_FORM, values, 3)).toBe(1);
    expect(nextPage(FEEDBACK_FORM, values, 3)).toBeNull();
    expect(previousPage(FEEDBACK_FORM, values, 1)).toBeNull();
  });

  it("feedback: a history entry of page 2 shows page 1 while a rating of 3 skips page 2, and page 2 once it is shown", () => {
    expect(shownPageAt(FEEDBACK_FORM, { 1: "3" }, 2)).toBe(1);
    expect(shownPageAt(FEEDBACK_FORM, { 1: "3" }, 3)).toBe(3);
    expect(shownPageAt(FEEDBACK_FORM, { 1: "1" }, 2)).toBe(2);
    // A page the form does not have: its last page, or the first.
    expect(shownPageAt(FEEDBACK_FORM, { 1: "1" }, 9)).toBe(3);
    expect(shownPageAt(FEEDBACK_FORM, { 1: "1" }, 0)).toBe(1);
  });

  it.each([["5"], ["4"], ["3"], [""]])("feedback: rating %j hides field 4", (rating) => {
    expect(visibleFields(FEEDBACK_FORM, { 1: rating }).includes(4)).toBe(false);
  });

  it.each([["2"], ["1"]])("feedback: rating %s shows page 2 and field 4", (rating) => {
    const values: FormValues = { 1: rating };
    expect(visibleFields(FEEDBACK_FORM, values)).toContain(4);
    expect(visiblePages(FEEDBACK_FORM, values)).toEqual([1, 2, 3]);
    expect(nextPage(FEEDBACK_FORM, values, 1)).toBe(2);
    expect(previousPage(FEEDBACK_FORM, values, 3)).toBe(2);
  });

  it("custom-tee: the gift message only with Gift wrap (choice 1 of field 7)", () => {
    expect(visibleFields(CUSTOM_TEE_FORM, {}).includes(8)).toBe(false);
    expect(visibleFields(CUSTOM_TEE_FORM, { 7: ["2"] }).includes(8)).toBe(false);
    expect(visibleFields(CUSTOM_TEE_FORM, { 7: ["1"] }).includes(8)).toBe(true);
    expect(visibleFields(CUSTOM_TEE_FORM, { 7: ["2", "1"] }).includes(8)).toBe(true);
    expect(visiblePages(CUSTOM_TEE_FORM, {})).toEqual([1, 2, 3]);
  });

  it("keeps the first and last pages even when all their fields are hidden", () => {
    const definition: FormDefinition = {
      ...FEEDBACK_FORM,
      fields: FEEDBACK_FORM.fields.map(
        (field) => ({ ...field, logic: { action: "hide", match: "all", rules: [{ field: 99, operator: "empty" }] } }) as FormField,
      ),
    };
    expect(visibleFields(definition, {})).toEqual([]);
    expect(visiblePages(definition, {})).toEqual([1, 3]);
  });
});

describe("findLogicCycle", () => {
  const field = (id: number, dependsOn: number[]): FormField => ({
    id,
    page: 1,
    type: "text",
    label: `F${id}`,
    required: false,
    ...(dependsOn.length > 0
      ? {
          logic: {
            action: "show" as const,
            match: "any" as const,
            rules: dependsOn.map((other) => ({ field: other, operator: "not_empty" as const })),
          },
        }
      : {}),
  });
  const form = (fields: FormField[]): FormDefinition => ({ ...FEEDBACK_FORM, fields });

  it("finds none in the demo forms or in a chain", () => {
    expect(findLogicCycle(CUSTOM_TEE_FORM)).toBeNull();
    expect(findLogicCycle(FEEDBACK_FORM)).toBeNull();
    expect(findLogicCycle(form([field(1, []), field(2, [1]), field(3, [1, 2])]))).toBeNull();
  });

  it.each([
    ["self", [field(1, [1])], [1, 1]],
    ["two", [field(1, [2]), field(2, [1])], [1, 2, 1]],
    ["three", [field(1, []), field(2, [4]), field(3, [2]), field(4, [3, 1])], [2, 4, 3, 2]],
  ])("finds a %s-field loop", (_, fields, cycle) => {
    expect(findLogicCycle(form(fields))).toEqual(cycle);
  });

  it("ignores rules over fields that do not exist", () => {
    expect(findLogicCycle(form([field(1, [9])]))).toBeNull();
  });
});
