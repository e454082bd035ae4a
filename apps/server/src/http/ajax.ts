/**
 * The site's asynchronous request endpoint (spec ajax_url: `POST /ajax`), one route for every
 * module's actions: the cart's legacy page calls, the contact widget's reports and messages, the
 * forms. The body is form-encoded or multipart (files are read into memory within the limits
 * below); the action comes from the query or the body. Only actions that work on the visitor's
 * cart get the session and its cookie: widget calls also come from other sites, where no cookie
 * goes, and they are checked by their own signed nonce instead.
 */
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context.ts";
import { StoreError } from "./errors.ts";
import { unstorableTextError } from "./input.ts";
import { type LoginSessionCheck, resolveSession, sendSessionHeaders } from "./session.ts";
import { declaredLength, MULTIPART_OVERHEAD_BYTES, readFilePart, sizeText } from "./upload-limits.ts";

/** A file of a multipart body, read whole (the limits keep it small). */
export interface AjaxFile {
  /** The form field it came in. */
  field: string;
  /** The name the visitor's browser gave it (never trusted for storage). */
  filename: string;
  /** The type the browser claimed (never trusted: content is checked by the action). */
  mimetype: string;
  data: Buffer;
}

/** A parsed body: every field's text (repeated names as a list, in order) and the files. */
export interface AjaxForm {
  fields: Record<string, string | string[]>;
  files: AjaxFile[];
}

export interface AjaxAction {
  /** Works on the visitor's cart session: it is resolved, and its cookie and headers sent, as for the Store API. */
  session: boolean;
  handle(request: FastifyRequest, reply: FastifyReply, form: AjaxForm): Promise<unknown>;
  /**
   * The answer when the body went over AJAX_LIMITS (the error says which), for actions whose
   * callers read their own failure shape; without it the error answers (cw_ajax_*, 413/400).
   * The action must be named in the query, or in the body before the part that was too much.
   */
  refusedBody?(request: FastifyRequest, error: StoreError): unknown;
}

export type AjaxActions = Record<string, AjaxAction>;

/** What one multipart body may hold: a contact message's files fit, an upload flood does not. */
export const AJAX_LIMITS = { files: 5, fileSize: 5 * 1024 * 1024, fields: 200, fieldSize: 100 * 1024, parts: 205 } as const;
/** The most a multipart body within AJAX_LIMITS can come to: every file and field at its limit, and the framing. */
export const AJAX_MAX_BYTES =
  AJAX_LIMITS.files * AJAX_LIMITS.fileSize + AJAX_LIMITS.fields * AJAX_LIMITS.fieldSize + MULTIPART_OVERHEAD_BYTES;

/** The field's first value, or undefined. */
export function formField(form: AjaxForm, name: string): string | undefined {
  const value = form.fields[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A list field as browsers and PHP-style clients send it: `name` repeated, `name[]`, or
 * `name[0]`, `name[1]`… (in index order).
 */
export function formList(form: AjaxForm, name: string): string[] {
  const values: string[] = [];
  const indexed: [number, string][] = [];
  for (const [key, value] of Object.entries(form.fields)) {
    const all = Array.isArray(value) ? value : [value];
    if (key === name || key === `${name}[]`) values.push(...all);
    else if (key.startsWith(`${name}[`) && key.endsWith("]")) {
      const index = Number(key.slice(name.length + 1, -1));
      if (Number.isInteger(index) && index >= 0) for (const item of all) indexed.push([index, item]);
    }
  }
  return [...values, ...indexed.sort((a, b) => a[0] - b[0]).map(([, value]) => value)];
}

function addField(fields: AjaxForm["fields"], name: string, value: string): void {
  const earlier = fields[name];
  if (earlier === undefined) fields[name] = value;
  else if (Array.isArray(earlier)) earlier.push(value);
  else fields[name] = [earlier, value];
}

/** Multipart limits answered in the error shape, naming what was too much. */
function multipartError(error: unknown, field: string | undefined): StoreError | null {
  const code = (error as { code?: string }).code;
  const mb = AJAX_LIMITS.fileSize / 1024 / 1024;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new StoreError("cw_ajax_file_too_large", `Each file may be at most ${mb} MB.`, 413, field ? { field } : {});
  if (code === "FST_FILES_LIMIT")
    return new StoreError("cw_ajax_too_many_files", `At most ${AJAX_LIMITS.files} files may be sent at once.`, 413);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
    return new StoreError("cw_ajax_too_many_fields", "The form has too many fields.", 413);
  if (
    code === "FST_INVALID_MULTIPART_CONTENT_TYPE" ||
    code === "FST_PROTO_VIOLATION" ||
    (error instanceof Error && /multipart|boundary/i.test(error.message))
  )
    return new StoreError("cw_ajax_invalid_body", "The form data could not be read.", 400);
  return null;
}

/** A body read, or refused at a limit with what was read before it (the action may be named there). */
type ReadBody = { form: AjaxForm; refused?: StoreError };

async function readMultipart(request: FastifyRequest): Promise<ReadBody> {
  const form: AjaxForm = { fields: {}, files: [] };
  // Declared over what the limits let through: refused before a byte is read (decision 0105).
  if (declaredLength(request) > AJAX_MAX_BYTES)
    return {
      form,
      refused: new StoreError("cw_ajax_body_too_large", `The form is too large to send at once: at most ${sizeText(AJAX_MAX_BYTES)}.`, 413),
    };
  let current: string | undefined;
  try {
    for await (const part of request.parts({ limits: AJAX_LIMITS })) {
      current = part.fieldname;
      if (part.type === "file") {
        const file = part as MultipartFile;
        const data = await readFilePart(file);
        // An empty file input still sends a part with no name and no bytes: nothing was chosen.
        if (file.filename === "" && data.length === 0) continue;
        form.files.push({ field: file.fieldname, filename: file.filename, mimetype: file.mimetype, data });
      } else {
        if (part.valueTruncated) throw new StoreError("cw_ajax_field_too_long", "A field is too long.", 413, { field: part.fieldname });
        addField(form.fields, part.fieldname, String(part.value ?? ""));
      }
    }
  } catch (error) {
    const refused = error instanceof StoreError ? error : multipartError(error, current);
    if (!refused) throw error;
    return { form, refused };
  }
  return { form };
}

function readForm(request: FastifyRequest): Promise<ReadBody> | ReadBody {
  if (request.isMultipart()) return readMultipart(request);
  const fields: AjaxForm["fields"] = {};
  const body = request.body;
  if (body && typeof body === "object") for (const [name, value] of Object.entries(body)) fields[name] = value as string | string[];
  return { form: { fields, files: [] } };
}

/**
 * /ajax's own refusals (a limit, text no database stores, an unknown action) speak only of the request itself, so
 * the page that sent it may read them wherever it is: without Access-Control-Allow-Origin a page on another site,
 * where the widget and the forms also run, is told only that the call failed. The calls carry no credentials
 * across sites, and an action's own origin rule still decides every call that reaches it.
 */
function readableWhereSent(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  reply.header("Vary", "Origin");
  if (origin !== undefined) reply.header("Access-Control-Allow-Origin", origin);
}

/** Requests whose action has taken over: from then on its own rules answer, its origin rule among them. */
const handedOver = new WeakSet<FastifyRequest>();

export interface AjaxDeps {
  actions: AjaxActions;
  secret: string;
  stands: LoginSessionCheck;
  contextFor: ContextFactory;
}

/** A body /ajax cannot read: it takes the forms the widget and the public forms send (the app's own answer names JSON). */
const notAForm = () =>
  new StoreError(
    "rest_unsupported_media_type",
    "This content type is not accepted here; send a form (application/x-www-form-urlencoded or multipart/form-data).",
    415,
  );

/** Registers `POST /ajax` in its own scope (its own body parsers). */
export async function registerAjax(app: FastifyInstance, deps: AjaxDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
      const fields: AjaxForm["fields"] = {};
      for (const [name, value] of new URLSearchParams(String(body))) addField(fields, name, value);
      done(null, fields);
    });
    await scope.register(multipart, { limits: AJAX_LIMITS });
    // A form-encoded body over the app's bodyLimit never reaches the route: an action named in the
    // query that answers refused bodies answers it too; everything else goes to the app's handler.
    scope.setErrorHandler((error, request, reply) => {
      const name = (request.query as Record<string, string | undefined>).action ?? "";
      const action = Object.hasOwn(deps.actions, name) ? deps.actions[name] : undefined;
      // What failed before an action ran (the body's parsing, the edge's input check) is the request's own fault.
      if (!handedOver.has(request)) readableWhereSent(request, reply);
      if ((error as { code?: string }).code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw notAForm();
      if ((error as { code?: string }).code !== "FST_ERR_CTP_BODY_TOO_LARGE" || !action?.refusedBody) throw error;
      request.ctx = deps.contextFor(request, { sid: "", uid: 0 });
      return action.refusedBody(request, new StoreError("cw_ajax_body_too_large", "The form is too large to send at once.", 413));
    });

    scope.post("/ajax", { schema: { hide: true } }, async (request, reply) => {
      const { form, refused } = await readForm(request);
      const query = request.query as Record<string, string | undefined>;
      const name = query.action ?? formField(form, "action") ?? "";
      const action = Object.hasOwn(deps.actions, name) ? deps.actions[name] : undefined;
      if (refused) {
        if (!action?.refusedBody) throw refused;
        readableWhereSent(request, reply);
        request.ctx = deps.contextFor(request, { sid: "", uid: 0 });
        return action.refusedBody(request, refused);
      }
      // The edge check (http/input.ts) saw no multipart fields: they are read here.
      const unstorable = unstorableTextError({ params: {}, query: {}, body: form.fields });
      if (unstorable) throw unstorable;
      if (!action)
        throw new StoreError("cw_ajax_unknown_action", `Unknown action: use one of ${Object.keys(deps.actions).join(", ")}.`, 400);
      handedOver.add(request);
      if (action.session) {
        const session = await resolveSession(deps.secret, request, deps.stands);
        request.requestSession = session;
        sendSessionHeaders(deps.secret, request, reply, session);
        request.ctx = deps.contextFor(request, session);
      } else {
        // A guest with no cart: these actions never read or write one.
        request.ctx = deps.contextFor(request, { sid: "", uid: 0 });
      }
      // Query fields (older themes put the product there) fill what the body leaves out.
      for (const [key, value] of Object.entries(query)) if (value !== undefined && !(key in form.fields)) form.fields[key] = value;
      return action.handle(request, reply, form);
    });
  });
}
