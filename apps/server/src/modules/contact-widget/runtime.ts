/**
 * What the widget's services need from the app and not from a request: the signing secret (the
 * widget nonce) and the country header (config COUNTRY_HEADER). buildApp files them per database,
 * so the /ajax actions and widgetPage(ctx, visitor) reach them through ctx.db, and two apps over
 * two databases (tests) never mix them.
 */
import type { Db } from "../../db/index.ts";
import { identityOf } from "../../db/revisions.ts";

export interface WidgetRuntime {
  secret: string;
  /** Lower-case header name, or null to trust none. */
  countryHeader: string | null;
  /** The shop's own origin as shoppers reach it (PUBLIC_URL), when known: its pages always may call /ajax. */
  shopOrigin?: string | null;
}

const runtimes = new WeakMap<object, WidgetRuntime>();

export function configureContactWidgets(db: Db, runtime: WidgetRuntime): void {
  runtimes.set(identityOf(db), Object.freeze({ ...runtime }));
}

export function widgetRuntime(db: Db): WidgetRuntime {
  const runtime = runtimes.get(identityOf(db));
  if (!runtime) throw new Error("The contact widgets are not configured for this database: buildApp calls configureContactWidgets.");
  return runtime;
}
