/** Hostile values for the fuzzer: text, numbers and shapes a server must refuse or store harmlessly. */
import fc from "fast-check";

/** Text that has broken servers: injections, unicode edge cases, encodings, control characters. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  "1; select pg_sleep(5)--",
  "') UNION SELECT password_hash FROM customers --",
  "%' OR 1=1 --",
  "\\",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg onload=alert(1)>",
  // Template syntax of several engines; the dollar one on purpose, not a template literal.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text itself is the attack
  "{{7*7}}${7*7}<%= 7*7 %>",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "\0",
  "a\0b",
  "\uD800",
  "x\uDFFFy",
  "\uDBFF\uDBFF",
  "\u202Eevil\u202C",
  "\u200B\u200C\u200D\uFEFF",
  "שלום عربي",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘",
  "İıﬁß",
  "\r\nSet-Cookie: evil=1",
  "\u0085\u2028\u2029",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "9007199254740993",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  '=HYPERLINK("http://x")',
  "+1+cmd|' /C calc'!A0",
  "a".repeat(5000),
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Numbers at and past the edges of integer columns, JSON and JavaScript. */
export const HOSTILE_NUMBERS = [0, -1, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e308, -1e308, Number.MIN_VALUE];

/** Nested `depth` times, as arrays or objects. */
export function nested(depth: number, kind: "array" | "object"): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { "": null }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(40, 200, 2000).chain((depth) => fc.constantFrom(nested(depth, "array"), nested(depth, "object"))),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 300 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 5 }) },
);

/** A JSON body with a duplicated key, a BOM, a trailing comma, or not JSON at all: text the parser must refuse cleanly. */
export const brokenJson = fc.constantFrom(
  '{"id": 1, "id": "x"}',
  "\uFEFF{}",
  '{"a": 1,}',
  "{",
  "[[[[[[[[",
  "nul",
  '"\\ud800"',
  '{"a": "\\u0000"}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  "1e999",
  '{"a": 1e999}',
  "",
  "\0",
);
