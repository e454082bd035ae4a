import { describe, expect, it } from "vitest";
import { collectValues, inputName, parseInputName } from "./types.ts";

describe("input names (DEMO.md)", () => {
  it.each([
    [4, undefined, "forms[fields][4]"],
    [1, "first", "forms[fields][1][first]"],
    [2, "secondary", "forms[fields][2][secondary]"],
    [4, "country", "forms[fields][4][country]"],
  ])("field %s %s → %s", (id, sub, name) => {
    expect(inputName(id, sub)).toBe(name);
    expect(parseInputName(name)).toEqual(sub === undefined ? { fieldId: id, list: false } : { fieldId: id, sub, list: false });
  });

  it.each([["forms[fields][7][]"], ["forms[fields][2][1][]"]])("%s is a list", (name) => {
    expect(parseInputName(name)?.list).toBe(true);
  });

  it.each([
    ["forms[token]"],
    ["forms[fields][]"],
    ["forms[fields][x]"],
    ["forms[fields][1][a b]"],
    ["fields[1]"],
    ["forms[fields][1][a][b]"],
  ])("%s is not a field input", (name) => {
    expect(parseInputName(name)).toBeNull();
  });

  it("collects values, lists and sub-inputs by field", () => {
    expect(
      collectValues([
        ["forms[fields][1][first]", "Ada"],
        ["forms[fields][1][last]", "Lovelace"],
        ["forms[fields][3]", "2"],
        ["forms[fields][7][]", "1"],
        ["forms[fields][7][]", "2"],
        ["forms[fields][9]", "a"],
        ["forms[fields][9]", "b"],
        ["forms[fields][2][1][]", "4"],
        ["forms[token]", "t"],
        ["start_timestamp", "1"],
      ]),
    ).toEqual({ 1: { first: "Ada", last: "Lovelace" }, 3: "2", 7: ["1", "2"], 9: ["a", "b"], 2: { 1: ["4"] } });
  });
});
