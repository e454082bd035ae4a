/** The soak's and abuse's own judges: they must fail what they are there to catch. */
import { describe, expect, it } from "vitest";
import { HOSTILE_HTML, liveOwnerScript } from "./abuse.ts";
import { levelsOff } from "./soak.ts";

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("liveOwnerScript", () => {
  it("finds the owner's script, handlers and script URLs when they reach a page as markup", () => {
    const found = liveOwnerScript(`<main>${HOSTILE_HTML}</main>`);
    expect(found.some((what) => what.startsWith("a script element without"))).toBe(true);
    expect(found.some((what) => what.startsWith("an event handler"))).toBe(true);
    expect(found.some((what) => what.startsWith("a script URL"))).toBe(true);
    expect(liveOwnerScript(`<a href="&#106;avascript&#58;x('cwxss')">x</a>`).length).toBeGreaterThan(0);
  });

  it("finds nothing when the same text is escaped, in a quoted attribute, or JSON data in a nonce'd script", () => {
    expect(liveOwnerScript(`<p>${escaped(HOSTILE_HTML)}</p>`)).toEqual([]);
    expect(liveOwnerScript(`<a aria-label="${escaped(`Mug <img src=x onerror=alert('cwxss')>`)}" href="/p">x</a>`)).toEqual([]);
    const json = JSON.stringify({ text: HOSTILE_HTML }).replace(/</g, "\\u003c");
    expect(liveOwnerScript(`<script type="application/json" nonce="n">${json}</script>`)).toEqual([]);
    expect(liveOwnerScript(`<script type="application/json">${JSON.stringify({ text: HOSTILE_HTML })}</script>`).length).toBeGreaterThan(0);
  });
});

describe("levelsOff", () => {
  it("holds when the last third peaks within 10 % of the middle third, and fails steady growth", () => {
    expect(levelsOff([100, 150, 180, 190, 200, 195, 205, 210, 200]).holds).toBe(true);
    expect(levelsOff([100, 120, 140, 160, 180, 200, 220, 240, 260]).holds).toBe(false);
  });
});
