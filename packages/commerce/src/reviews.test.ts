import { describe, expect, it } from "vitest";
import {
  DEFAULT_REVIEW_SETTINGS,
  duplicateKey,
  linkCount,
  ratedText,
  ratingAggregate,
  ratingFromSum,
  reviewHtml,
  reviewInputErrors,
  roundedStars,
  starsRange,
} from "./reviews.ts";

describe("ratingAggregate and ratingFromSum (the product's figures)", () => {
  it("averages rated reviews only, ×100 rounded half up", () => {
    expect(ratingAggregate([5, 4, 4, null])).toEqual({ ratingX100: 433, count: 3 });
    expect(ratingAggregate([])).toEqual({ ratingX100: 0, count: 0 });
    expect(ratingAggregate([null])).toEqual({ ratingX100: 0, count: 0 });
    expect(ratingFromSum(189, 41)).toEqual({ ratingX100: 461, count: 41 });
    expect(ratingFromSum(0, 0)).toEqual({ ratingX100: 0, count: 0 });
  });
});

describe("roundedStars and starsRange (the rating filter)", () => {
  it("agree: every stored average falls in the range of the stars it rounds to", () => {
    for (let x = 50; x <= 500; x++) {
      const stars = roundedStars(x);
      const [low, high] = starsRange(stars);
      expect(x >= low && x <= high, String(x)).toBe(true);
    }
    expect([roundedStars(449), roundedStars(450), roundedStars(0), roundedStars(149), roundedStars(150)]).toEqual([4, 5, 0, 1, 2]);
  });
});

describe("ratedText", () => {
  it("says the rating as a screen reader should", () => {
    expect(ratedText(4)).toBe("Rated 4 out of 5");
    expect(ratedText(4.61)).toBe("Rated 4.61 out of 5");
    expect(ratedText(4.5)).toBe("Rated 4.5 out of 5");
  });
});

describe("reviewHtml", () => {
  it("escapes the text and makes paragraphs and line breaks", () => {
    expect(reviewHtml("Great <script>x</script> & fun\n\nSecond\nline")).toBe(
      "<p>Great &lt;script&gt;x&lt;/script&gt; &amp; fun</p>\n<p>Second<br />\nline</p>",
    );
    expect(reviewHtml("  \n\n ")).toBe("");
  });
});

describe("reviewInputErrors", () => {
  const ok = { name: "Ana", email: "ana@example.com", rating: 5, text: "Lovely." };
  it("takes a complete guest review", () => {
    expect(reviewInputErrors(ok, DEFAULT_REVIEW_SETTINGS, true)).toEqual({});
  });
  it("names each missing or wrong field", () => {
    expect(reviewInputErrors({ name: "", email: "x@", rating: null, text: " " }, DEFAULT_REVIEW_SETTINGS, true)).toEqual({
      reviewer: "Enter your name.",
      reviewer_email: "Enter a valid email address.",
      rating: "Please select a rating.",
      review: "Write your review.",
    });
    expect(reviewInputErrors({ ...ok, rating: 0 }, DEFAULT_REVIEW_SETTINGS, true)).toEqual({
      rating: "Choose a rating from 1 to 5 stars.",
    });
  });
  it("needs no name or e-mail from a signed-in customer, and follows the rating settings", () => {
    expect(reviewInputErrors({ ...ok, name: "", email: "" }, DEFAULT_REVIEW_SETTINGS, false)).toEqual({});
    expect(reviewInputErrors({ ...ok, rating: null }, { ...DEFAULT_REVIEW_SETTINGS, ratingsRequired: false }, true)).toEqual({});
    expect(reviewInputErrors({ ...ok, rating: 9 }, { ...DEFAULT_REVIEW_SETTINGS, ratingsEnabled: false }, true)).toEqual({});
  });
});

describe("linkCount and duplicateKey", () => {
  it("count links and tell the same text apart from case and spacing", () => {
    expect(linkCount("see http://a.example and https://b.example or www.c.example")).toBe(3);
    expect(linkCount("no links here")).toBe(0);
    expect(duplicateKey("  Same   TEXT\nhere ")).toBe(duplicateKey("same text here"));
  });
});
