import { describe, expect, it } from "vitest";
import { StoreApiFailure } from "../../api/store-client.ts";
import { cartMessages } from "../../stores/messages.ts";
import { clampWords, couponErrorMessage, plainText, taxLineLabel } from "./text.ts";

describe("plainText", () => {
  it("strips tags, decodes entities and collapses white space", () => {
    expect(plainText("<p>Tea &amp; <strong>biscuits</strong>&nbsp;&#8211; &#x2764;</p>\n")).toBe("Tea & biscuits – ❤");
  });
  it("leaves unknown entities alone", () => {
    expect(plainText("&bogus; ok")).toBe("&bogus; ok");
  });
});

describe("clampWords (spec §9: 15 words)", () => {
  it("keeps a description of 15 words or fewer whole", () => {
    const fifteen = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen";
    expect(clampWords(`<p>${fifteen}</p>`)).toBe(fifteen);
  });
  it("cuts after 15 words and ends with an ellipsis", () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i + 1}`);
    expect(clampWords(`<p>${words.join(" ")}</p>`)).toBe(`${words.slice(0, 15).join(" ")}…`);
  });
  it("gives nothing for an empty description", () => {
    expect(clampWords("<p> </p>")).toBe("");
  });
});

describe("couponErrorMessage (spec §8)", () => {
  const failure = (data: Record<string, unknown>, message = 'Coupon "x" does not exist!') =>
    new StoreApiFailure({ code: "cw_rest_cart_coupon_error", message, data: { status: 400, ...data } });

  it("prefers details.checkout, then details.cart, then the message", () => {
    expect(couponErrorMessage(failure({ details: { checkout: "From checkout", cart: "From cart" } }))).toBe("From checkout");
    expect(couponErrorMessage(failure({ details: { cart: "From cart" } }))).toBe("From cart");
    expect(couponErrorMessage(failure({}))).toBe('Coupon "x" does not exist!');
  });
  it("falls back to the generic text for anything else", () => {
    expect(couponErrorMessage(new Error("network"))).toBe(cartMessages.genericError);
  });
});

describe("taxLineLabel (spec §5: the tax name plus the rate if configured)", () => {
  it("writes the rate with the shop's decimal separator, the % where the Store API put it", () => {
    expect(taxLineLabel({ name: "VAT", rate: "20.5%" }, ",")).toBe("VAT 20,5%");
    expect(taxLineLabel({ name: "VAT", rate: "20.5%" }, ".")).toBe("VAT 20.5%");
    expect(taxLineLabel({ name: "VAT", rate: "20%" }, ",")).toBe("VAT 20%");
  });
  it("leaves out a rate or a name that is empty", () => {
    expect(taxLineLabel({ name: "Tax", rate: "" }, ",")).toBe("Tax");
    expect(taxLineLabel({ name: "", rate: "7.25%" }, ",")).toBe("7,25%");
  });
});
