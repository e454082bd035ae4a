import { describe, expect, it } from "vitest";
import { isStalePreparedStatement, StatementNames } from "./prepared-statements.ts";

const limits = { namedFromRun: 2, maxNamed: 3, maxCounted: 4 };
const text = (n: number) => `select * from carts where id = $${n}`;

describe("which statements are named", () => {
  it("names a text from its second run, and keeps that name", () => {
    const names = new StatementNames(limits);
    expect(names.nameOf(text(1))).toBeUndefined();
    const name = names.nameOf(text(1));
    expect(name).toMatch(/^cw_\d+$/);
    expect(names.nameOf(text(1))).toBe(name);
    expect(names.nameOf(text(2))).toBeUndefined();
    expect(names.nameOf(text(2))).not.toBe(name);
  });

  it("never names transaction control, which runs in one message", () => {
    const names = new StatementNames(limits);
    for (const statement of ["begin", "commit", "rollback", "savepoint sp1", "release savepoint sp1", " BEGIN"])
      for (let run = 0; run < 3; run++) expect(names.nameOf(statement)).toBeUndefined();
  });

  it("names at most maxNamed texts; the rest run unnamed", () => {
    const names = new StatementNames(limits);
    for (let n = 1; n <= 5; n++) for (let run = 0; run < 2; run++) names.nameOf(text(n));
    expect(names.size).toBe(3);
    expect(names.nameOf(text(4))).toBeUndefined();
    expect(names.nameOf(text(1))).toBeDefined();
  });

  it("counts at most maxCounted texts not yet named, starting the count again past it", () => {
    const names = new StatementNames(limits);
    for (let n = 1; n <= 5; n++) names.nameOf(text(n));
    // text(1)'s first run was forgotten when the fifth text was counted.
    expect(names.nameOf(text(1))).toBeUndefined();
    expect(names.nameOf(text(5))).toBeDefined();
  });

  it("gives every text a new name after forgetting, never one used before", () => {
    const names = new StatementNames(limits);
    names.nameOf(text(1));
    const first = names.nameOf(text(1));
    names.forgetAll();
    expect(names.size).toBe(0);
    expect(names.nameOf(text(1))).toBeUndefined();
    const second = names.nameOf(text(1));
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });
});

describe("a stale prepared statement", () => {
  it("is one whose result changed under it, or one the server lost; other errors are not", () => {
    expect(isStalePreparedStatement({ code: "0A000", message: "cached plan must not change result type" })).toBe(true);
    expect(isStalePreparedStatement({ code: "26000", message: 'prepared statement "cw_3" does not exist' })).toBe(true);
    expect(isStalePreparedStatement({ code: "0A000", message: "something else not supported" })).toBe(false);
    expect(isStalePreparedStatement({ code: "23505", message: "duplicate key" })).toBe(false);
    expect(isStalePreparedStatement(undefined)).toBe(false);
  });
});
