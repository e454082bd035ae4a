/** checkFileContent: a file's content must belong to its extension's family (decision 0023). */
import { describe, expect, it } from "vitest";
import { SAMPLES } from "./messages.test-support.ts";
import { checkFileContent, fileExtension, MESSAGE_FILE_LIMITS, UPLOAD_MESSAGES } from "./uploads.ts";

const OLE = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(600)]);
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"), Buffer.alloc(64)]);
const WAV = Buffer.concat([Buffer.from("RIFF"), Buffer.from([36, 0, 0, 0]), Buffer.from("WAVEfmt "), Buffer.alloc(64)]);

describe("checkFileContent", () => {
  it.each([
    ["photo.png", SAMPLES.png, "image/png"],
    ["PHOTO.PNG", SAMPLES.png, "image/png"],
    ["scan.pdf", SAMPLES.pdf, "application/pdf"],
    ["cat.jpeg", JPEG, "image/jpeg"],
    ["cat.jpg", JPEG, "image/jpeg"],
    ["old.doc", OLE, "application/x-cfb"],
    ["sheet.xls", OLE, "application/x-cfb"],
    ["voice.wav", WAV, "audio/wav"],
    // A form's own extensions (the contact form's rules never let these through).
    ["notes.txt", Buffer.from("Collar size: 15½\nThanks!"), "text/plain"],
    ["sizes.csv", Buffer.from("size,count\nM,2\n"), "text/csv"],
    ["logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>'), "image/svg+xml"],
  ])("accepts %s as its detected type", async (name, data, type) => {
    expect(await checkFileContent(name, data)).toEqual({ extension: fileExtension(name), contentType: type });
  });

  it.each([
    ["setup.pdf", SAMPLES.exe, UPLOAD_MESSAGES.program],
    ["tool.png", SAMPLES.elf, UPLOAD_MESSAGES.program],
    ["app.mov", SAMPLES.machO, UPLOAD_MESSAGES.program],
    ["run.doc", SAMPLES.script, UPLOAD_MESSAGES.program],
    ["logo.png", SAMPLES.svg, UPLOAD_MESSAGES.markup],
    ["page.gif", SAMPLES.html, UPLOAD_MESSAGES.markup],
    ["trick.png", SAMPLES.gifPolyglot, UPLOAD_MESSAGES.mismatch("png")],
    ["photo.jpg", SAMPLES.png, UPLOAD_MESSAGES.mismatch("jpg")],
    ["notes.docx", OLE, UPLOAD_MESSAGES.mismatch("docx")],
    ["data.pdf", Buffer.from("just some text"), UPLOAD_MESSAGES.mismatch("pdf")],
    ["empty.png", Buffer.alloc(0), UPLOAD_MESSAGES.empty],
    ["logo.svg", SAMPLES.svg, UPLOAD_MESSAGES.scriptedSvg],
    // Polyglots (issue 21's abuse scenario): a real image that is also a page or carries a script.
    [
      "photo.jpg",
      Buffer.concat([JPEG, Buffer.from("<html><script>alert(1)</script></html>"), Buffer.from("ffd9", "hex")]),
      UPLOAD_MESSAGES.hidden,
    ],
    ["photo.png", Buffer.concat([SAMPLES.png, Buffer.from("<script>alert(1)</script>")]), UPLOAD_MESSAGES.hidden],
    ["anim.gif", Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(20), Buffer.from('<svg onload="alert(1)">')]), UPLOAD_MESSAGES.hidden],
    [
      "badge.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>'),
      UPLOAD_MESSAGES.scriptedSvg,
    ],
    ["page.svg", SAMPLES.html, UPLOAD_MESSAGES.mismatch("svg")],
    ["page.txt", SAMPLES.html, UPLOAD_MESSAGES.markup],
    ["binary.txt", SAMPLES.png, UPLOAD_MESSAGES.mismatch("txt")],
    ["huge.pdf", Buffer.concat([SAMPLES.pdf, Buffer.alloc(MESSAGE_FILE_LIMITS.bytes)]), UPLOAD_MESSAGES.tooLarge],
  ])("refuses %s", async (name, data, error) => {
    expect(await checkFileContent(name, data)).toEqual({ error });
  });
});
