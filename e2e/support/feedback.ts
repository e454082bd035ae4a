import { type APIRequestContext, expect } from "@playwright/test";

/** The demo's "Store feedback" form. */
export const FEEDBACK_ID = 3;

/** A file as a visitor's browser sends it in a file field. */
export interface SentFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A feedback entry as a visitor's browser sends it: a token from forms_get_token, then forms_submit (spec §7). */
export async function sendFeedback(
  request: APIRequestContext,
  fields: Record<string, string | SentFile>,
  formId = FEEDBACK_ID,
): Promise<void> {
  const token = await request.post("/ajax", { form: { action: "forms_get_token", formId: String(formId) } });
  const { data } = (await token.json()) as { data: { token: string } };
  const now = Math.floor(Date.now() / 1000);
  const sent = await request.post("/ajax", {
    multipart: {
      action: "forms_submit",
      "forms[id]": String(formId),
      "forms[token]": data.token,
      start_timestamp: String(now - 30),
      end_timestamp: String(now),
      page_url: "http://127.0.0.1/forms/feedback",
      ...Object.fromEntries(Object.entries(fields).map(([id, value]) => [`forms[fields][${id}]`, value])),
    },
  });
  expect(await sent.json()).toMatchObject({ success: true });
}
