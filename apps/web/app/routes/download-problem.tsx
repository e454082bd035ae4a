/**
 * /download/problem/:reason: where a refused download link sends a browser (decision 0094), in the
 * shop's look, with the status the refusal has (404, 401, 403, 410) and what to do next.
 */
import { data, Link } from "react-router";
import { storefrontContext } from "../context.ts";
import { ACCOUNT_PATH } from "../features/account/AccountNav.tsx";
import { returnPath, signInPath } from "../features/account/guard.server.ts";
import { downloadProblemMessages } from "../features/account/messages.ts";
import type { Route } from "./+types/download-problem";

const STATUS: Record<string, number> = {
  "not-found": 404,
  "sign-in": 401,
  "not-yours": 403,
  "not-paid": 403,
  expired: 410,
  "used-up": 410,
};

const CONTACT = "Questions about your order? Reply to the e-mail that confirmed it and we will help.";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { settings } = context.get(storefrontContext);
  const reason = params.reason in STATUS ? params.reason : "not-found";
  const text = downloadProblemMessages[reason] ?? { title: "", text: "" };
  const back = returnPath(new URL(request.url).searchParams.get("redirect"));
  return data(
    {
      reason,
      ...text,
      signIn: reason === "sign-in" || reason === "not-yours" ? signInPath(back ?? `${ACCOUNT_PATH}/downloads`) : null,
      pageTitle: `${text.title} – ${settings.siteTitle}`,
    },
    { status: STATUS[reason] ?? 404 },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.pageTitle ?? "Download" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DownloadProblem({ loaderData }: Route.ComponentProps) {
  return (
    <section className="download-problem">
      <h1>{loaderData.title}</h1>
      <p>{loaderData.text}</p>
      {loaderData.signIn && (
        <p>
          <a href={loaderData.signIn} className="button">
            Sign in
          </a>
        </p>
      )}
      <p>{CONTACT}</p>
      <p>
        <Link to={`${ACCOUNT_PATH}/downloads`}>Your downloads</Link>
      </p>
    </section>
  );
}
