import { describe, expect, it } from "vitest";
import type { OwnerAttribute } from "./api.ts";
import {
  addTerm,
  formFields,
  fromDraft,
  isDirty,
  keepTerm,
  keptTerms,
  moveTerm,
  removeTerm,
  setTerm,
  termLabel,
  termsPreview,
  toDraft,
} from "./model.ts";

const material: OwnerAttribute = {
  id: 4,
  name: "Material",
  slug: "material",
  count: 2,
  terms: [
    { id: 10, name: "Cotton", slug: "cotton", count: 2 },
    { id: 11, name: "Wool", slug: "wool", count: 0 },
    { id: 12, name: "Linen", slug: "linen", count: 1 },
  ],
  version: "v1",
};
const names = (draft: ReturnType<typeof toDraft>) => keptTerms(draft).map((t) => t.name);
const unnamed = (n: number) => `term ${n}`;

describe("the attribute form's draft", () => {
  it("reads an attribute and sends it back unchanged, the terms by id in order; a new form is empty", () => {
    const draft = toDraft(material);
    expect(draft.terms.map((t) => t.key)).toEqual(["t10", "t11", "t12"]);
    expect(fromDraft(draft)).toEqual({
      name: "Material",
      slug: "material",
      terms: [
        { id: 10, name: "Cotton", slug: "cotton" },
        { id: 11, name: "Wool", slug: "wool" },
        { id: 12, name: "Linen", slug: "linen" },
      ],
    });
    expect(isDirty(draft, toDraft(material))).toBe(false);
    expect(fromDraft(toDraft(null))).toEqual({ name: "", slug: "", terms: [] });
  });

  it("adds empty terms with keys of their own, sent without an id, and calls any change unsaved", () => {
    const saved = toDraft(material);
    const first = addTerm(saved);
    const second = addTerm(first.draft);
    expect([first.key, second.key]).toEqual(["n1", "n2"]);
    const named = setTerm(second.draft, "n1", { name: "Silk" });
    expect(fromDraft(named).terms.slice(3)).toEqual([
      { id: null, name: "Silk", slug: "" },
      { id: null, name: "", slug: "" },
    ]);
    expect(isDirty(named, saved)).toBe(true);
    expect(isDirty(setTerm(saved, "t11", { slug: "merino" }), saved)).toBe(true);
    expect(isDirty({ ...saved, name: "Fabric" }, saved)).toBe(true);
  });

  it("moves a term up or down one place, saying where it went, and not past either end", () => {
    const draft = toDraft(material);
    const up = moveTerm(draft, "t12", -1);
    expect(up.position).toBe(2);
    expect(names(up.draft)).toEqual(["Cotton", "Linen", "Wool"]);
    expect(fromDraft(up.draft).terms.map((t) => t.id)).toEqual([10, 12, 11]);
    expect(moveTerm(draft, "t10", -1)).toEqual({ draft, position: null });
    expect(moveTerm(draft, "t12", 1)).toEqual({ draft, position: null });
    expect(moveTerm(draft, "t99", 1).position).toBeNull();
    expect(isDirty(up.draft, draft)).toBe(true);
    expect(isDirty(moveTerm(up.draft, "t12", 1).draft, draft)).toBe(false);
  });

  it("drops a new term at once, marks a saved one until the save, and keeps it again in its place", () => {
    const withNew = addTerm(toDraft(material));
    expect(removeTerm(withNew.draft, withNew.key).terms).toHaveLength(3);
    const marked = removeTerm(toDraft(material), "t11");
    expect(marked.terms).toHaveLength(3);
    expect(names(marked)).toEqual(["Cotton", "Linen"]);
    expect(fromDraft(marked).terms.map((t) => t.id)).toEqual([10, 12]);
    // Moving skips a marked term: Linen goes above Cotton.
    expect(names(moveTerm(marked, "t12", -1).draft)).toEqual(["Linen", "Cotton"]);
    expect(names(keepTerm(marked, "t11"))).toEqual(["Cotton", "Wool", "Linen"]);
    expect(isDirty(keepTerm(marked, "t11"), toDraft(material))).toBe(false);
  });

  it("puts the API's term messages on the rows they name, by the kept terms' order, and a refused delete on its marked row", () => {
    const marked = removeTerm(toDraft(material), "t10");
    const { draft, key } = addTerm(marked);
    expect(
      formFields(draft, {
        slug: "Another attribute already has the slug.",
        "terms.0.name": "Enter a name.",
        "terms.2.slug": "Term 1 already has this slug.",
        "terms.7.slug": "No such row",
      }),
    ).toEqual({
      slug: "Another attribute already has the slug.",
      "terms.t11.name": "Enter a name.",
      [`terms.${key}.slug`]: "Term 1 already has this slug.",
      "terms.7.slug": "No such row",
    });
    expect(formFields(draft, {}, [10, 11], "In use")).toEqual({ "terms.t10.name": "In use" });
  });

  it("names a term by its name, or its place while it has none; the list shows the first few names", () => {
    const { draft, key } = addTerm(toDraft(material));
    expect(termLabel(draft, "t11", unnamed)).toBe("Wool");
    expect(termLabel(draft, key, unnamed)).toBe("term 4");
    expect(termLabel(setTerm(draft, key, { name: "  Silk " }), key, unnamed)).toBe("Silk");
    expect(termsPreview(["S", "M", "L"])).toBe("S, M, L");
    expect(termsPreview(["XS", "S", "M", "L", "XL", "XXL", "3XL"], 5)).toBe("XS, S, M, L, XL, +2 more");
    expect(termsPreview([])).toBe("");
  });
});
