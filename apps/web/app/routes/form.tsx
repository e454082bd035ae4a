/**
 * A public form's own page, /forms/{slug} (issue 17, decision 0026): the shop's header and footer
 * around the form, and no React hydration — the page is HTML, the forms runtime (when built) its
 * only script. Without JavaScript the form posts here: the action sends it as /ajax would and the
 * page shows the errors beside their fields (422), the confirmation, or a 303 to the next page.
 */
import { data, redirect } from "react-router";
import { RESUME_NOTICES, RESUME_PARAMETER } from "../../forms/render/index.ts";
import { FormEmbed } from "../components/FormEmbed.tsx";
import { storefrontContext } from "../context.ts";
import type { Route } from "./+types/form";

/** The root leaves out React's scripts for this route. */
export const handle = { hydrate: false };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { forms, settings, cspNonce } = context.get(storefrontContext);
  const payload = await forms.page(params.slug);
  if (!payload) throw data(null, { status: 404, statusText: "Not Found" });
  const page = { payload, runtimeSrc: forms.runtimeScript(), title: `${payload.form.title} – ${settings.siteTitle}`, nonce: cspNonce };
  const key = new URL(request.url).searchParams.get(RESUME_PARAMETER);
  if (key === null) return { ...page, resume: null };
  // Decision 0030: a resume link restores the draft's values and carries its key back in forms[resume].
  const values = await forms.resumed(params.slug, key);
  const resume = values ? { values, key, notice: RESUME_NOTICES.restored } : { values: undefined, notice: RESUME_NOTICES.expired };
  // The key opens the draft: no other site or cache gets the address that holds it.
  return data({ ...page, resume }, { headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const outcome = await context.get(storefrontContext).forms.submit(params.slug, request);
  switch (outcome.kind) {
    case "not-found":
      throw data(null, { status: 404, statusText: "Not Found" });
    case "redirect":
      throw redirect(outcome.url, 303);
    case "confirmation":
      return { confirmation: outcome.message };
    case "failed":
      return data({ values: outcome.values, errors: outcome.errors }, { status: outcome.status });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : [];
}

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payload, runtimeSrc, nonce, resume } = loaderData;
  // A refused post of a resumed page keeps the key (the form posts back to its link) and the visitor's new values.
  const restored = resume ? { values: resume.values, resume: { key: resume.key, notice: resume.notice } } : {};
  const state = actionData
    ? "confirmation" in actionData
      ? { confirmation: actionData.confirmation }
      : { ...actionData, resume: restored.resume }
    : restored;
  return (
    <article className="form-page">
      <h1>{payload.form.title}</h1>
      <FormEmbed payload={payload} state={state} runtimeSrc={runtimeSrc} nonce={nonce} />
    </article>
  );
}
