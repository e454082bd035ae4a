/** buildApp(deps): the whole shop as a Fastify instance, testable with app.inject and no port. */

import type { Socket } from "node:net";
import { join } from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from "fastify";
import helmet from "helmet";
import { Type } from "typebox";
import { type Config, defaultTrustProxy } from "./config.ts";
import { checkDatabase, type Db } from "./db/index.ts";
import { webhookQueue } from "./db/webhook-events.ts";
import { type Extension, registerExtensions } from "./extensions.ts";
import { registerAjax } from "./http/ajax.ts";
import { batchRoutes } from "./http/batch.ts";
import { type ContextFactory, registerRequestContext, requestContext } from "./http/context.ts";
import { clientErrorReply, noRoute, registerErrorHandling, StoreError, sendError, toStoreError } from "./http/errors.ts";
import { IDEMPOTENCY_KEY_HEADERS, registerIdempotency } from "./http/idempotency.ts";
import { refusingInventedNumbers, registerInputChecks } from "./http/input.ts";
import { DYNAMIC_ENCODINGS, registerKeptCompression } from "./http/kept-compression.ts";
import { lazySchemas } from "./http/lazy-schemas.ts";
import { documentedSchema, withOperationIds } from "./http/openapi.ts";
import { RateLimiter, registerRateLimitHeaders } from "./http/rate-limits.ts";
import { requestLogger } from "./http/request-logger.ts";
import { registerRouteIndex } from "./http/route-index.ts";
import { registerSessionHooks } from "./http/session.ts";
import { closeUnreadBodies } from "./http/upload-limits.ts";
import { apiKeysAdminRoutes, registerApiKeyAuth } from "./modules/api-keys/index.ts";
import { attributionRoutes } from "./modules/attribution/index.ts";
import { cartAjaxActions, cartRoutes } from "./modules/cart/index.ts";
import { catalogRoutes, productsAdminRoutes, taxonomiesAdminRoutes } from "./modules/catalog/index.ts";
import { checkoutRoutes } from "./modules/checkout/index.ts";
import {
  type CaptchaOptions,
  configureContactWidgets,
  contactAjaxActions,
  contactWidgetAdminRoutes,
  embedRoutes,
  messagesAdminRoutes,
  registerContactMessages,
  widgetPreflightRoutes,
} from "./modules/contact-widget/index.ts";
import { couponsAdminRoutes } from "./modules/coupons/index.ts";
import { customerRoutes, customersAdminRoutes, loginSessionStands, requireOwner, staffAdminRoutes } from "./modules/customers/index.ts";
import { downloadRoutes, downloadsAdminRoutes } from "./modules/downloads/index.ts";
import { type Mailer, registerOrderEmails } from "./modules/emails/index.ts";
import {
  demoFormImageRoutes,
  formsAdminRoutes,
  formsAjaxActions,
  formsAssetRoutes,
  formsEmbedRoutes,
  formsPreflightAllows,
  registerForms,
} from "./modules/forms/index.ts";
import { mediaAdminRoutes, mediaRoutes } from "./modules/media/index.ts";
import { ordersAdminRoutes, PLACED_STATUSES } from "./modules/orders/index.ts";
import { paymentsAdminRoutes } from "./modules/payments/index.ts";
import { reportsAdminRoutes } from "./modules/reports/index.ts";
import { reviewsAdminRoutes, reviewsRoutes } from "./modules/reviews/index.ts";
import { getSettings, settingsAdminRoutes } from "./modules/settings/index.ts";
import { shippingAdminRoutes } from "./modules/shipping/index.ts";
import { registerStockAlerts, stockAdminRoutes } from "./modules/stock/index.ts";
import { taxesAdminRoutes } from "./modules/taxes/index.ts";
import { visitorRoutes } from "./modules/visitor/index.ts";
import { createWebhookSender, type WebhookSender, webhooksAdminRoutes } from "./modules/webhooks/index.ts";
import { registerStorefront, WEB_BUILD_DIR, type WebOptions } from "./web.ts";

/**
 * Replies smaller than TCP's first flight (ten segments of 1,460 bytes, RFC 6928) are sent as they are: they
 * arrive in the same round trip compressed or not, and compressing one cost 70–110 µs of server CPU, a third of a
 * cart write (decision 0114). Pages, catalogue lists and larger carts are still compressed.
 */
export const COMPRESS_FROM_BYTES = 14 * 1024;
/**
 * A reply the server holds whole (pages, JSON) is compressed in one synchronous call up to this size. Above the
 * plugin's default (8 KB on two cores) each reply got a compression stream of its own, whose set-up cost 1.8 ms of
 * CPU for a 20 KB product list and 9 ms for the shop page, against 62 and 129 µs in one call (decision 0114).
 */
export const COMPRESS_IN_ONE_CALL_UP_TO_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Pick<Config, "logLevel" | "production" | "rateLimit"> & {
    secret: string;
    trustProxy?: Config["trustProxy"];
    /** COUNTRY_HEADER (config.ts); absent: cf-ipcountry. */
    countryHeader?: Config["countryHeader"];
    /** PUBLIC_URL (config.ts): the contact widget takes calls from its origin as the shop's own. */
    publicUrl?: Config["publicUrl"];
    /** WEBHOOKS_ALLOW_PRIVATE (config.ts); absent: off. */
    webhooksAllowPrivate?: Config["webhooksAllowPrivate"];
  };
  db: Db;
  /** Mount the server-rendered storefront (needs a built apps/web); API-only tests leave it out. */
  web?: WebOptions | false;
  /** Pino options or false; tests pass false to stay quiet, or a stream to read what would be logged. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Sends order e-mails once an order is placed (modules/emails); none sends nothing. */
  mailer?: Mailer;
  /** The shop's own gateways, checkout fields and cart fees (extensions.ts), registered while the app runs. */
  extensions?: readonly Extension[];
  /** The contact form's third-party captcha secrets (config); the shop's own proof of work needs none. */
  captcha?: CaptchaOptions;
  /** The webhook sender's clock and period (tests move the clock instead of waiting). */
  webhooks?: { now?: () => Date; intervalMs?: number };
}

export const API_PREFIX = "/api/store/v1";
/** The health check's answer while the database answers, documented only (decision 0173). */
const HealthReply = Type.Object({ status: Type.Literal("ok"), database: Type.Literal("ok") });
export const ADMIN_PREFIX = "/api/admin/v1";

/** Each module's owner API routes, mounted under ADMIN_PREFIX behind requireOwner. */
const ADMIN_ROUTES: FastifyPluginAsync[] = [
  contactWidgetAdminRoutes as FastifyPluginAsync,
  messagesAdminRoutes,
  formsAdminRoutes,
  ordersAdminRoutes as FastifyPluginAsync,
  reportsAdminRoutes,
  stockAdminRoutes as FastifyPluginAsync,
  couponsAdminRoutes,
  shippingAdminRoutes as FastifyPluginAsync,
  productsAdminRoutes as FastifyPluginAsync,
  reviewsAdminRoutes as FastifyPluginAsync,
  taxonomiesAdminRoutes as FastifyPluginAsync,
  mediaAdminRoutes as FastifyPluginAsync,
  downloadsAdminRoutes as FastifyPluginAsync,
  paymentsAdminRoutes as FastifyPluginAsync,
  settingsAdminRoutes as FastifyPluginAsync,
  taxesAdminRoutes as FastifyPluginAsync,
  apiKeysAdminRoutes as FastifyPluginAsync,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Fastify's own compilers, each route's compiled on its first request (decision 0050); each validator
  // wrapped so that coercion never hands a route a non-finite number (http/input.ts); the owner's
  // routes report every wrong field of a save at once, and take their bodies as typed JSON (decision 0166).
  const ownerRoute = (url: string) => url.startsWith(`${ADMIN_PREFIX}/`);
  const schemas = lazySchemas(refusingInventedNumbers, { allErrors: ownerRoute, typedBodies: ownerRoute });
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            ...(typeof deps.logger === "object" && deps.logger.stream ? { stream: deps.logger.stream } : {}),
            redact: ["req.headers.cookie", "req.headers.authorization", "req.headers.nonce", 'req.headers["cart-token"]'],
          },
    // Each request's child logger is made only when it writes a line (http/request-logger.ts); without a logger Fastify makes none.
    ...(deps.logger === false ? {} : { childLoggerFactory: requestLogger }),
    // Idle keep-alive sockets close at shutdown; requests in flight are allowed to finish.
    forceCloseConnections: "idle",
    bodyLimit: 1024 * 1024,
    // Whose X-Forwarded-For gives request.ip, which rate limits count by (config TRUST_PROXY).
    trustProxy: (deps.config.trustProxy ?? defaultTrustProxy(deps.config.production)) as FastifyServerOptions["trustProxy"],
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors Fastify meets before routing (a malformed URL) answer in our error shape too, with the
    // security headers the onRequest hook would have set (securityHeaders, below: these run only once requests come).
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {});
      return sendError(reply, toStoreError(error) ?? new StoreError("rest_invalid_request", "The request could not be understood.", 400));
    },
    // Requests Node cannot parse (malformed, headers or address too long) never reach Fastify.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, securityHeaders),
    ajv: { customOptions: { coerceTypes: "array", removeAdditional: false, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate("routeSchemas", schemas);

  registerErrorHandling(app);
  registerInputChecks(app);
  // A refused upload is not read to its end (decision 0105).
  closeUnreadBodies(app);
  // Extensions' registrations are the process's; an app gives them back when it closes.
  const unregisterExtensions = registerExtensions(deps.extensions ?? [], (message) => app.log.warn(message));
  app.addHook("onClose", async () => unregisterExtensions());

  if (deps.mailer) {
    const unregister = registerOrderEmails({ db: deps.db, mailer: deps.mailer, log: app.log });
    // Closing waits for e-mails still being sent.
    app.addHook("onClose", unregister);
    // Stock notices (decision 0099): sent once a reply has gone out after an order noted some.
    const { mailer } = deps;
    let stockAlerts: ReturnType<typeof registerStockAlerts> | undefined;
    app.addHook("onReady", async () => {
      stockAlerts = registerStockAlerts({ db: deps.db, mailer, log: app.log });
    });
    app.addHook("onResponse", (_request, _reply, done) => {
      stockAlerts?.afterReply();
      done();
    });
    app.addHook("onClose", async () => stockAlerts?.close());
  }

  // Webhooks (decision 0097): this process's sender takes due deliveries from the database's queue
  // every half minute, and at once after a request whose transaction queued some.
  const webhooksAllowPrivate = deps.config.webhooksAllowPrivate ?? false;
  const webhooks = createWebhookSender({ db: deps.db, allowPrivate: webhooksAllowPrivate, log: app.log, ...deps.webhooks });
  app.decorate("webhooks", webhooks);
  app.addHook("onClose", () => webhooks.stop());
  let webhooksSeen = webhookQueue.queued;
  app.addHook("onResponse", (_request, _reply, done) => {
    if (webhookQueue.queued !== webhooksSeen) {
      webhooksSeen = webhookQueue.queued;
      webhooks.kick();
    }
    done();
  });

  // While closing, answers tell clients to hang up, so kept-alive sockets do not hold shutdown open.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    app.server.closeIdleConnections?.();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("Connection", "close");
    done(null, payload);
  });

  // RATE_LIMIT=off counts nothing; the counters live in the database (decision 0016).
  const rateLimits = new RateLimiter(deps.db, { enabled: deps.config.rateLimit });
  registerRateLimitHeaders(app, rateLimits);

  // One context per request (http/context.ts): settings read once, when first needed, so every process sees changes at once.
  const contextFor: ContextFactory = (request, session) =>
    requestContext({
      db: deps.db,
      session,
      readSettings: () => getSettings(deps.db),
      limits: () => rateLimits.forRequest(request),
    });

  // Helmet's security headers, its middleware built once (the Fastify wrapper rebuilt it on every
  // request: 3% of a cart call, measured).
  const securityHeaders = helmet({
    // API replies and files are never rendered as documents: they allow nothing. Storefront pages
    // replace this with their own policy and a nonce per page (http/csp.ts).
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // The storefront's own assets are same-origin; nothing cross-origin is embedded.
    crossOriginEmbedderPolicy: false,
    // 'no-referrer' (helmet's default) makes browsers send `Origin: null` on form posts, which
    // React Router's action CSRF check rightly refuses; this policy keeps the origin same-site.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Its headers follow from these options alone (no directive is a function of the request): collected once, set
  // as a list (running its eleven middlewares on every request cost about 3 % of a cart call, decision 0053). Set
  // among Fastify's own headers, named in lower case, so that Node writes them as they are, with no copy of each name.
  const securityHeaderList = [...headersOf(securityHeaders)].map(([name, value]) => [name.toLowerCase(), value] as const);
  // The JSON APIs answer no browser a document: they take only the headers that guard such a reply (decision 0075).
  const apiSecurityHeaderList = securityHeaderList.filter(([name]) => API_SECURITY_HEADERS.has(name));
  app.addHook("onRequest", (request, reply, done) => {
    for (const [name, value] of isApiUrl(request.url) ? apiSecurityHeaderList : securityHeaderList) reply.header(name, value);
    done();
  });
  // Before the plugin's hook: zstd and gzip replies through engines kept open (decision 0182), the rest the plugin's.
  registerKeptCompression(app, COMPRESS_FROM_BYTES);
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_UP_TO_BYTES,
    encodings: DYNAMIC_ENCODINGS,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Cartwright API",
        version: "1.0.0",
        description:
          "The Store API (/api/store/v1, the shop's public JSON API) and the owner API (/api/admin/v1: an API key, docs/api-keys.md, or the console's session).",
      },
      servers: [{ url: "/" }],
      // The owner API's callers other than a console session: API keys (decision 0098, docs/api-keys.md).
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "basic",
            description:
              "An owner API key: the key id as user name, the secret as password (/api/admin/v1 only; HTTPS). Any POST may carry an Idempotency-Key header: sent again with it, the request is answered its first answer and runs once (docs/api-keys.md, decision 0169).",
          },
          apiKeyBearer: {
            type: "http",
            scheme: "bearer",
            description: "The same API key as one token: the key id and the secret joined by a dot (cwk_….cws_…).",
          },
          consoleSession: {
            type: "apiKey",
            in: "cookie",
            name: "cw_session",
            description: "The console's signed-in session (owner or manager); writes also need the Nonce header.",
          },
        },
      },
    },
    // Every operation gets its id and its documented replies (http/openapi.ts); owner routes (tag "owner") name the
    // key's schemes beside the console session, and their POSTs the Idempotency-Key header (decision 0169); Store API
    // routes name none.
    transform: ({ schema, url, route }) => {
      const documented = documentedSchema(schema ?? {});
      return url.startsWith(`${ADMIN_PREFIX}/`) && !documented.hide
        ? {
            schema: {
              ...documented,
              security: [{ apiKey: [] }, { apiKeyBearer: [] }, { consoleSession: [] }],
              ...(route.method === "POST" ? { headers: IDEMPOTENCY_KEY_HEADERS } : {}),
            } as typeof schema,
            url,
          }
        : { schema: documented, url };
    },
    transformObject: (document) => withOperationIds("openapiObject" in document ? document.openapiObject : document.swaggerObject),
  });

  // At /api/docs, and at /api/docs/json where OpenAPI tools look first.
  app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
  app.get("/api/docs/json", { schema: { hide: true } }, async () => app.swagger());

  app.get(
    "/api/health",
    { schema: { tags: ["health"], summary: "Liveness and database check", replies: { 200: HealthReply } } },
    async (_request, reply) => {
      try {
        await checkDatabase(deps.db);
        return { status: "ok", database: "ok" };
      } catch (error) {
        app.log.error({ err: error }, "health check failed");
        return sendError(reply, new StoreError("cw_database_unavailable", "The database is not reachable.", 503));
      }
    },
  );

  await app.register(cookie);
  // A signed-in token counts only while its login session stands in the database (decision 0017).
  const stands = (loginSessionId: string, customerId: number) => loginSessionStands(deps.db, loginSessionId, customerId);
  await app.register(
    async (store) => {
      registerSessionHooks(store, deps.config.secret, stands);
      registerRequestContext(store, contextFor);
      registerRouteIndex(store, "store/v1");
      await store.register(catalogRoutes);
      await store.register(reviewsRoutes);
      await store.register(cartRoutes);
      await store.register(visitorRoutes);
      await store.register(checkoutRoutes, { secret: deps.config.secret, mailer: deps.mailer });
      await store.register(customerRoutes, { secret: deps.config.secret, mailer: deps.mailer });
      await store.register(attributionRoutes, { placedStatuses: PLACED_STATUSES });
      await store.register(batchRoutes, { apiPrefix: API_PREFIX, secret: deps.config.secret });
    },
    { prefix: API_PREFIX },
  );
  // The owner API (DESIGN.md §9): the Store API's session and nonce rules, for the owner and (where owner.ts allows) managers.
  // Each domain adds its `<domain>.admin.routes.ts` here.
  await app.register(
    async (owner) => {
      // API keys first (decision 0098): a keyed request skips the session's cookie and nonce.
      registerApiKeyAuth(owner, {
        db: deps.db,
        limitsFor: (request) => rateLimits.forRequest(request),
        httpsOnly: deps.config.production && (deps.config.publicUrl ?? "").startsWith("https:"),
      });
      registerSessionHooks(owner, deps.config.secret, stands);
      registerRequestContext(owner, contextFor);
      // Before the body's schema (after the nonce's check): who may not call is told so, not what a valid body looks like.
      owner.addHook("preValidation", requireOwner);
      // A POST retried with its Idempotency-Key is answered its first answer again (decision 0169).
      registerIdempotency(owner, deps.db);
      for (const routes of ADMIN_ROUTES) await owner.register(routes);
      // Staff and sessions: the invitation is mailed, so these routes take the mailer.
      await owner.register(staffAdminRoutes, { mailer: deps.mailer });
      // A password reset link is mailed from a customer's page.
      await owner.register(customersAdminRoutes, { mailer: deps.mailer });
      // Webhooks check delivery URLs by WEBHOOKS_ALLOW_PRIVATE and kick this process's sender.
      await owner.register(webhooksAdminRoutes, { allowPrivate: webhooksAllowPrivate, kick: () => webhooks.kick() });
    },
    { prefix: ADMIN_PREFIX },
  );

  // POST /ajax: the cart's legacy page calls (on the Store API's session, without its nonce: themes
  // post plain forms) and the visitor features' actions (http/ajax.ts).
  configureContactWidgets(deps.db, {
    secret: deps.config.secret,
    countryHeader: deps.config.countryHeader === undefined ? "cf-ipcountry" : deps.config.countryHeader,
    shopOrigin: deps.config.publicUrl ? new URL(deps.config.publicUrl).origin : null,
  });
  registerContactMessages(app, { secret: deps.config.secret, mailer: deps.mailer, captcha: deps.captcha, log: app.log });
  registerForms(app, { secret: deps.config.secret, mailer: deps.mailer, captcha: deps.captcha, log: app.log });
  await registerAjax(app, {
    actions: { ...cartAjaxActions, ...contactAjaxActions, ...formsAjaxActions },
    secret: deps.config.secret,
    stands,
    contextFor,
  });
  await app.register(widgetPreflightRoutes, {
    db: deps.db,
    alsoAllows: (origin, query) => formsPreflightAllows(deps.db, origin, query),
  });
  await app.register(mediaRoutes, { db: deps.db });
  // Download links of downloadable products (decision 0094): on the shopper's session, outside the Store API.
  await app.register(downloadRoutes, { secret: deps.config.secret, stands, contextFor });
  // The contact widget's scripts and the one-tag embed /widget/{id}.js (decision 0020).
  await app.register(embedRoutes, {
    db: deps.db,
    secret: deps.config.secret,
    widgetDirectory: join((deps.web ? deps.web.buildDirectory : undefined) ?? WEB_BUILD_DIR, "widget"),
  });
  // The forms' runtime at /forms/static/ and the one-tag embed /forms/{slug}.js (decision 0027).
  await app.register(formsAssetRoutes, { directory: join((deps.web ? deps.web.buildDirectory : undefined) ?? WEB_BUILD_DIR, "forms") });
  await app.register(formsEmbedRoutes, { contextFor });
  await app.register(demoFormImageRoutes);

  // Anything else under /api is an API path: it answers JSON, never the storefront's HTML.
  app.all("/api/*", { schema: { hide: true } }, async (_request, reply) => sendError(reply, noRoute()));

  if (deps.web) {
    await registerStorefront(app, {
      ...deps.web,
      contextFor,
      stands,
      upgradeInsecureRequests: deps.config.production,
      db: deps.db,
      secret: deps.config.secret,
      mailer: deps.mailer,
    });
  }

  return app;
}

/**
 * Of Helmet's headers, those that guard a reply never rendered as a document: OWASP's REST Security Cheat Sheet's list
 * (no framing, no sniffing, HTTPS only), and CORP, so no other site's page can load a shopper's JSON as a resource.
 * The rest (COOP, Origin-Agent-Cluster, Referrer-Policy, the DNS prefetch, download and cross-domain policy switches,
 * X-XSS-Protection) steer what a document does, and each header costs a Store API reply about 0.3 µs to set and write.
 */
const API_SECURITY_HEADERS = new Set([
  "content-security-policy",
  "cross-origin-resource-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
]);

/** The Store and owner APIs and the page calls' endpoint: JSON, or a download the route sandboxes itself. */
const isApiUrl = (url: string) => url.startsWith("/api/") || url === "/ajax" || url.startsWith("/ajax?");

/** The headers Helmet's middleware sets, as it would set them on any reply. */
function headersOf(securityHeaders: ReturnType<typeof helmet>): Map<string, string> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  securityHeaders({ headers: {} } as never, collector as never, () => {});
  return headers;
}

/** Node's parse errors, answered on the raw socket in the Store API's shape with the security headers (Fastify's own answer has neither). */
function answerClientError(error: Error & { code?: string }, socket: Socket, securityHeaders: ReturnType<typeof helmet>): void {
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
  const reply = clientErrorReply(error);
  const headers = headersOf(securityHeaders);
  const body = JSON.stringify(reply.toJSON());
  const head = [
    `HTTP/1.1 ${reply.status} ${reply.reason}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
    ...[...headers].map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's webhook sender (modules/webhooks): `deliverDue()` sends what is due now. */
    webhooks: WebhookSender;
  }
}
