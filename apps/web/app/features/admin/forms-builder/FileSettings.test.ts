import { megabytes, UPLOAD_BOUNDS } from "@cartwright/commerce/forms";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileSizeText, typedFileBytes } from "./FileSettings.tsx";
import { builderMessages } from "./messages.ts";

const MB = 1024 * 1024;
const commaDecimals = { decimalSeparator: ",", thousandSeparator: "." };
const pointDecimals = { decimalSeparator: ".", thousandSeparator: "," };
const bounds = { places: 2, smallest: "0.01", largest: "50" };

describe("a file field's largest size in MB as the shop writes numbers", () => {
  it("reads MB in the shop's decimal separator as the whole bytes the server keeps", () => {
    expect(typedFileBytes("2,5", commaDecimals)).toBe(2.5 * MB);
    expect(typedFileBytes(" 7 ", commaDecimals)).toBe(7 * MB);
    expect(typedFileBytes(",25", commaDecimals)).toBe(0.25 * MB);
    expect(typedFileBytes("1.75", pointDecimals)).toBe(1.75 * MB);
    expect(typedFileBytes("0,01", commaDecimals)).toBe(10486);
    expect(typedFileBytes("50", commaDecimals)).toBe(UPLOAD_BOUNDS.maxFileBytes);
  });

  it("refuses the other separator, a thousand separator, a third decimal and sizes past the server's bounds", () => {
    for (const typed of ["2.5", "1.000", "2,555", "0", "0,00", "50,01", "51", "-1", "", "ten", "2 MB"])
      expect(typedFileBytes(typed, commaDecimals), typed).toBeNull();
    for (const typed of ["2,5", "1,000", "0.001", "60"]) expect(typedFileBytes(typed, pointDecimals), typed).toBeNull();
  });

  it("shows a size that reads back to the same bytes, as visitors are told it", () => {
    expect(fileSizeText(2.5 * MB, commaDecimals)).toBe("2,5");
    expect(fileSizeText(UPLOAD_BOUNDS.maxFileBytes, commaDecimals)).toBe("50");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.boolean(), (hundredths, comma) => {
        const format = comma ? commaDecimals : pointDecimals;
        const bytes = typedFileBytes(String(hundredths / 100), pointDecimals);
        expect(bytes).not.toBeNull();
        expect(typedFileBytes(fileSizeText(bytes ?? 0, format), format)).toBe(bytes);
        expect(fileSizeText(bytes ?? 0, format)).toBe(megabytes(bytes ?? 0).replace(".", format.decimalSeparator));
      }),
    );
  });

  it("names the shop's format and the bounds when it cannot read one", () => {
    expect(builderMessages.unreadableFileSize("2.5", bounds, commaDecimals)).toBe(
      '"2.5" is not a size the field takes: MB from 0,01 to 50 as the shop writes numbers, such as 2,5: digits, "," before at most 2 decimal places, no thousands separator.',
    );
    expect(builderMessages.fileSizeHint(bounds, pointDecimals)).toBe("From 0.01 to 50 MB, as the shop writes numbers, such as 2.5.");
  });
});
