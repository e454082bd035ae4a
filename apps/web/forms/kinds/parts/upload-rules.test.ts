import { describe, expect, it } from "vitest";
import { addFiles, fileProblem, readableSize, totalSizeProblem } from "./upload-rules.ts";

const MB = 1024 * 1024;
const design = { extensions: ["png", "jpg", "jpeg", "pdf", "svg"], maxFileBytes: 5 * MB, maxFiles: 1 };
const attachment = { extensions: ["png", "jpg", "jpeg", "pdf"], maxFileBytes: 2 * MB, maxFiles: 2 };

describe("upload checks", () => {
  it("refuses a file by extension or size with the field's messages", () => {
    expect(fileProblem(design, { name: "tee.SVG", size: 1000 })).toBeNull();
    expect(fileProblem(design, { name: "tee.exe", size: 1000 })).toBe("Files of this type are not accepted here.");
    expect(fileProblem(design, { name: "tee.png", size: 6 * MB })).toBe("This file is larger than 5 MB.");
  });

  it("replaces the file of a one-file field and keeps it when the new one is refused", () => {
    const first = { name: "a.png", size: 10 };
    expect(addFiles(design, [first], [{ name: "b.pdf", size: 10 }]).files.map((f) => f.name)).toEqual(["b.pdf"]);
    const refused = addFiles(design, [first], [{ name: "b.exe", size: 10 }]);
    expect(refused.files).toEqual([first]);
    expect(refused.problems).toEqual(["b.exe: Files of this type are not accepted here."]);
  });

  it("adds to a several-files field up to its count", () => {
    const result = addFiles(
      attachment,
      [{ name: "a.png", size: 1 }],
      [
        { name: "b.png", size: 1 },
        { name: "c.png", size: 1 },
      ],
    );
    expect(result.files.map((f) => f.name)).toEqual(["a.png", "b.png"]);
    expect(result.problems).toEqual(["Please choose no more than 2 files."]);
  });

  it("states the combined size in MB while over post_max_size", () => {
    expect(totalSizeProblem(9 * MB, 8 * MB)).toBe("The selected files come to 9 MB, above the limit of 8 MB.");
    expect(totalSizeProblem(8 * MB, 8 * MB)).toBeNull();
    expect(totalSizeProblem(8.5 * MB, 0)).toBeNull();
  });

  it("writes sizes readably", () => {
    expect(readableSize(900)).toBe("900 bytes");
    expect(readableSize(850 * 1024)).toBe("850 KB");
    expect(readableSize(1.44 * MB)).toBe("1.4 MB");
  });
});
