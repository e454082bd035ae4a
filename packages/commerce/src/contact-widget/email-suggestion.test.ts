/** Expected answers are what mailcheck 1.1.2 (the version WPForms ships) gives for the same input. */
import { describe, expect, it } from "vitest";
import {
  SUGGESTION_DOMAINS,
  SUGGESTION_SECOND_LEVEL_DOMAINS,
  SUGGESTION_TOP_LEVEL_DOMAINS,
  sift4Distance,
  suggestEmail,
} from "./email-suggestion.ts";

describe("sift4Distance", () => {
  it.each([
    ["hotmail.cm", "hotmail.com", 1],
    ["gmial.com", "gmail.com", 1],
    ["cm", "com", 1],
    ["cm", "ca", 1],
    ["abcdef", "badcfe", 3],
    ["kitten", "sitting", 3],
    ["ab", "ba", 1],
    ["acb", "abc", 1],
    ["", "abc", 3],
    ["abc", "", 3],
    ["", "", 0],
    ["gmail", "gmx", 3],
    ["yahooo.com", "yahoo.com", 1],
    ["mail", "gmail", 1],
    ["outlok", "outlook", 1],
    ["same", "same", 0],
  ])("(%j, %j) = %i", (a, b, distance) => {
    expect(sift4Distance(a, b)).toBe(distance);
  });
});

describe("suggestEmail (mailcheck 1.1.2 rules, thresholds 2)", () => {
  it.each([
    ["jane@gmial.com", "jane@gmail.com"],
    ["x@hotmail.cm", "x@hotmail.com"], // sift4 picks .com; sift3 (mailcheck 1.1.1) would pick .ca
    ["jane@hotmial.com", "jane@hotmail.com"],
    ["jane@yaho.co.uk", "jane@yahoo.co.uk"],
    ["user@gmail.con", "user@gmail.com"],
    ["jane@gmail..com", "jane@gmail.com"],
    ["bob@hotnail.con", "bob@hotmail.com"],
    ["amy@yahooo.com", "amy@yahoo.com"],
    ["test@outlok.com", "test@outlook.com"],
    ["test@live.co", "test@live.com"],
    ["test@aol.co", "test@aol.com"],
    ["me@icloud.cmo", "me@icloud.com"],
    ["me@comcast.nte", "me@comcast.net"],
    ["x@gnail.com", "x@gmail.com"],
    ["x@googlemail.co", "x@googlemail.com"],
    ["x@gmx.dr", "x@gmx.de"],
    ["x@domain.cmo", "x@domain.com"],
    ["x@hotmail.co.ukk", "x@hotmail.co.uk"],
    ["x@xtra.co.nx", "x@xtra.co.nz"],
    ["x@wbe.de", "x@web.de"],
    ["x@qq.con", "x@qq.com"],
    ["x@sky.cm", "x@sky.com"],
    ["a@b@gmial.com", "a@b@gmail.com"],
    [" Jane.Doe@GMial.com ", "Jane.Doe@gmail.com"], // the local part stays as typed
  ])("%j → %j", (address, suggestion) => {
    expect(suggestEmail(address)).toBe(suggestion);
  });

  it.each([
    ["jane@gmail.com"], // an exact known domain
    ["jane@yahoo.com"], // a known second level with a known top level
    ["x@outlook.fr"],
    ["x@yahoo.fr"],
    ["x@mail.ru"],
    ["x@gmx.de"],
    ["x@web.de"],
    ["x@company.co.uk"],
    ["x@shop.example.org"],
    ["jane@example.com"],
    ["a@b"],
    ["not-an-email"],
    ["@gmail.com"],
    ["jane@"],
    ["a@@gmial.com"],
    [""],
  ])("%j → null", (address) => {
    expect(suggestEmail(address)).toBeNull();
  });

  it("also suggests the owner's own domains, before the common ones, and leaves them alone when typed right", () => {
    expect(suggestEmail("jane@acme-mial.com")).toBeNull();
    expect(suggestEmail("jane@acme-mial.com", ["acme-mail.com"])).toBe("jane@acme-mail.com");
    expect(suggestEmail("jane@acme-mail.com", ["acme-mail.com"])).toBeNull();
    // The common lists still count.
    expect(suggestEmail("jane@gmial.com", ["acme-mail.com"])).toBe("jane@gmail.com");
  });

  it("uses mailcheck's default lists: 30 domains, 6 second-level and 41 top-level domains", () => {
    expect(SUGGESTION_DOMAINS).toHaveLength(30);
    expect(SUGGESTION_SECOND_LEVEL_DOMAINS).toEqual(["yahoo", "hotmail", "mail", "live", "outlook", "gmx"]);
    expect(SUGGESTION_TOP_LEVEL_DOMAINS).toHaveLength(41);
    expect(SUGGESTION_TOP_LEVEL_DOMAINS.at(-1)).toBe("uk");
  });
});
