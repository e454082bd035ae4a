/** A console page's document title: "{page} – Shop console – {shop}", the shop's name from the layout's data; and the robots rule. */
import { consoleMessages as t } from "./messages.ts";

interface TitleMatch {
  id: string;
  loaderData?: unknown;
}

export function consoleMeta(matches: readonly (TitleMatch | undefined)[], page: string) {
  const layout = matches.find((match) => match?.id === "routes/admin/layout")?.loaderData as { shopName?: string } | undefined;
  const title = [page, t.consoleTitle, layout?.shopName].filter(Boolean).join(" – ");
  return [{ title }, { name: "robots", content: "noindex" }];
}
