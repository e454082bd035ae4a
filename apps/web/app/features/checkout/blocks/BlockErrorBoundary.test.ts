import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlockErrorBoundary, blockErrorText, unexpectedErrorIn } from "./BlockErrorBoundary.tsx";

/** What the boundary draws once its child has thrown `error` (server rendering does not run boundaries, so the state is set as React would). */
function fallback(error: unknown, props: { isAdmin: boolean; fallback?: "panel" | "none" }) {
  const boundary = new BlockErrorBoundary({ blockName: "my-plugin/note", children: null, ...props });
  boundary.state = BlockErrorBoundary.getDerivedStateFromError(error);
  return renderToStaticMarkup(createElement("div", null, boundary.render()));
}

describe("blockErrorText", () => {
  it("is 'status: statusText' for a failed response, else the error's message", () => {
    expect(blockErrorText({ status: 503, statusText: "Service Unavailable" })).toBe("503: Service Unavailable");
    expect(blockErrorText(new Error("boom"))).toBe("boom");
    expect(blockErrorText("plain")).toBe("plain");
  });
});

describe("BlockErrorBoundary", () => {
  it("shows the administrator which block failed and why", () => {
    const html = fallback(new Error("boom"), { isAdmin: true, fallback: "none" });
    expect(html).toContain("Oops!");
    expect(html).toContain(unexpectedErrorIn("my-plugin/note"));
    expect(html).toContain('<span class="error-panel__prefix">Error:</span> boom');
  });

  it("shows an extension area's failed response as 'status: statusText'", () => {
    expect(fallback({ status: 404, statusText: "Not Found" }, { isAdmin: true })).toContain("404: Not Found");
  });

  it("shows others the generic panel, or nothing for an extension's block", () => {
    const panel = fallback(new Error("boom"), { isAdmin: false });
    expect(panel).toContain("There was an error loading the content.");
    expect(panel).not.toContain("boom");
    expect(panel).not.toContain("Unexpected error in");
    expect(fallback(new Error("boom"), { isAdmin: false, fallback: "none" })).toBe("<div></div>");
  });

  it("draws its children while nothing has failed", () => {
    const boundary = new BlockErrorBoundary({ blockName: "x", isAdmin: true, children: createElement("p", null, "fine") });
    expect(renderToStaticMarkup(createElement("div", null, boundary.render()))).toBe("<div><p>fine</p></div>");
  });
});
