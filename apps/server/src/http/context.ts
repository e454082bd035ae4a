/**
 * The request context: what one request gives the services it calls, built once per request
 * (Store API, legacy /ajax and storefront pages alike). Services take it first:
 * `service(ctx, input)`; routes stay `(request) => service(request.ctx, input)`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/index.ts";
import type { ClientLimits } from "./rate-limits.ts";
import type { RequestSession, Session } from "./session.ts";

/**
 * Types of the modules that the context carries, named here by the modules themselves through
 * declaration merging (modules/settings adds `settings`), so that http/ imports no module.
 * The owner routes (`<domain>.admin.routes.ts`, DESIGN.md §9) add `owner` the same way.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ContextTypes {}
type Provided<K extends string> = ContextTypes extends Record<K, infer T> ? T : never;

export interface RequestContext {
  readonly db: Db;
  /** Who is asking. The storefront's sign-in and sign-out move it in place, so what is read after follows. */
  readonly session: Session;
  /** A fixed time (tests); absent, a service reads the clock when it acts. */
  readonly now?: Date;
  /**
   * The shop's settings, read once per request when first asked (GET /cart never asks: a kept
   * reply needs none, decision 0015).
   */
  shopSettings(): Promise<Provided<"settings">>;
  /** The request's rate-limit handle by its client's address (decision 0016), made when first asked. */
  limits(): ClientLimits;
  /**
   * The signed-in owner or manager, on owner routes only: their preValidation hook (requireOwner) sets it
   * after checking the caller, and names its type as `owner` in ContextTypes. Absent on Store API and storefront requests.
   */
  readonly owner?: Provided<"owner">;
}

export interface ContextParts {
  db: Db;
  session: Session;
  now?: Date;
  readSettings: () => Promise<Provided<"settings">>;
  limits: () => ClientLimits;
}

/** A request context over its parts; the settings are read on first use and kept for the request. */
export function requestContext({ readSettings, ...parts }: ContextParts): RequestContext {
  let settings: Promise<Provided<"settings">> | undefined;
  // A plain object with its functions as own properties: services copy it as `{ ...ctx, db: trx }`.
  return {
    ...parts,
    shopSettings: () => {
      settings ??= readSettings();
      return settings;
    },
  };
}

/** Builds a request's context from its session (the app knows how to read settings and limits). */
export type ContextFactory = (request: FastifyRequest, session: Session) => RequestContext;

/** Gives every request of the scope its context, once its session is known (register after the session hook). */
export function registerRequestContext(app: FastifyInstance, contextFor: ContextFactory): void {
  app.addHook("onRequest", (request, _reply, done) => {
    request.ctx = contextFor(request, request.requestSession as RequestSession);
    done();
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set for the Store API, /ajax and storefront pages; undefined elsewhere (health, media, files). */
    ctx: RequestContext;
  }
}
