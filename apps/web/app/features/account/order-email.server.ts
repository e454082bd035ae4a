/**
 * The action behind OrderEmailQuestion (decision 0083), shared by the order-received and the
 * pay-for-order pages: the right email marks this session and brings the same page back by GET;
 * a wrong or missing one, or too many tries, answers the question again with why.
 */
import { data, redirect } from "react-router";
import type { StorefrontAccount } from "../../context.ts";
import { notFound, orderIdFrom } from "./guard.server.ts";
import { orderMessages as t } from "./messages.ts";

export async function answerOrderEmail(account: StorefrontAccount, idParam: string | undefined, request: Request) {
  const id = orderIdFrom(idParam);
  const url = new URL(request.url);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return data({ email, error: t.confirmEmailMissing }, { status: 400 });
  const result = await account.confirmOrderEmail(id, url.searchParams.get("key"), email);
  // Answered: the page again, by GET, so a reload does not post the address once more.
  if (result.ok) throw redirect(url.pathname + url.search, 303);
  if (result.status === 404) throw notFound();
  // Too many tries says so and when to come back; a wrong address says only that it is wrong.
  if (result.status === 429) return data({ email, error: result.message }, { status: 429 });
  return data({ email, error: t.confirmEmailWrong }, { status: 400 });
}
