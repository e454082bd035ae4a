/** The order search's words (decision 0039): what an order is found by, and what a search looks for. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldText, MAX_SEARCH_WORDS, orderSearchTerms, PREFIX_END, searchWords, TERM_MAX_LENGTH } from "./order-search.ts";

const terms = (email: string, first = "", last = "", products: string[] = []) =>
  orderSearchTerms({ billingEmail: email, billingAddress: JSON.stringify({ first_name: first, last_name: last }), productNames: products });

/** True when some term starts with every searched word, as the index ranges find them. */
const finds = (orderTerms: string[], search: string) =>
  searchWords(search).every((word) => orderTerms.some((term) => term >= word && term < word + PREFIX_END));

describe("foldText", () => {
  it("lower-cases, folds accents, compatibility forms and typographic apostrophes", () => {
    expect(foldText("José ZOË Ñúñez")).toBe("jose zoe nunez");
    expect(foldText("İstanbul ℌ ﬁle Ｆull")).toBe("istanbul h file full");
    expect(foldText("O’Brien")).toBe("o'brien");
  });
  it("folds ASCII text without normalize() exactly as the general path does", () => {
    const general = (text: string) =>
      text
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(/[\u2018\u2019\u02bc]/g, "'");
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 40 }), (text) => {
        expect(foldText(text)).toBe(general(text));
      }),
    );
    expect(foldText("Jane O'Brien-Smith <JANE@Mail.Example>")).toBe("jane o'brien-smith <jane@mail.example>");
  });
});

describe("orderSearchTerms", () => {
  it("holds the email from each piece on, its domain after @, the names and product words", () => {
    const found = terms("Jane.Doe+Shop@Mail.Example.co.uk", "José", "O'Brien", ["Hoodie with Logo", "Classic T-Shirt"]);
    expect(found).toEqual(
      expect.arrayContaining([
        "jane.doe+shop@mail.example.co.uk",
        "doe+shop@mail.example.co.uk",
        "shop@mail.example.co.uk",
        "mail.example.co.uk",
        "example.co.uk",
        "uk",
        "@mail.example.co.uk",
        "jose",
        "o'brien",
        "o",
        "brien",
        "obrien",
        "hoodie",
        "logo",
        "t-shirt",
        "shirt",
        "tshirt",
      ]),
    );
    expect(new Set(found).size).toBe(found.length);
  });

  it("is found by what an owner types: parts of the email, a name, a product's word, several at once", () => {
    const order = terms("jane.doe+shop@mail.example.com", "Zoë", "García-López", ["Hoodie with Logo"]);
    for (const search of [
      "jane.doe+shop@",
      "JANE.DOE+SHOP@MAIL.EXAMPLE.COM",
      "doe",
      "example.com",
      "@mail.example",
      "mail.example.com",
      "zoe",
      "Zoë",
      "garcia",
      "lopez",
      "garcía-lópez",
      "hood",
      "zoe hoodie",
      '"zoe", hood',
    ])
      expect([search, finds(order, search)]).toEqual([search, true]);
    // Inside a word, or an e-mail whose local part is longer than the word typed before "@": not found.
    for (const search of ["oodie", "xample.com", "jane@", "zoe beanie", "hoodie%", "h_odie", "%", "_"])
      expect([search, finds(order, search)]).toEqual([search, false]);
  });

  it("is found by the billing phone however it is written, whole or by its last runs of digits", () => {
    const billingAddress = JSON.stringify({ first_name: "Grace", phone: "+1 (555) 010-2030" });
    const order = orderSearchTerms({ billingEmail: "", billingAddress, productNames: ["Classic T-Shirt"] });
    expect(order).toEqual(expect.arrayContaining(["15550102030", "5550102030", "0102030", "2030"]));
    for (const search of ["+1 (555) 010-2030", "555-010-2030", "(555) 010 2030", "555.010.2030", "5550102030", "2030", "grace 2030"])
      expect([search, finds(order, search)]).toEqual([search, true]);
    // Digits inside a run, or another number: not found.
    for (const search of ["0102031", "030", "555-999"]) expect([search, finds(order, search)]).toEqual([search, false]);
    // A product word with digits keeps its own terms: "3-pack" is still a word, not a number.
    expect(searchWords("3-Pack 555-0199 +44")).toEqual(["3-pack", "5550199", "44"]);
  });

  it("reads % and _ as the characters they are", () => {
    const order = terms("half_50%@example.com", "Ann", "Fifty%Off_Sale");
    expect(finds(order, "half_50%@")).toBe(true);
    expect(finds(order, "fifty%off")).toBe(true);
    expect(finds(order, "fifty_off")).toBe(false);
    expect(finds(order, "f%y")).toBe(false);
  });

  it("keeps an order with an unreadable address findable by its email and products", () => {
    expect(orderSearchTerms({ billingEmail: "a@b.test", billingAddress: "not json", productNames: ["Mug"] })).toEqual(
      expect.arrayContaining(["a@b.test", "b.test", "mug"]),
    );
  });

  it("cuts long words, whose cut searches still find them", () => {
    const long = `${"x".repeat(80)}@example.com`;
    const order = terms(long);
    expect(order.every((term) => Array.from(term).length <= TERM_MAX_LENGTH)).toBe(true);
    expect(finds(order, long)).toBe(true);
  });
});

describe("searchWords", () => {
  it("splits on spaces, folds, drops wrapping quotes and commas, keeps inner punctuation, each word once", () => {
    expect(searchWords('  "Doe,"  JANE@  (hood)  jane@ o’brien ')).toEqual(["doe", "jane@", "hood", "o'brien"]);
    expect(searchWords(",,, ''")).toEqual([]);
    expect(searchWords("50% off_")).toEqual(["50%", "off_"]);
  });

  it("takes at most a few words", () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
  });
});
