/** The attribution cookies as the browser writes and reads them through document.cookie. */
import { describe, expect, it } from "vitest";
import { ATTRIBUTION_COOKIES as C, documentCookieJar } from "./cookies.ts";

describe("the page's cookies", () => {
  /** A document whose cookie setter records each write and whose getter answers like a browser. */
  function fakeDocument(existing: string) {
    const writes: string[] = [];
    const doc = {
      get cookie() {
        return existing;
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    return { doc, writes };
  }

  it("are written URI-encoded on path /, SameSite=Lax, Secure over https, on the shop's domain, for the lifetime given", () => {
    const { doc, writes } = fakeDocument("");
    const jar = documentCookieJar(doc, { domain: "shop.example", secure: true });
    jar.set(C.session, "pgs=1|||cpg=https://shop.example/?a=b", 30);
    jar.set(C.current, "typ=typein", 0);
    expect(writes[0]).toMatch(
      /^cw_attr_session=pgs%3D1%7C%7C%7Ccpg%3Dhttps%3A%2F%2Fshop\.example%2F%3Fa%3Db; expires=.+ GMT; path=\/; domain=\.shop\.example; SameSite=Lax; Secure$/,
    );
    expect(writes[1]).toBe("cw_attr_current=typ%3Dtypein; path=/; domain=.shop.example; SameSite=Lax; Secure");
  });

  it("are read back decoded, and removed on the host and on the shop's domain", () => {
    const { doc, writes } = fakeDocument("cw_session=abc; cw_attr_current=typ%3Dutm%7C%7C%7Csrc%3Dnews; bad=%E0%A4%A");
    const jar = documentCookieJar(doc, { domain: "shop.example", secure: false });
    expect(jar.get(C.current)).toBe("typ=utm|||src=news");
    expect(jar.get("bad")).toBeUndefined();
    expect(jar.get(C.first)).toBeUndefined();
    jar.remove(C.current);
    expect(writes).toEqual([
      "cw_attr_current=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; domain=.shop.example; SameSite=Lax",
      "cw_attr_current=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax",
    ]);
  });
});

describe("a value with a lone surrogate", () => {
  it("is written with the replacement character instead of throwing", () => {
    const writes: string[] = [];
    const jar = documentCookieJar(
      {
        get cookie() {
          return "";
        },
        set cookie(value: string) {
          writes.push(value);
        },
      },
      { domain: "", secure: false },
    );
    jar.set("cw_attr_current_add", "rf=https://example.com/\ud800|||ep=x\udc00y|||ok=\ud83d\ude00", 0);
    expect(writes[0]).toBe(
      `cw_attr_current_add=${encodeURIComponent("rf=https://example.com/\ufffd|||ep=x\ufffdy|||ok=\ud83d\ude00")}; path=/; SameSite=Lax`,
    );
  });
});
