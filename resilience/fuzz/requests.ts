/**
 * Requests for every operation of the shop's OpenAPI document and every `/ajax` action: each a
 * valid, boundary or hostile value of the operation's path, query and body (JSON, form or
 * multipart), as a fast-check arbitrary so one seed gives one sequence.
 */
import fc from "fast-check";
import { hostileVariant, type JsonSchema, validValue } from "./schema.ts";
import { brokenJson, HOSTILE_STRINGS, hostileString, nested } from "./values.ts";

export interface Operation {
  method: string;
  /** The route's pattern, `/api/admin/v1/orders/{id}`. */
  path: string;
  owner: boolean;
  parameters: { name: string; in: "path" | "query" | "header"; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** Takes a multipart upload (the document describes it in words; it has no JSON body). */
  multipart: boolean;
}

export interface FuzzRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Who sends it: the owner's signed-in browser, a shopper, or nobody. */
  as: "owner" | "shopper" | "guest";
  mode: "valid" | "boundary" | "hostile";
}

type OpenApi = { paths: Record<string, Record<string, Record<string, unknown>>> };

const METHODS = ["get", "post", "put", "patch", "delete"];

/** The operations worth calling: the API's catch-all 404 is called through made-up paths instead. */
export function operationsOf(document: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (path.includes("{*}")) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.includes(method)) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const description = String(operation.description ?? "");
      operations.push({
        method: method.toUpperCase(),
        path,
        owner: ((operation.tags as string[] | undefined) ?? []).includes("owner"),
        parameters: (operation.parameters as Operation["parameters"] | undefined) ?? [],
        body: content?.["application/json"]?.schema,
        multipart: !content && method === "post" && /multipart/i.test(description),
      });
    }
  }
  return operations;
}

/** A path segment as a client would send it; a lone surrogate cannot be encoded, so its bytes are written by hand. */
function encodeSegment(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

const hostileSegment = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "abc",
    "%00",
    "..%2F..%2Fetc%2Fpasswd",
    "9".repeat(40),
    "%ZZ",
    "%E0%A4%A",
    "%ED%A0%80",
    "%2e%2e",
    "%20",
    "null",
  ),
  hostileString.map(encodeSegment),
);

function queryString(entries: [string, unknown][]): string {
  const parts: string[] = [];
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) parts.push(`${encodeSegment(name)}=${encodeSegment(item)}`);
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) parts.push(`${encodeSegment(name)}[${encodeSegment(key)}]=${encodeSegment(item)}`);
    else parts.push(`${encodeSegment(name)}=${encodeSegment(value === null ? "" : value)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

type Mode = FuzzRequest["mode"];

function parameterValue(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  if (mode === "hostile") return fc.oneof(hostileVariant(schema), hostileString);
  return validValue(schema, mode === "boundary");
}

/** The body as JSON text: usually the value, sometimes a broken or oversized text. */
function jsonBody(schema: JsonSchema | undefined, mode: Mode): fc.Arbitrary<{ payload?: string; type?: string }> {
  if (!schema) return fc.oneof(fc.constant({}), fc.constant({ payload: "{}", type: "application/json" }));
  if (mode !== "hostile")
    return validValue(schema, mode === "boundary").map((value) => ({ payload: JSON.stringify(value), type: "application/json" }));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: hostileVariant(schema).map((value) => ({ payload: JSON.stringify(value) ?? "null", type: "application/json" })),
    },
    { weight: 1, arbitrary: brokenJson.map((payload) => ({ payload, type: "application/json" })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(5000, 100_000)
        .map((depth) => ({ payload: "[".repeat(depth) + "]".repeat(depth), type: "application/json" })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: JSON.stringify({ a: "x".repeat(2 * 1024 * 1024) }), type: "application/json" }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          validValue(schema),
          fc.constantFrom(
            "text/plain",
            "application/xml",
            "multipart/form-data",
            "application/x-www-form-urlencoded",
            "application/json; charset=utf-16",
          ),
        )
        .map(([value, type]) => ({ payload: JSON.stringify(value), type })),
    },
  );
}

const BOUNDARY = "----cartwrightfuzz";

/** A multipart body from parts; `broken` leaves it unfinished or mislabelled. */
export function multipartBody(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** Files an upload must judge by their bytes: images, renamed programs, SVG with script, polyglots, garbage. */
const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const FILES: { filename: string; type: string; data: Buffer }[] = [
  { filename: "pixel.png", type: "image/png", data: PNG_1PX },
  { filename: "photo.jpg", type: "image/jpeg", data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]) },
  { filename: "setup.png", type: "image/png", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]) },
  {
    filename: "logo.svg",
    type: "image/svg+xml",
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  {
    filename: "poly.png",
    type: "image/png",
    data: Buffer.concat([PNG_1PX, Buffer.from("<?php system($_GET['c']); ?><script>alert(1)</script>")]),
  },
  { filename: "../../etc/passwd", type: "text/plain", data: Buffer.from("root:x:0:0") },
  { filename: "empty.png", type: "image/png", data: Buffer.alloc(0) },
  {
    filename: "products.csv",
    type: "text/csv",
    data: Buffer.from("ID,Type,Name,Regular price,Stock\n,simple,=cmd|' /C calc'!A0,-5,abc\n,simple,\"unterminated\n"),
  },
  { filename: "products.csv", type: "text/csv", data: Buffer.from("Type,Name,Regular price\nsimple,Fuzz product,1.00\n") },
  { filename: "\u202Egnp.exe", type: "application/octet-stream", data: Buffer.from("#!/bin/sh\nrm -rf /\n") },
];

function multipartRequest(fields: fc.Arbitrary<[string, string][]>, mode: Mode): fc.Arbitrary<{ payload: Buffer; type: string }> {
  const file = fc.constantFrom(...FILES);
  const parts = fc.tuple(
    fields,
    fc.array(fc.tuple(fc.constantFrom("file", "files[]", "upload", "x"), file), { maxLength: 2 }),
    fc.boolean(),
  );
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const body = parts.map(([named, files, close]) => ({
    payload: multipartBody(
      [
        ...named.map(([name, value]) => ({ name, data: value })),
        ...files.map(([name, f]) => ({ name, filename: f.filename, type: f.type, data: f.data })),
      ],
      mode !== "hostile" || close,
    ),
    type,
  }));
  if (mode !== "hostile") return body;
  return fc.oneof(
    { weight: 6, arbitrary: body },
    { weight: 1, arbitrary: body.map(({ payload }) => ({ payload, type: "multipart/form-data" })) },
    { weight: 1, arbitrary: body.map(({ payload }) => ({ payload, type: "multipart/form-data; boundary=nope" })) },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
        type,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: multipartBody([{ name: "file", filename: "big.png", type: "image/png", data: Buffer.alloc(6 * 1024 * 1024, 1) }]),
        type,
      }),
    },
  );
}

/** One request of an operation. */
export function requestFor(operation: Operation, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const path = fc.tuple(
    ...pathParams.map((p) =>
      mode === "hostile"
        ? fc.oneof(hostileSegment, validValue(p.schema).map(encodeSegment))
        : validValue(p.schema, mode === "boundary").map(encodeSegment),
    ),
  );
  const query = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        parameterValue(p.schema, mode).map((value) => [p.name, value] as [string, unknown]),
        { nil: undefined, freq: p.required ? 10 : 2 },
      ),
    ),
  );
  const extraQuery = mode === "hostile" ? fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 }) : fc.constant([]);
  const body = operation.multipart
    ? multipartRequest(
        fc.array(fc.tuple(fc.constantFrom("alt", "dry_run", "x"), fc.oneof(hostileString, fc.string())), { maxLength: 3 }),
        mode,
      )
    : ["GET", "DELETE"].includes(operation.method)
      ? fc.constant({} as { payload?: string; type?: string })
      : jsonBody(operation.body, mode);
  const as = operation.owner
    ? fc.constantFrom<FuzzRequest["as"]>("owner", "owner", "owner", "owner", "owner", "owner", "shopper", "guest")
    : fc.constantFrom<FuzzRequest["as"]>("shopper", "shopper", "guest", "owner");
  return fc.tuple(path, query, extraQuery, body, as).map(([segments, queries, extra, { payload, type }, who]) => {
    let index = 0;
    const url = operation.path.replace(/\{[^}]+\}/g, () => segments[index++] ?? "1");
    const entries = [...(queries.filter(Boolean) as [string, unknown][]), ...extra];
    return {
      operation: `${operation.method} ${operation.path}`,
      method: operation.method,
      url: url + queryString(entries),
      headers: type ? { "content-type": type } : ({} as Record<string, string>),
      ...(payload !== undefined ? { payload } : {}),
      as: who,
      mode,
    };
  });
}

/** The fields the `/ajax` actions read (http/ajax.ts, modules' ajax actions). */
const AJAX_FIELDS = [
  "product_id",
  "quantity",
  "cart_item_key",
  "widgetId",
  "widget",
  "widgetNonce",
  "nonce",
  "channel",
  "isMobile",
  "page_url",
  "page_id",
  "page_title",
  "ref_url",
  "formId",
  "form_id",
  "field_id",
  "email",
  "start_timestamp",
  "end_timestamp",
  "name",
  "message",
  "phone",
  "forms[fields][1]",
  "forms[fields][2][first]",
  "token",
  "altcha",
  "forms[token]",
  "channels[]",
  "consent",
];

const ajaxValue = fc.oneof(fc.integer({ min: -5, max: 50 }).map(String), fc.string({ maxLength: 30 }), hostileString, fc.emailAddress());

/** One `POST /ajax` call: an action (known, or not) with form-encoded or multipart fields; `known` holds values the shop handed out (a widget's nonce, a form's token), so calls also get past those checks. */
export function ajaxRequest(actions: string[], mode: Mode, known: string[] = []): fc.Arbitrary<FuzzRequest> {
  const action = mode === "hostile" ? fc.oneof(fc.constantFrom(...actions), hostileString) : fc.constantFrom(...actions);
  const fields = fc.array(
    fc.tuple(
      mode === "hostile" ? fc.oneof(fc.constantFrom(...AJAX_FIELDS), hostileString) : fc.constantFrom(...AJAX_FIELDS),
      fc.oneof(
        mode === "hostile"
          ? ajaxValue
          : fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), fc.emailAddress(), fc.string({ maxLength: 20 })),
        ...(known.length ? [fc.constantFrom(...known)] : []),
      ),
    ),
    { maxLength: 12 },
  );
  const inQuery = fc.boolean();
  const encoded = fc.tuple(action, fields, inQuery).map(([name, list, query]) => {
    const body = new URLSearchParams();
    if (!query) body.append("action", name);
    for (const [key, value] of list) body.append(String(key).replace(/[\uD800-\uDFFF]/g, "?"), value.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
    return {
      url: query ? `/ajax?action=${encodeSegment(name)}` : "/ajax",
      payload: body.toString(),
      type: "application/x-www-form-urlencoded",
    };
  });
  const multipart = fc
    .tuple(action, multipartRequest(fields, mode))
    .map(([name, { payload, type }]) => ({ url: `/ajax?action=${encodeSegment(name)}`, payload: payload as string | Buffer, type }));
  const hostileBodies =
    mode === "hostile"
      ? [
          fc.constant({ url: "/ajax", payload: `action=add_to_cart&${"a=1&".repeat(5000)}`, type: "application/x-www-form-urlencoded" }),
          fc.constant({ url: "/ajax", payload: JSON.stringify(nested(500, "object")), type: "application/json" }),
          fc.constantFrom(...HOSTILE_STRINGS).map((text) => ({ url: "/ajax", payload: text, type: "text/plain" })),
        ]
      : [];
  return fc
    .tuple(fc.oneof(encoded, multipart, ...hostileBodies), fc.constantFrom<FuzzRequest["as"]>("shopper", "guest"))
    .map(([{ url, payload, type }, as]) => ({
      operation: "POST /ajax",
      method: "POST",
      url,
      headers: { "content-type": type },
      payload,
      as,
      mode,
    }));
}

/** A path no route has, under the API (its 404 must be JSON too). */
export const strayRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
    fc.oneof(hostileSegment, fc.constantFrom("store/v1/nope", "admin/v1/../v1/orders", "store/v2/cart", "admin/v1/")),
  )
  .map(([method, segment]) => ({
    operation: `${method} /api/*`,
    method,
    url: `/api/${segment}`,
    headers: {},
    as: "guest" as const,
    mode: "hostile" as const,
  }));
