import { describe, expect, it } from "vitest";
import { csvCell, entriesCsv, spreadsheetText } from "./csv.ts";

describe("csvCell (RFC 4180, safe in a spreadsheet)", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    [["Gift wrap", "Express printing"], '"Gift wrap, Express printing"'],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+1", "'=1+1"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-5", "'-5"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tTab", "'\tTab"],
    ["\r=cmd", '"\'\r=cmd"'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["a=b", "a=b"],
    [" =1", " =1"],
    ["'=1", "''=1"],
    ["'plain", "'plain"],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe("entriesCsv", () => {
  it("writes a header row and CRLF-ended rows", () => {
    expect(
      entriesCsv(
        ["Entry", "Name", "Message"],
        [
          [1, "Ada", "Hello, shop"],
          [2, "=cmd|' /C calc'!A0", ""],
        ],
      ),
    ).toBe("Entry,Name,Message\r\n1,Ada,\"Hello, shop\"\r\n2,'=cmd|' /C calc'!A0,\r\n");
  });
  it("neutralises headers too (field labels are the owner's text)", () => {
    expect(entriesCsv(["-Label"], [])).toBe("'-Label\r\n");
  });
});

describe("spreadsheetText (what an import reads back)", () => {
  it.each(["=1+1", "-5", "'=1", "''-2", "'plain", "plain", "a=b", "\tTab", "", "'"])("%j survives a round trip", (value) => {
    const cell = csvCell(value);
    // The cell's own text, as a CSV parser hands it over.
    const text = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(spreadsheetText(text)).toBe(value);
  });

  it("leaves a hand-written negative number or formula as it is", () => {
    expect(spreadsheetText("-5")).toBe("-5");
    expect(spreadsheetText("=SUM(A1)")).toBe("=SUM(A1)");
  });
});
