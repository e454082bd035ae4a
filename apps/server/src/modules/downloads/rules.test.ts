import { describe, expect, it } from "vitest";
import {
  accessExpires,
  attachmentHeader,
  continuesDownload,
  downloadsGranted,
  fileValidators,
  ifRangeHolds,
  isSpeculative,
  rangeAsked,
  refusalOf,
  resumable,
  servedType,
  shortenedAddress,
  typeOfUpload,
  uploadName,
} from "./rules.ts";

describe("what a purchase grants", () => {
  it("gives the limit for each unit bought, or unlimited", () => {
    expect(downloadsGranted(3, 1)).toBe(3);
    expect(downloadsGranted(3, 2)).toBe(6);
    expect(downloadsGranted(null, 5)).toBeNull();
  });
  it("ends access the given days after the grant, or never", () => {
    expect(accessExpires(30, "2026-11-30T12:00:00.000Z")).toBe("2026-12-30T12:00:00.000Z");
    expect(accessExpires(null, "2026-11-30T12:00:00.000Z")).toBeNull();
  });
});

describe("refusalOf", () => {
  const now = "2026-11-30T12:00:00.000Z";
  const paid = { orderStatus: "completed", orderCustomerId: null, downloadsRemaining: 1, accessExpires: null };
  it("lets a paid guest order in time and with downloads left through", () => {
    expect(refusalOf(paid, 0, now)).toBeNull();
    expect(refusalOf({ ...paid, downloadsRemaining: null, accessExpires: "2026-12-01T00:00:00.000Z" }, 0, now)).toBeNull();
  });
  it("names why not, the account first", () => {
    expect(refusalOf({ ...paid, orderCustomerId: 7 }, 0, now)).toBe("sign_in");
    expect(refusalOf({ ...paid, orderCustomerId: 7 }, 8, now)).toBe("not_yours");
    expect(refusalOf({ ...paid, orderCustomerId: 7 }, 7, now)).toBeNull();
    expect(refusalOf({ ...paid, orderStatus: "refunded" }, 0, now)).toBe("not_paid");
    expect(refusalOf({ ...paid, orderStatus: "on-hold" }, 0, now)).toBe("not_paid");
    expect(refusalOf({ ...paid, accessExpires: now }, 0, now)).toBe("expired");
    expect(refusalOf({ ...paid, downloadsRemaining: 0 }, 0, now)).toBe("used_up");
  });
});

describe("shortenedAddress", () => {
  it("keeps an IPv4 address without its last byte and IPv6 to 48 bits", () => {
    expect(shortenedAddress("203.0.113.77")).toBe("203.0.113.0");
    expect(shortenedAddress("::ffff:198.51.100.9")).toBe("198.51.100.0");
    expect(shortenedAddress("2001:DB8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3::");
    expect(shortenedAddress("2001:db8::1")).toBe("2001:db8::");
    expect(shortenedAddress("nonsense")).toBe("");
  });
});

describe("serving a file", () => {
  it("names the attachment safely, in ASCII and in full", () => {
    expect(attachmentHeader("pattern.pdf")).toBe(`attachment; filename="pattern.pdf"; filename*=UTF-8''pattern.pdf`);
    expect(attachmentHeader('Ünïcode "book".epub')).toBe(
      `attachment; filename="_n_code _book_.epub"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20_book_.epub`,
    );
    expect(attachmentHeader("")).toContain('filename="download"');
  });
  it("serves known types as they are and anything else as bytes", () => {
    expect(servedType("application/pdf")).toBe("application/pdf");
    expect(servedType("text/html")).toBe("application/octet-stream");
    expect(servedType("image/svg+xml")).toBe("application/octet-stream");
  });
  it("keeps an upload's last name part and a type from its name when the browser said none", () => {
    expect(uploadName("C:\\Users\\me\\book.epub")).toBe("book.epub");
    expect(uploadName("../../etc/passwd")).toBe("passwd");
    expect(typeOfUpload("book.epub", "application/octet-stream")).toBe("application/epub+zip");
    expect(typeOfUpload("song.mp3", "")).toBe("audio/mpeg");
    expect(typeOfUpload("x.bin", "")).toBe("application/octet-stream");
    expect(typeOfUpload("a.pdf", "application/pdf")).toBe("application/pdf");
  });
});

describe("rangeAsked", () => {
  it("reads one byte range, a suffix and an open end, clamped to the file", () => {
    expect(rangeAsked(undefined, 100)).toEqual({ kind: "whole" });
    expect(rangeAsked("bytes=0-9", 100)).toEqual({ kind: "part", start: 0, end: 9 });
    expect(rangeAsked("bytes=90-", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(rangeAsked("bytes=90-500", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(rangeAsked("bytes=-10", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(rangeAsked("bytes=-500", 100)).toEqual({ kind: "part", start: 0, end: 99 });
  });
  it("answers the whole file for several ranges, other units and bad syntax; 416 past the end", () => {
    expect(rangeAsked("bytes=0-1,5-6", 100)).toEqual({ kind: "whole" });
    expect(rangeAsked("items=0-1", 100)).toEqual({ kind: "whole" });
    expect(rangeAsked("bytes=9-3", 100)).toEqual({ kind: "whole" });
    expect(rangeAsked("bytes=-", 100)).toEqual({ kind: "whole" });
    expect(rangeAsked("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(rangeAsked("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("ifRangeHolds", () => {
  const validators = fileValidators("ab".repeat(32), "2026-11-30T10:00:00.000Z");
  it("matches the strong ETag or the exact Last-Modified, never a weak tag", () => {
    expect(validators).toEqual({ etag: `"${"ab".repeat(16)}"`, lastModified: "Mon, 30 Nov 2026 10:00:00 GMT" });
    expect(ifRangeHolds(undefined, validators)).toBe(true);
    expect(ifRangeHolds(validators.etag, validators)).toBe(true);
    expect(ifRangeHolds('"other"', validators)).toBe(false);
    expect(ifRangeHolds(`W/${validators.etag}`, validators)).toBe(false);
    expect(ifRangeHolds("Mon, 30 Nov 2026 10:00:00 GMT", validators)).toBe(true);
    expect(ifRangeHolds("Mon, 30 Nov 2026 10:00:01 GMT", validators)).toBe(false);
  });
});

describe("continuesDownload (decision 0100, amended)", () => {
  const NOW = "2026-11-30T12:00:00.000Z";
  const MB = 1024 * 1024;
  const at = (minutesAgo: number) => new Date(Date.parse(NOW) - minutesAgo * 60_000).toISOString();

  it("continues from where the sending reached, or a little before it, within the hour after the count", () => {
    const cut = { countedAt: at(10), reached: 20 * MB };
    expect(continuesDownload(20 * MB, 50 * MB, cut, NOW)).toBe(true);
    expect(continuesDownload(17 * MB, 50 * MB, cut, NOW)).toBe(true);
    expect(continuesDownload(12 * MB, 50 * MB, cut, NOW)).toBe(true);
    // Further back than what a connection holds in flight: bytes the shopper had; skipping ahead: bytes never sent.
    expect(continuesDownload(12 * MB - 1, 50 * MB, cut, NOW)).toBe(false);
    expect(continuesDownload(20 * MB + 1, 50 * MB, cut, NOW)).toBe(false);
    expect(continuesDownload(20 * MB, 50 * MB, { ...cut, countedAt: at(59) }, NOW)).toBe(true);
    expect(continuesDownload(20 * MB, 50 * MB, { ...cut, countedAt: at(60) }, NOW)).toBe(false);
  });

  it("gives back at most the second half of a small file that was sent whole", () => {
    const whole = { countedAt: at(1), reached: 1000 };
    expect(continuesDownload(500, 1000, whole, NOW)).toBe(true);
    expect(continuesDownload(499, 1000, whole, NOW)).toBe(false);
    expect(continuesDownload(1, 1000, whole, NOW)).toBe(false);
  });

  it("continues nothing never counted, nor from byte 0", () => {
    expect(continuesDownload(10, 1000, { countedAt: null, reached: null }, NOW)).toBe(false);
    expect(continuesDownload(10, 1000, { countedAt: at(1), reached: null }, NOW)).toBe(false);
    expect(continuesDownload(0, 1000, { countedAt: at(1), reached: 1000 }, NOW)).toBe(false);
    expect(resumable({ countedAt: at(1), reached: 0 }, NOW)).toBe(true);
    expect(resumable({ countedAt: at(61), reached: 0 }, NOW)).toBe(false);
  });
});

describe("isSpeculative", () => {
  it("knows a browser's prefetch by the headers only prefetches carry", () => {
    expect(isSpeculative({ "sec-purpose": "prefetch" })).toBe(true);
    expect(isSpeculative({ "sec-purpose": "prefetch;prerender" })).toBe(true);
    expect(isSpeculative({ "sec-purpose": "prefetch; anonymous-client-ip" })).toBe(true);
    expect(isSpeculative({ purpose: "prefetch" })).toBe(true);
    expect(isSpeculative({ "x-moz": "prefetch" })).toBe(true);
    expect(isSpeculative({})).toBe(false);
    expect(
      isSpeculative({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "user-agent": "Mozilla/5.0 (compatible; scanner)" }),
    ).toBe(false);
    expect(isSpeculative({ "sec-purpose": "nonprefetch" })).toBe(false);
  });
});
