import type { FormField } from "@cartwright/commerce/forms";
import { describe, expect, it } from "vitest";
import { entriesCsvUrl } from "./api.ts";
import { cellText, formatMoney, formEmbedSnippet, publicFormPath, tableColumns } from "./format.ts";
import { entryQuery } from "./query.ts";

describe("formatMoney", () => {
  it.each([
    [6100, "USD", "$61.00"],
    [6100, "JPY", "¥6,100"],
    [1234, "EUR", "€12.34"],
    [0, "", "0.00"],
  ])("%i %s → %s", (minor, currency, expected) => expect(formatMoney(minor, currency)).toBe(expected));
});

describe("tableColumns", () => {
  const field = (id: number, type: string) => ({ id, type, label: `Field ${id}` }) as unknown as FormField;
  it("takes the first fields a person reads, skipping display-only kinds, files, drawings and cards", () => {
    const fields = [
      field(1, "html"),
      field(2, "name"),
      field(3, "signature"),
      field(4, "file-upload"),
      field(5, "email"),
      field(6, "credit-card"),
    ];
    expect(tableColumns([...fields, field(7, "textarea"), field(8, "tel")]).map((f) => f.id)).toEqual([2, 5, 7]);
    expect(tableColumns(fields, 5).map((f) => f.id)).toEqual([2, 5]);
  });
});

describe("cellText", () => {
  it("keeps short text, folds white space and cuts long text at a word", () => {
    expect(cellText("Parcel\n late")).toBe("Parcel late");
    expect(cellText(undefined)).toBe("");
    expect(cellText("one two three four five", 12)).toBe("one two…");
    expect(cellText("abcdefghijklmnopqrstuvwxyz", 10)).toBe("abcdefghij…");
  });
});

describe("links", () => {
  it("writes the public page, the one-tag embed and the CSV of the current filter", () => {
    expect(publicFormPath("feedback")).toBe("/forms/feedback");
    expect(formEmbedSnippet("https://shop.example", "feedback")).toBe(
      '<script src="https://shop.example/forms/feedback.js" async></script>',
    );
    expect(entriesCsvUrl(3, entryQuery(new URLSearchParams("search=late&payment=none&page=4&order=oldest")))).toBe(
      "/api/admin/v1/forms/3/entries.csv?search=late&payment_status=none",
    );
    expect(entriesCsvUrl(3, entryQuery(new URLSearchParams("")))).toBe("/api/admin/v1/forms/3/entries.csv");
  });
});
