import { describe, expect, it } from "vitest";
import { isSafeUrl, sanitizeHtml } from "./sanitize.ts";

describe("sanitizeHtml", () => {
  it.each([
    ["<p>Hello <strong>there</strong></p>", "<p>Hello <strong>there</strong></p>"],
    ["<script>alert(1)</script>ok", "ok"],
    ["<SCRIPT src=x></SCRIPT>ok", "ok"],
    ['<p onclick="x()" style="color:red">a</p>', "<p>a</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="nofollow noopener noreferrer">x</a>'],
    ['<a href="java&#115;cript:alert(1)">x</a>', '<a rel="nofollow noopener noreferrer">x</a>'],
    ['<a href=" jav\tascript:alert(1)">x</a>', '<a rel="nofollow noopener noreferrer">x</a>'],
    [
      '<a href="https://example.com/?a=1&b=2" title="t">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2" title="t" rel="nofollow noopener noreferrer">x</a>',
    ],
    ['<img src="data:image/svg+xml,<svg onload=alert(1)>" onerror="x">', '<img alt="">'],
    ['<img src="/media/a.png" alt="A" width="20">', '<img src="/media/a.png" alt="A" width="20">'],
    ["<iframe src=x>inner</iframe><style>p{}</style>end", "end"],
    ["<div><p>unclosed", "<div><p>unclosed</p></div>"],
    ["</p>stray<b>bold</i>", "stray<b>bold</b>"],
    ["a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"],
    ["5 &amp; 6 &copy;", "5 &amp; 6 &copy;"],
    ["<!-- secret --><p>x</p>", "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg>after", "after"],
    ['<p title="x">a</p><form action="/x"><input name=a></form>', "<p>a</p>"],
    ["<<script>>alert(1)<</script>", "&lt;"],
  ])("%s", (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it("accepts web, mail and relative links only", () => {
    expect(isSafeUrl("https://a.b")).toBe(true);
    expect(isSafeUrl("mailto:a@b.c")).toBe(true);
    expect(isSafeUrl("/terms")).toBe(true);
    expect(isSafeUrl("vbscript:x")).toBe(false);
    expect(isSafeUrl("data:text/html,x")).toBe(false);
    expect(isSafeUrl("mailto:a@b.c", true)).toBe(false);
  });
});
