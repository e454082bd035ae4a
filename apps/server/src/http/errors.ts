/**
 * The one error shape of the Store API: {code, message, data: {status, …}} (DESIGN §5).
 * Expected failures are thrown as StoreError; anything else is a bug and answers a bare 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sizeText } from "./upload-limits.ts";

export class StoreError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(code: string, message: string, status: number, data: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }

  toJSON() {
    return { code: this.code, message: this.message, data: { ...this.data, status: this.status } };
  }
}

/** One error of a parameter, as rest_invalid_param's data.details lists them (spec §8). */
export interface ParamError {
  code: string;
  message: string;
  data: unknown;
}

/** A parameter's entry in data.details: its first error, then any more of the same parameter. */
export interface ParamDetail extends ParamError {
  additional_errors: ParamError[];
}

export function paramDetail(code: string, message: string, data: unknown = null, additional: ParamError[] = []): ParamDetail {
  return { code, message, data, additional_errors: additional };
}

/** data.details for fields with one message each, under one code. */
export function paramDetails(errors: Record<string, string>, code = "rest_invalid_param"): Record<string, ParamDetail> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, paramDetail(code, message)]));
}

/** 400 naming every field that failed with its reason (the owner API's checks, decision 0040). */
export function fieldsInvalid(errors: Record<string, string>): StoreError {
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(errors).join(", ")}`, 400, {
    params: errors,
    details: paramDetails(errors),
  });
}

export const noRoute = () => new StoreError("rest_no_route", "No route was found matching the URL and request method.", 404);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  /** The value refused, where the validator keeps it (the owner API's typed bodies: decision 0166). */
  data?: unknown;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  integer: "an integer",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

/** A type refusal in words ("must be a string or null"); a null sent where none is taken is told as such. */
function typeReason(issue: ValidationIssue): string {
  if ("data" in issue && issue.data === null) return "cannot be null: send a value, or leave the field out";
  const types = [issue.params?.type].flat().flatMap((type) => String(type).split(","));
  return `must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(" or ")}`;
}

/** The values a field may take, by path, where the schema lists them (a union of literals or an enum): named in the message instead of Ajv's "must be equal to constant". */
function allowedValuesByPath(issues: ValidationIssue[]): Map<string, string[]> {
  const allowed = new Map<string, string[]>();
  for (const { keyword, params, instancePath = "" } of issues) {
    const values = keyword === "const" ? [params?.allowedValue] : keyword === "enum" ? (params?.allowedValues as unknown[]) : undefined;
    if (!Array.isArray(values)) continue;
    allowed.set(instancePath, [...(allowed.get(instancePath) ?? []), ...values.map((value) => JSON.stringify(value))]);
  }
  return allowed;
}

/** Turns Fastify/Ajv validation issues into rest_invalid_param with a detail per parameter. */
function invalidParams(issues: ValidationIssue[], context: string | undefined): StoreError {
  const params: Record<string, string> = {};
  const details: Record<string, ParamDetail> = {};
  const missing: string[] = [];
  const allowed = allowedValuesByPath(issues);
  for (const issue of issues) {
    // A JSON pointer: '~1' and '~0' stand for '/' and '~' in a key ("cw-demo/gate-code").
    const path = (issue.instancePath ?? "")
      .split("/")
      .filter(Boolean)
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (issue.keyword === "required" && typeof issue.params?.missingProperty === "string") {
      missing.push([...path, issue.params.missingProperty].join("."));
      continue;
    }
    // Ajv names the unknown field in its params only: the message names it, so a misspelt field is found.
    if (issue.keyword === "additionalProperties" && typeof issue.params?.additionalProperty === "string") {
      const field = [...path, issue.params.additionalProperty];
      const param = field[0] as string;
      if (param in params) continue;
      params[param] = `${field.join(".")} is not a field this call takes`;
      details[param] = paramDetail("rest_invalid_param", params[param]);
      continue;
    }
    const param = path[0] ?? context ?? "body";
    if (param in params) continue;
    const values = allowed.get(issue.instancePath ?? "");
    const reason = values
      ? `must be ${values.length > 1 ? "one of " : ""}${values.join(", ")}`
      : issue.keyword === "type"
        ? typeReason(issue)
        : (issue.message ?? "is invalid");
    const message = `${[param, ...path.slice(1)].join(".")} ${reason}`;
    params[param] = message;
    details[param] = paramDetail("rest_invalid_param", message);
  }
  if (missing.length && !Object.keys(params).length) {
    return new StoreError("rest_missing_callback_param", `Missing parameter(s): ${missing.join(", ")}`, 400, { params: missing });
  }
  for (const name of missing) {
    params[name] = `${name} is a required property`;
    details[name] = paramDetail("rest_property_required", params[name]);
  }
  return new StoreError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(params).join(", ")}`, 400, { params, details });
}

/** Maps Fastify's own client errors (bad JSON, wrong content type, too large) to coded errors. */
function fromFastifyError(error: FastifyError): StoreError | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new StoreError("rest_invalid_json", "The request body is not valid JSON.", 400);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new StoreError("rest_unsupported_media_type", "This content type is not accepted here; send application/json.", 415);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new StoreError("rest_request_too_large", "The request body is too large.", 413);
    case "FST_ERR_BAD_URL":
      return new StoreError("rest_invalid_url", "The address is not a valid URL.", 400);
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new StoreError("rest_invalid_request", "The request's Content-Length does not match its body.", 400);
  }
  // A key that would reach an object's prototype (http/input.ts): the JSON itself is sound, so say which key.
  if (error instanceof SyntaxError && error.name === "ForbiddenKeyError") {
    return new StoreError(
      "rest_invalid_json",
      "The request body holds a key that is not accepted: __proto__, or constructor with a prototype.",
      400,
    );
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new StoreError("rest_invalid_json", "The request body is not valid JSON.", 400);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new StoreError("rest_invalid_request", error.message || "The request could not be understood.", error.statusCode);
  }
  return null;
}

export function toStoreError(error: unknown): StoreError | null {
  if (error instanceof StoreError) return error;
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (fastifyError?.validation) return invalidParams(fastifyError.validation, fastifyError.validationContext);
  if (fastifyError && typeof fastifyError === "object") return fromFastifyError(fastifyError);
  return null;
}

/** A request Node could not parse, as a coded error with the status line's reason. */
export function clientErrorReply(error: Error & { code?: string; rawPacket?: Buffer }): StoreError & { reason: string } {
  const coded = (code: string, message: string, status: number, reason: string) =>
    Object.assign(new StoreError(code, message, status), { reason });
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return coded("rest_request_timeout", "The request took too long to arrive.", 408, "Request Timeout");
  if (error.code === "HPE_HEADER_OVERFLOW") {
    // The request line counts towards Node's 16 KB header limit: when it takes half of that, the address is what is too long.
    const packet = error.rawPacket?.toString("latin1") ?? "";
    const lineEnd = packet.indexOf("\r\n");
    if ((lineEnd === -1 ? packet.length : lineEnd) > 8192)
      return coded("rest_uri_too_long", "The address is too long.", 414, "URI Too Long");
    return coded("rest_request_headers_too_large", "The request's headers are too large.", 431, "Request Header Fields Too Large");
  }
  return coded("rest_invalid_request", "The request is not valid HTTP.", 400, "Bad Request");
}

export function sendError(reply: FastifyReply, error: StoreError) {
  return reply.status(error.status).type("application/json; charset=utf-8").send(error.toJSON());
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toStoreError(error);
    // A body over the route's limit: the limit is named (decision 0105).
    if (known?.code === "rest_request_too_large")
      return sendError(
        reply,
        new StoreError(
          "rest_request_too_large",
          `The request body is too large: at most ${sizeText(request.routeOptions.bodyLimit ?? 0)}.`,
          413,
        ),
      );
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, new StoreError("cw_rest_unknown_server_error", "Something went wrong on our side. Please try again.", 500));
  });
  // Unknown API paths answer JSON; every other path belongs to the storefront, which renders its 404 page.
  app.setNotFoundHandler((_request, reply) => sendError(reply, noRoute()));
}
