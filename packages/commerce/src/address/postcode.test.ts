import { postcodeValidator } from "postcode-validator";
import { describe, expect, it } from "vitest";
import { comparablePostcode, hasPostcodePattern, isValidPostcode, normalisePostcode } from "./postcode.ts";

// Spec §5 "Postcode patterns": a valid and an invalid postcode for every country it names.
const VALID: [country: string, postcode: string][] = [
  // Countries that accept an empty postcode, and a filled one.
  ["BH", ""],
  ["BH", "317"],
  ["BH", "1216"],
  ["BB", ""],
  ["BB", "BB11000"],
  ["EC", ""],
  ["EC", "170150"],
  ["HN", ""],
  ["HN", "11101"],
  ["LB", ""],
  ["LB", "1103 2070"],
  ["MU", ""],
  ["MU", "42602"],
  ["NI", ""],
  ["NI", "11001"],
  ["NG", ""],
  ["NG", "100001"],
  ["US", "90210"],
  ["US", "90210-1234"],
  ["CA", "K1A 0B1"],
  ["CA", "K1A0B1"],
  ["CA", "k1a 0b1"],
  ["GB", "SW1A 1AA"],
  ["GB", "SW1A1AA"],
  ["GB", "M1 1AE"],
  ["GB", "B33 8TH"],
  ["GB", "CR2 6XH"],
  ["GB", "DN55 1PT"],
  ["GB", "W1A 0AX"],
  ["GB", "sw1a 1aa"],
  ["GB", "BFPO 801"],
  ["GB", "BFPO1234"],
  ["UK", "EC1A 1BB"],
  ["NL", "0123 AB"],
  ["DE", "10115"],
  ["IT", "00144"],
  ["MX", "06600"],
  ["AU", "2000"],
  ["CH", "8001"],
  ["BE", "1000"],
  ["DK", "1050"],
  ["NO", "0150"],
  ["NZ", "6011"],
  ["AT", "1010"],
  ["NL", "1234 AB"],
  ["NL", "1234AB"],
  ["NL", "1234 SB"],
  ["JP", "100-0001"],
  ["PL", "00-950"],
  ["BR", "01310-100"],
  ["BR", "01310100"],
  ["PT", "1000-001"],
  ["PT", "1000"],
  ["IE", "D02 X285"],
  ["IE", "A65F4E2"],
  ["IE", "D6W 1234"],
  ["SE", "114 55"],
  ["SE", "11455"],
  ["SE", "SE-114 55"],
  ["FI", "00100"],
  ["FI", "FI-00100"],
  ["FI", "AX-22100"],
  ["CN", "100000"],
  ["SG", "018956"],
  ["IN", "110001"],
  ["RU", "101000"],
  ["RO", "010011"],
  ["ES", "28013"],
  ["ES", "01001"],
  ["ES", "52001"],
  ["BA", "71000"],
  ["KH", "120101"],
  ["LI", "9485"],
  ["LI", "9490"],
  ["LI", "9498"],
  ["MN", "14200"],
  ["MN", "142000"],
  ["SI", "1000"],
  ["SI", "SI-1000"],
  // Fixed codes of territories.
  ["FK", "FIQQ 1ZZ"],
  ["FK", "fiqq 1zz"],
  ["GS", "SIQQ 1ZZ"],
  ["PN", "PCRN 1ZZ"],
  ["VA", "00120"],
  // No pattern: anything passes, including nothing.
  ["AE", "anything at all"],
  ["AE", ""],
  ["ZZ", "12"],
];

const INVALID: [country: string, postcode: string][] = [
  ["BH", "12345"],
  ["BB", "11000"],
  ["EC", "1701"],
  ["HN", "1110"],
  ["LB", "12"],
  ["MU", "123"],
  ["NI", "1100"],
  ["NI", "123-456"],
  ["NG", "10000"],
  ["US", ""],
  ["US", "9021"],
  ["US", "90210-12"],
  ["US", "ABCDE"],
  ["CA", "K1A 0B"],
  ["CA", "D1A 0B1"],
  ["CA", "123456"],
  ["GB", ""],
  ["GB", "12345"],
  ["GB", "SW1A"],
  ["GB", "SW1A 1A_"],
  ["GB", "BFPO 12345"],
  ["GB", "BFPO"],
  ["UK", "SW1A 1A^"],
  ["DE", "1011"],
  ["DE", "101155"],
  ["IT", "0014"],
  ["MX", "6600"],
  ["AU", "200"],
  ["CH", "80011"],
  ["BE", "10000"],
  ["DK", "105"],
  ["NO", "01500"],
  ["NZ", "60111"],
  ["AT", "0123"],
  ["AT", "12345"],
  ["NL", "1234 SA"],
  ["NL", "1234SD"],
  ["NL", "1234 SS"],
  ["UK", "BFPO 57"],
  ["NL", "1234 A"],
  ["JP", "1000001"],
  ["JP", "100-001"],
  ["PL", "00950"],
  ["BR", "0131010"],
  ["PT", "1000001"],
  ["PT", "1000-01"],
  ["IE", "D02 X28"],
  ["IE", "B02 X285"],
  ["SE", "1145"],
  ["SE", "SE 114 55"],
  ["FI", "0010"],
  ["FI", "SE-00100"],
  ["CN", "10000"],
  ["SG", "01895"],
  ["IN", "11000"],
  ["RU", "10100"],
  ["RO", "01001"],
  ["ES", "53001"],
  ["ES", "00001"],
  ["ES", "2801"],
  ["BA", "11000"],
  ["KH", "12000"],
  ["LI", "9484"],
  ["LI", "9499"],
  ["LI", "94851"],
  ["LI", "X9490"],
  ["MN", "1420"],
  ["SI", "0100"],
  ["FK", "FIQQ1ZZ"],
  ["FK", "FIQQ 1ZY"],
  ["VA", "00121"],
];

describe("isValidPostcode (spec §5 Postcode patterns)", () => {
  it.each(VALID)("%s accepts %j", (country, postcode) => {
    expect(isValidPostcode(postcode, country)).toBe(true);
  });

  it.each(INVALID)("%s rejects %j", (country, postcode) => {
    expect(isValidPostcode(postcode, country)).toBe(false);
  });

  it("trims, upper-cases and takes the country in any case", () => {
    expect(isValidPostcode("  sw1a 1aa  ", "gb")).toBe(true);
    expect(isValidPostcode(" 90210 ", " us ")).toBe(true);
  });

  it("knows which countries have a pattern", () => {
    expect(hasPostcodePattern("US")).toBe(true);
    expect(hasPostcodePattern("kh")).toBe(true);
    expect(hasPostcodePattern("AE")).toBe(false);
  });
});

describe("where postcode-validator 3.9.2 disagrees with the spec, our rule wins", () => {
  // Each row: postcode-validator's answer, then ours. If the library changes, these tell us the override may go.
  it.each([
    ["GB", "SW1A 1A_", true, false],
    ["GB", "BFPO 801", false, true],
    ["NL", "1234 SA", true, false],
    ["LI", "94851", true, false],
    ["LI", "9498", false, true],
    ["KH", "120101", false, true],
    ["BA", "11000", true, false],
    ["NI", "11001", false, true],
    ["MN", "142000", false, true],
    ["SI", "0100", true, false],
  ] as const)("%s %j: library %s, ours %s", (country, postcode, library, ours) => {
    expect(postcodeValidator(postcode, country)).toBe(library);
    expect(isValidPostcode(postcode, country)).toBe(ours);
  });
});

describe("normalisePostcode and comparablePostcode", () => {
  it("trims the start only and upper-cases while typing", () => {
    expect(normalisePostcode("  sw1a 1aa ")).toBe("SW1A 1AA ");
  });

  it("removes every space for comparing", () => {
    expect(comparablePostcode(" sw1a  1aa ")).toBe("SW1A1AA");
    expect(comparablePostcode("SW1A 1AA")).toBe(comparablePostcode("sw1a1aa"));
  });
});
