/**
 * PLACEHOLDER until helper H2's page payload lands (issue 16 contract, "Page payload"): the same
 * signatures, with no widget, so the storefront and the embed route build and run before the merge.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { WidgetPage } from "@cartwright/commerce/contact-widget";
import type { Db } from "../../db/index.ts";
import type { RequestContext } from "../../http/context.ts";

interface Visitor {
  headers: IncomingHttpHeaders;
  ip: string;
}

export async function widgetPage(_ctx: RequestContext, _visitor: Visitor): Promise<WidgetPage> {
  return { widgets: [], country: "-", crawler: false, ajaxUrl: "/ajax", assetsUrl: "/widget/", consent: "not-required" };
}

export async function embedPage(
  _db: Db,
  _secret: string,
  _widgetId: number,
  _visitor: Visitor,
  _shopOrigin: string,
): Promise<WidgetPage | null> {
  return null;
}
