/**
 * A form's page posted without JavaScript (decision 0026): the body read within the /ajax limits
 * (never more than that in memory), turned into the /ajax form shape and checked by `submitForm`,
 * so both ways in follow the same rules. The page shows what comes back.
 */
import type { FormPostOutcome } from "@cartwright/commerce";
import { collectValues, sanitizeHtml } from "@cartwright/commerce/forms";
import type { FastifyRequest } from "fastify";
import { AJAX_LIMITS, type AjaxFile, type AjaxForm } from "../../http/ajax.ts";
import { unstorableTextError } from "../../http/input.ts";
import { publishedForm } from "./forms.service.ts";
import { FORM_UPLOAD_TOTAL_BYTES, submitForm } from "./submit.ts";

/** A whole page post may come to the files' total plus 1 MB of text and multipart framing. */
export const PAGE_POST_MAX_BYTES = FORM_UPLOAD_TOTAL_BYTES + 1024 * 1024;

export const PAGE_POST_MESSAGES = {
  tooLarge: `The form could not be sent: together its files come to more than ${FORM_UPLOAD_TOTAL_BYTES / 1024 / 1024} MB. Please choose smaller files and send again.`,
  tooManyFiles: `The form could not be sent: at most ${AJAX_LIMITS.files} files may be sent at once.`,
  fileTooLarge: `The form could not be sent: each file may be at most ${AJAX_LIMITS.fileSize / 1024 / 1024} MB.`,
  tooManyFields: "The form could not be sent: it has too many fields.",
  unreadable: "The form could not be read. Please send it again.",
} as const;

class BodyRefused extends Error {
  readonly reason: keyof typeof PAGE_POST_MESSAGES;
  readonly status: 413 | 422;
  constructor(reason: keyof typeof PAGE_POST_MESSAGES, status: 413 | 422) {
    super(reason);
    this.reason = reason;
    this.status = status;
  }
}

/** The body's bytes, refused past `max` while reading (a missing or false Content-Length changes nothing). */
function capped(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new BodyRefused("tooLarge", 413));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The post as /ajax reads it: text fields by name (repeated names as lists), files within AJAX_LIMITS. */
export async function readPagePost(body: Request): Promise<AjaxForm> {
  const length = Number(body.headers.get("content-length") ?? "0");
  if (length > PAGE_POST_MAX_BYTES) throw new BodyRefused("tooLarge", 413);
  const type = body.headers.get("content-type") ?? "";
  if (!body.body || !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) throw new BodyRefused("unreadable", 422);
  let data: FormData;
  try {
    data = await new Response(capped(body.body, PAGE_POST_MAX_BYTES), { headers: { "content-type": type } }).formData();
  } catch (error) {
    if (error instanceof BodyRefused) throw error;
    throw new BodyRefused("unreadable", 422);
  }
  const form: AjaxForm = { fields: {}, files: [] };
  let count = 0;
  for (const [name, value] of data) {
    if (++count > AJAX_LIMITS.parts) throw new BodyRefused("tooManyFields", 413);
    if (typeof value === "string") {
      if (value.length > AJAX_LIMITS.fieldSize) throw new BodyRefused("tooManyFields", 413);
      const earlier = form.fields[name];
      form.fields[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
      continue;
    }
    // An empty file input still sends a part with no name and no bytes: nothing was chosen.
    if (value.name === "" && value.size === 0) continue;
    if (value.size > AJAX_LIMITS.fileSize) throw new BodyRefused("fileTooLarge", 413);
    const file: AjaxFile = { field: name, filename: value.name, mimetype: value.type, data: Buffer.from(await value.arrayBuffer()) };
    form.files.push(file);
    if (form.files.length > AJAX_LIMITS.files) throw new BodyRefused("tooManyFiles", 413);
  }
  if (Object.keys(form.fields).length > AJAX_LIMITS.fields) throw new BodyRefused("tooManyFields", 413);
  return form;
}

type Reply = { success: boolean; data: Record<string, unknown> };

/** Sends a form's page post the way forms_submit takes it, and says what the page shows next. */
export async function submitPagePost(request: FastifyRequest, slug: string, body: Request): Promise<FormPostOutcome> {
  const stored = await publishedForm(request.ctx.db, slug);
  if (!stored || stored.slug !== slug) return { kind: "not-found" };
  let form: AjaxForm;
  try {
    form = await readPagePost(body);
  } catch (error) {
    if (!(error instanceof BodyRefused)) throw error;
    return {
      kind: "failed",
      status: error.status,
      values: {},
      errors: { field: {}, general: { header: PAGE_POST_MESSAGES[error.reason] } },
    };
  }
  const values = collectValues(
    Object.entries(form.fields).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [name, x])),
  );
  const unstorable = unstorableTextError({ params: {}, query: {}, body: form.fields });
  if (unstorable)
    return { kind: "failed", status: 422, values: {}, errors: { field: {}, general: { header: PAGE_POST_MESSAGES.unreadable } } };
  // The page is the form's own: its id is the page's, and the post's end is when it arrived.
  form.fields["forms[id]"] = String(stored.id);
  if (!form.fields.end_timestamp) form.fields.end_timestamp = String(Math.floor((request.ctx.now?.getTime() ?? Date.now()) / 1000));
  const reply = (await submitForm(request, form)) as Reply;
  if (reply.success) {
    if (typeof reply.data.redirect_url === "string") return { kind: "redirect", url: reply.data.redirect_url };
    return { kind: "confirmation", message: sanitizeHtml(String(reply.data.confirmation ?? "")) };
  }
  const errors = (reply.data.errors ?? { field: {}, general: {} }) as Extract<FormPostOutcome, { kind: "failed" }>["errors"];
  return { kind: "failed", status: 422, values, errors: { field: errors.field ?? {}, general: errors.general ?? {} } };
}
