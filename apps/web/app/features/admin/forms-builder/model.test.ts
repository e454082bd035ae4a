import { checkDefinition, FIELD_TYPES, type FormDefinition } from "@cartwright/commerce/forms";
import { describe, expect, it } from "vitest";
import { PALETTE } from "./kinds.ts";
import {
  addField,
  addPage,
  duplicateField,
  highestTakenId,
  moveField,
  moveFieldTo,
  movePage,
  newDefinition,
  newField,
  nextChoiceId,
  nextFieldId,
  positionOf,
  removeField,
  removePage,
  renamePage,
  slugFrom,
} from "./model.ts";

/** Pages 1 and 2; fields 1, 2 on page 1 and 3 on page 2; field 3 shown when field 2 is choice 1. */
function twoPages(): FormDefinition {
  let definition: FormDefinition = { ...newDefinition(), slug: "order", title: "Order" };
  definition = addPage(definition, "Second");
  definition = addField(definition, newField("select", 2, 1, "Topic"));
  definition = addField(definition, {
    ...newField("text", 3, 2, "Details"),
    logic: { action: "show", match: "all", rules: [{ field: 2, operator: "is", value: "1" }] },
  });
  return definition;
}

const order = (definition: FormDefinition) => definition.fields.map((field) => `${field.page}:${field.id}`);

describe("field ids", () => {
  it("a new field gets the id above every id of the form and every id handed out", () => {
    expect(nextFieldId(twoPages(), 0)).toBe(4);
    // Field 3 removed: its id is not given again while the owner edits (7 was handed out earlier).
    expect(nextFieldId(removeField(twoPages(), 3), 3)).toBe(4);
    expect(nextFieldId(twoPages(), 7)).toBe(8);
  });
  it("an id that entries answered stays taken after its field was removed and saved", () => {
    const saved = removeField(twoPages(), 3);
    expect(nextFieldId(saved, highestTakenId(saved, ["1", "3"]))).toBe(4);
    expect(highestTakenId(saved, [])).toBe(2);
  });
  it("choice ids are the next above the field's own", () => {
    expect(nextChoiceId([{ id: 1 }, { id: 5 }])).toBe(6);
    expect(nextChoiceId([])).toBe(1);
  });
});

describe("every palette kind makes a field the server accepts", () => {
  it("the palette holds every kind once", () => {
    expect(PALETTE.flatMap((group) => group.types).sort()).toEqual([...FIELD_TYPES].sort());
  });
  it.each(FIELD_TYPES.filter((type) => type !== "payment-quantity"))("%s", (type) => {
    const definition = addField(twoPages(), newField(type, 9, 1, "A field"));
    expect(checkDefinition(definition)).not.toHaveProperty("errors");
  });
  it("a quantity names its priced field", () => {
    let definition = addField(twoPages(), newField("payment-single", 9, 1, "Shirt"));
    definition = addField(definition, { ...newField("payment-quantity", 10, 1, "How many"), forField: 9 } as never);
    expect(checkDefinition(definition)).not.toHaveProperty("errors");
  });
});

describe("moves", () => {
  it("up and down stay on the page and stop at its ends", () => {
    const definition = twoPages();
    expect(order(moveField(definition, 2, -1))).toEqual(["1:2", "1:1", "2:3"]);
    expect(order(moveField(definition, 1, -1))).toEqual(order(definition));
    expect(order(moveField(definition, 2, 1))).toEqual(order(definition));
    expect(positionOf(moveField(definition, 2, -1), 2)).toEqual({ page: 1, position: 1, count: 2 });
  });
  it("to another page, at its end or before a field", () => {
    const definition = twoPages();
    expect(order(moveFieldTo(definition, 1, 2, null))).toEqual(["1:2", "2:3", "2:1"]);
    expect(order(moveFieldTo(definition, 1, 2, 3))).toEqual(["1:2", "2:1", "2:3"]);
    expect(order(moveFieldTo(definition, 3, 1, 1))).toEqual(["1:3", "1:1", "1:2"]);
  });
  it("duplicates sit after the original with the new id", () => {
    const copy = duplicateField(twoPages(), 2, 4);
    expect(order(copy)).toEqual(["1:1", "1:2", "1:4", "2:3"]);
    expect(copy.fields[2]).toMatchObject({ id: 4, label: "Topic (copy)", type: "select" });
  });
});

describe("removals", () => {
  it("a removed field takes the rules naming it (and an empty logic) with it", () => {
    const definition = removeField(twoPages(), 2);
    expect(definition.fields.find((field) => field.id === 3)).not.toHaveProperty("logic");
  });
  it("a removed page's fields move to the page chosen, later pages renumber", () => {
    const three = addPage(twoPages(), "Third");
    const moved = moveFieldTo(three, 1, 3, null);
    const after = removePage(moved, 2, 1);
    expect(after.pages.map((page) => page.title)).toEqual(["", "Third"]);
    expect(order(after)).toEqual(["1:2", "1:3", "2:1"]);
  });
  it("or are removed with it", () => {
    const after = removePage(twoPages(), 2, null);
    expect(order(after)).toEqual(["1:1", "1:2"]);
    expect(after.pages).toHaveLength(1);
  });
  it("the last page stays", () => {
    expect(removePage(newDefinition(), 1, null).pages).toHaveLength(1);
  });
});

describe("pages", () => {
  it("move with their fields and rename", () => {
    const swapped = movePage(twoPages(), 2, -1);
    expect(swapped.pages.map((page) => page.title)).toEqual(["Second", ""]);
    expect(order(swapped)).toEqual(["1:3", "2:1", "2:2"]);
    expect(renamePage(swapped, 2, "First").pages[1]).toEqual({ title: "First" });
    expect(movePage(twoPages(), 1, -1)).toEqual(twoPages());
  });
});

it("slugs come from titles as the server's pattern wants them", () => {
  expect(slugFrom("  Spring order! 2026 ")).toBe("spring-order-2026");
  expect(slugFrom("Café")).toBe("cafe");
});
