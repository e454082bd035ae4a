/** The privacy and terms store pages: one route file, told apart by the route's id. */

import { policyMessages } from "../features/policy/messages.ts";
import type { Route } from "./+types/policy";

type PolicyId = keyof typeof policyMessages;

export function loader({ request }: Route.LoaderArgs) {
  const page: PolicyId = new URL(request.url).pathname.startsWith("/terms") ? "terms" : "privacy";
  return { page };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: policyMessages[loaderData?.page ?? "privacy"].title }];
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  const page = policyMessages[loaderData.page];
  return (
    <article className="policy-page">
      <h1>{page.title}</h1>
      {page.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </article>
  );
}
