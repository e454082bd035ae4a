import { describe, expect, it } from "vitest";
import { addressLabel, printedAddress } from "./address.ts";

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  company: " ",
  address_1: "1 Test Street",
  city: "Los Angeles",
  state: "CA",
  postcode: "90001",
  country: "US",
  phone: "5550100100",
  email: "ada@example.com",
  "cw/gift": true,
};

describe("the console's addresses", () => {
  it("print as the storefront's label lines, with the country's and state's names", () => {
    expect(addressLabel(address)).toEqual(["Ada Lovelace", "1 Test Street", "Los Angeles, California 90001", "United States"]);
  });

  it("add the phone as people write it, then the email, on the order and customer pages", () => {
    expect(printedAddress(address)).toEqual([
      "Ada Lovelace",
      "1 Test Street",
      "Los Angeles, California 90001",
      "United States",
      "(555) 010-0100",
      "ada@example.com",
    ]);
  });

  it("keep a code the tables do not know, and leave out what is empty", () => {
    expect(printedAddress({ city: "Atlantis", state: "XX", country: "zz" })).toEqual(["Atlantis, XX", "ZZ"]);
    expect(printedAddress({})).toEqual([]);
  });
});
