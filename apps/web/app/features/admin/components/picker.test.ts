import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picker } from "./Picker.tsx";
import { fold, joinList, matchOptions, moveActive, splitList } from "./picker.ts";

const countries = [
  { value: "CI", label: "Côte d'Ivoire" },
  { value: "US", label: "United States" },
  { value: "GB", label: "United Kingdom" },
  { value: "AE", label: "United Arab Emirates" },
  { value: "TZ", label: "Tanzania", hint: "Africa" },
];

describe("matching what the owner types", () => {
  it("ignores case and accents, and needs every word", () => {
    expect(fold("  Côte D'IVOIRE ")).toBe("cote d'ivoire");
    expect(matchOptions(countries, "cote", new Set()).map((o) => o.value)).toEqual(["CI"]);
    expect(matchOptions(countries, "united k", new Set()).map((o) => o.value)).toEqual(["GB"]);
    expect(matchOptions(countries, "states united", new Set()).map((o) => o.value)).toEqual(["US"]);
  });

  it("lists names that start with the text first, then the rest, searching hints and values too", () => {
    const options = [
      { value: "1", label: "Hoodie with logo" },
      { value: "2", label: "Logo collection" },
    ];
    expect(matchOptions(options, "logo", new Set()).map((o) => o.value)).toEqual(["2", "1"]);
    expect(matchOptions(countries, "africa", new Set()).map((o) => o.value)).toEqual(["TZ"]);
    expect(matchOptions(countries, "gb", new Set()).map((o) => o.value)).toEqual(["GB"]);
  });

  it("leaves out what is chosen, offers everything else when nothing is typed, and stops at the limit", () => {
    expect(matchOptions(countries, "united", new Set(["US"])).map((o) => o.value)).toEqual(["GB", "AE"]);
    expect(matchOptions(countries, "", new Set(["CI"]), 2).map((o) => o.value)).toEqual(["US", "GB"]);
    expect(matchOptions(countries, "atlantis", new Set())).toEqual([]);
  });
});

describe("the arrow keys", () => {
  it("move down and up, wrap at the ends, and jump with Home and End", () => {
    expect(moveActive(-1, "ArrowDown", 3)).toBe(0);
    expect(moveActive(0, "ArrowDown", 3)).toBe(1);
    expect(moveActive(2, "ArrowDown", 3)).toBe(0);
    expect(moveActive(-1, "ArrowUp", 3)).toBe(2);
    expect(moveActive(0, "ArrowUp", 3)).toBe(2);
    expect(moveActive(1, "Home", 3)).toBe(0);
    expect(moveActive(1, "End", 3)).toBe(2);
    expect(moveActive(0, "ArrowDown", 0)).toBe(-1);
  });
});

describe("lists typed as text", () => {
  it("split on commas and spaces and join back", () => {
    expect(splitList(" 3, 4,,5  6")).toEqual(["3", "4", "5", "6"]);
    expect(joinList(["3", "4"])).toBe("3, 4");
    expect(splitList("")).toEqual([]);
  });
});

describe("the picker's markup", () => {
  it("is a labelled combobox controlling a closed listbox, with a Remove button per chosen name", () => {
    const html = renderToStaticMarkup(
      createElement(Picker, {
        path: "countries",
        label: "Countries",
        chosen: [{ value: "US", label: "United States" }],
        onChange: () => {},
        options: countries,
      }),
    );
    expect(html).toMatch(/<label for="f-countries">Countries<\/label>/);
    expect(html).toMatch(/<input[^>]*id="f-countries"[^>]*role="combobox"[^>]*aria-autocomplete="list"[^>]*aria-expanded="false"/);
    const controls = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<div id="${controls}" role="listbox" aria-label="Countries"`);
    expect(html).toContain('aria-label="Remove United States"');
    expect(html).not.toContain('role="option"');
  });

  it("says so when nothing is chosen", () => {
    const html = renderToStaticMarkup(createElement(Picker, { path: "p", label: "Products", chosen: [], onChange: () => {}, options: [] }));
    expect(html).toContain("None chosen.");
  });
});
