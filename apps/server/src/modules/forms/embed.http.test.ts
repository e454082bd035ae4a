/**
 * The forms' runtime files at /forms/static/ and the cross-origin rule of the forms' /ajax actions
 * (decision 0027), on SQLite and PostgreSQL, over the built runtime (npm run build makes it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { FORM_CSS } from "../../../../web/forms/render/index.ts";
import { WEB_BUILD_DIR } from "../../web.ts";
import { findForm, formsRuntimePath } from "./index.ts";

const formsDirectory = join(WEB_BUILD_DIR, "forms");
const manifest = JSON.parse(readFileSync(join(formsDirectory, "manifest.json"), "utf8")) as { main: string; files: string[] };

let shop: TestShop;
let feedback = 0;
beforeAll(async () => {
  shop = await createTestShop();
  feedback = (await findForm(shop.db, "feedback"))?.id ?? 0;
});
afterAll(() => shop.close());

/** Sets the feedback form's embed origins in its stored definition. */
async function setEmbedOrigins(origins: string[]): Promise<void> {
  const row = await shop.db.selectFrom("forms").select("definition").where("id", "=", feedback).executeTakeFirstOrThrow();
  const definition = JSON.parse(row.definition) as { settings: { embedOrigins: string[] } };
  definition.settings.embedOrigins = origins;
  await shop.db
    .updateTable("forms")
    .set({ definition: JSON.stringify(definition) })
    .where("id", "=", feedback)
    .execute();
}

const ajax = (fields: Record<string, string>, origin?: string) =>
  shop.app.inject({
    method: "POST",
    url: "/ajax",
    payload: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(origin ? { origin } : {}) },
  });

describe("GET /forms/static/<hashed file>", () => {
  it("names the runtime's entry for the pages' script tag", () => {
    expect(formsRuntimePath()).toBe(`/forms/static/${manifest.main}`);
  });

  it("sends the build's gzip or brotli form, cached a year, open to other sites' module imports", async () => {
    const file = readFileSync(join(formsDirectory, manifest.main));
    const gzip = await shop.app.inject({ url: `/forms/static/${manifest.main}`, headers: { "accept-encoding": "gzip" } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gzip.headers["access-control-allow-origin"]).toBe("*");
    expect(gzip.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
    // The entry every form page loads stays small: the form's behaviour comes with import().
    expect(gzip.rawPayload.length).toBeLessThanOrEqual(2 * 1024);
    const plain = await shop.app.inject({ url: `/forms/static/${manifest.main}`, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it("answers 404 for a name the build does not have", async () => {
    for (const url of ["/forms/static/main-missing.js", "/forms/static/manifest.json", "/forms/static/..%2F..%2Fclient%2Findex.js"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe("cw_script_not_found");
    }
  });
});

describe("the forms' /ajax actions from other sites", () => {
  it("lets any site call a form whose embed origins are empty, and says so", async () => {
    await setEmbedOrigins([]);
    const response = await ajax({ action: "forms_get_token", formId: String(feedback) }, "https://blog.example.org");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(response.headers["access-control-allow-origin"]).toBe("https://blog.example.org");
    expect(response.headers.vary).toContain("Origin");
  });

  it("refuses an origin the form's list does not name, for every forms action, before it runs", async () => {
    await setEmbedOrigins(["https://partner.example.com"]);
    const calls: Record<string, string>[] = [
      { action: "forms_get_token", formId: String(feedback) },
      { action: "forms_captcha_challenge", formId: String(feedback) },
      { action: "forms_restricted_email", form_id: String(feedback), field_id: "3", email: "ada@example.com" },
      { action: "forms_submit", "forms[id]": String(feedback), "forms[fields][1]": "4" },
    ];
    const token = { action: "forms_get_token", formId: String(feedback) };
    for (const fields of calls) {
      const refused = await ajax(fields, "https://evil.example");
      expect(refused.statusCode, fields.action).toBe(403);
      expect(refused.json()).toMatchObject({ code: "cw_form_origin_not_allowed", data: { origin: "https://evil.example" } });
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    }
    const listed = await ajax(token, "https://partner.example.com");
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["access-control-allow-origin"]).toBe("https://partner.example.com");
    // The shop's own pages always may, and calls without an Origin (no browser across sites) too.
    const own = await ajax(token, "http://localhost:80");
    expect(own.statusCode).toBe(200);
    expect(own.headers["access-control-allow-origin"]).toBe("http://localhost:80");
    expect((await ajax(token)).statusCode).toBe(200);
    await setEmbedOrigins([]);
  });

  it("answers a send /ajax itself refuses so that the page on the other site can read it", async () => {
    // Form-encoded, stopped by the edge's input check before any action runs.
    const nul = await ajax(
      { action: "forms_submit", "forms[id]": String(feedback), "forms[fields][4]": "a\u0000b" },
      "https://blog.example.org",
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: "rest_invalid_param" });
    expect(nul.headers["access-control-allow-origin"]).toBe("https://blog.example.org");
    // Multipart with a field over the body's limit: answered in the forms' own shape.
    const boundary = "----cw-embed-test";
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const tooLong = await shop.app.inject({
      method: "POST",
      url: "/ajax",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: "https://blog.example.org" },
      payload: `${part("action", "forms_submit")}${part("forms[id]", String(feedback))}${part("forms[fields][4]", "x".repeat(101 * 1024))}--${boundary}--\r\n`,
    });
    expect(tooLong.json()).toMatchObject({ success: false, data: { errors: { field: { 4: "A field is too long." } } } });
    expect(tooLong.headers["access-control-allow-origin"]).toBe("https://blog.example.org");
  });

  it("answers the preflight for a form's allowed origin, and refuses others", async () => {
    await setEmbedOrigins(["https://partner.example.com"]);
    const preflight = (origin: string, query: string) =>
      shop.app.inject({
        method: "OPTIONS",
        url: `/ajax${query}`,
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
    const allowed = await preflight("https://partner.example.com", `?formId=${feedback}`);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://partner.example.com");
    expect(allowed.headers["access-control-allow-methods"]).toBe("POST");
    expect((await preflight("https://evil.example", `?formId=${feedback}`)).statusCode).toBe(403);
    expect((await preflight("https://partner.example.com", "?formId=999")).statusCode).toBe(403);
    await setEmbedOrigins([]);
    expect((await preflight("https://anyone.example", `?formId=${feedback}`)).statusCode).toBe(204);
  });
});

describe("GET /forms/{slug}.js", () => {
  it("writes the rendered form, its stylesheet and its payload (absolute addresses) into a shadow root, then imports the runtime", async () => {
    const response = await shop.app.inject({ url: "/forms/feedback.js", headers: { host: "shop.example.com" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const script = response.body;
    expect(script).toContain('attachShadow({mode:"open"})');
    expect(script).toContain('[data-cartwright-form="');
    expect(script).toContain(`import("http://shop.example.com/forms/static/${manifest.main}")`);
    // The HTML travels as one JSON string: decoded, it is the scripted form with its data block.
    const html = JSON.parse(/r\.innerHTML=("(?:[^"\\]|\\.)*");/.exec(script)?.[1] ?? '""') as string;
    expect(html).toContain(`<form class="cwf" id="cwf${feedback}"`);
    expect(html).toContain("data-scripted");
    // The stylesheet is constructed, and the form carries no style attribute: a host's CSP may refuse inline styles.
    expect(script).toContain(`c.replaceSync(${JSON.stringify(`${FORM_CSS}#cwf${feedback}{--cwf-accent:#066aab}`)})`);
    expect(html).not.toContain("<style");
    expect(html).not.toContain("style=");
    const payload = JSON.parse(new RegExp(`id="cwf${feedback}-payload">(.*)</script>$`).exec(html)?.[1] ?? "{}") as {
      ajaxUrl: string;
      assetsBase: string;
      token: string;
    };
    expect(payload.ajaxUrl).toBe("http://shop.example.com/ajax");
    expect(payload.assetsBase).toBe("http://shop.example.com/forms/static/");
    // Nothing in the script can end the tag that loads it.
    expect(script).not.toMatch(/<\/script/i);
  });

  it("names the image choices' pictures by the shop's address, and other sites may show them", async () => {
    const response = await shop.app.inject({ url: "/forms/custom-tee.js", headers: { host: "shop.example.com" } });
    const html = JSON.parse(/r\.innerHTML=("(?:[^"\\]|\\.)*");/.exec(response.body)?.[1] ?? '""') as string;
    // On a partner's page a path would be read against the partner's site, where no such picture is.
    const sources = [...html.matchAll(/<img [^>]*src="([^"]*)"/g)].map((match) => match[1]);
    expect(sources).toEqual(["http://shop.example.com/media/forms/tee-classic.svg", "http://shop.example.com/media/forms/tee-premium.svg"]);
    expect(html).not.toContain('"imageUrl":"/media/');
    // The demo's pictures and the catalogue's images, which an owner may name for a choice.
    const image = await shop.db.selectFrom("media").select(["id", "filename"]).orderBy("id").executeTakeFirstOrThrow();
    for (const url of ["/media/forms/tee-classic.svg", `/media/${image.id}/${image.filename}`]) {
      const picture = await shop.app.inject({ url });
      expect(picture.statusCode, url).toBe(200);
      expect(picture.headers["cross-origin-resource-policy"], url).toBe("cross-origin");
    }
  });

  /** Runs the embed as a classic script would on a page at `href`: the hosts it drew, what it imported and said. */
  function runEmbed(script: string, href: string) {
    const drawn: unknown[] = [];
    const imported: string[] = [];
    const said: unknown[][] = [];
    const element = () => ({ setAttribute() {}, attachShadow: () => ({ innerHTML: "" }) });
    const document = {
      currentScript: null,
      querySelector: () => null,
      createElement: element,
      body: { appendChild: (host: unknown) => drawn.push(host) },
    };
    const { origin, host } = new URL(href);
    new Function("document", "window", "__import", "console", script.replace("import(", "__import("))(
      document,
      {
        location: { origin, host },
        CSSStyleSheet: class {
          replaceSync() {}
        },
      },
      (url: string) => imported.push(url),
      { info: (...words: unknown[]) => said.push(words) },
    );
    return { drawn, imported, said };
  }

  it("draws the form only where its sends would be taken: a listed site or the shop; elsewhere it says why", async () => {
    await setEmbedOrigins(["https://partner.example.com"]);
    try {
      const script = (await shop.app.inject({ url: "/forms/feedback.js", headers: { host: "shop.example.com" } })).body;
      for (const href of ["https://partner.example.com/contact", "http://shop.example.com/page"]) {
        const run = runEmbed(script, href);
        expect(run.drawn, href).toHaveLength(1);
        expect(run.imported, href).toHaveLength(1);
        expect(run.said, href).toEqual([]);
      }
      // A form drawn there would be filled in, then refused by /ajax with nothing the visitor could read.
      for (const href of ["https://evil.example/", "http://partner.example.com/", "https://partner.example.com:8443/"]) {
        const run = runEmbed(script, href);
        expect(run.drawn, href).toEqual([]);
        expect(run.imported, href).toEqual([]);
        expect(run.said, href).toEqual([[expect.stringMatching(/^The form is not shown: the shop does not allow this site .*: /)]]);
        expect(String(run.said[0]?.[0]).endsWith(`: ${new URL(href).origin}`), href).toBe(true);
      }
      // The same origin is what /ajax refuses.
      const refused = await ajax({ action: "forms_get_token", formId: String(feedback) }, "https://evil.example");
      expect(refused.json().code).toBe("cw_form_origin_not_allowed");
      // Empty embed origins: any site.
      await setEmbedOrigins([]);
      const open = (await shop.app.inject({ url: "/forms/feedback.js", headers: { host: "shop.example.com" } })).body;
      expect(runEmbed(open, "https://anyone.example/").drawn).toHaveLength(1);
    } finally {
      await setEmbedOrigins([]);
    }
  });

  it("answers 404 for a form that is not published or does not exist; the form's page path is not this route", async () => {
    for (const url of ["/forms/no-such-form.js", "/forms/Feedback.js", "/forms/.js"]) {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      // A slug the route cannot name is no route at all; one it can, no script.
      expect(response.json().code, url).toBe(url === "/forms/no-such-form.js" ? "cw_script_not_found" : "rest_no_route");
    }
    const draft = await shop.db.selectFrom("forms").select("status").where("id", "=", feedback).executeTakeFirstOrThrow();
    await shop.db.updateTable("forms").set({ status: "draft" }).where("id", "=", feedback).execute();
    try {
      expect((await shop.app.inject({ url: "/forms/feedback.js" })).statusCode).toBe(404);
    } finally {
      await shop.db.updateTable("forms").set({ status: draft.status }).where("id", "=", feedback).execute();
    }
    const page = await shop.app.inject({ url: "/forms/feedback" });
    expect(page.headers["content-type"]).not.toBe("text/javascript; charset=utf-8");
  });
});

describe("GET /media/forms/<demo picture>", () => {
  it("serves each picture the custom-tee demo form names, as an inert SVG", async () => {
    const tee = await findForm(shop.db, "custom-tee");
    const urls = (tee?.definition.fields ?? []).flatMap((field) =>
      "choices" in field ? field.choices.flatMap((choice) => (choice.imageUrl ? [choice.imageUrl] : [])) : [],
    );
    expect(urls).toEqual(["/media/forms/tee-classic.svg", "/media/forms/tee-premium.svg"]);
    for (const url of urls) {
      const response = await shop.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
      expect(response.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(response.body).toMatch(/^<svg [^>]*role="img"/);
    }
  });

  it("answers 404 with a code for any other name", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/media/forms/other.svg" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "cw_media_not_found" });
  });
});
