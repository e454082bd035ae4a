/** Mounts the React Router storefront (server-rendered, same process) into Fastify. */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { currencyFields, type StoreCart, type Storefront, type StorefrontAccount, type StorefrontCheckout } from "@cartwright/commerce";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { RouterContext, RouterContextProvider, ServerBuild } from "react-router";
import { isStoredId } from "./db/ids.ts";
import type { Db } from "./db/index.ts";
import { GLOB_IGNORED, PRECOMPRESSED_FORM, staticFileOptions } from "./http/assets.ts";
import type { ContextFactory, RequestContext } from "./http/context.ts";
import { newCspNonce, pageContentSecurityPolicy } from "./http/csp.ts";
import { StoreError } from "./http/errors.ts";
import { findUnstorableText } from "./http/input.ts";
import { orderVerifiedHere, rememberOrderVerified } from "./http/order-views.ts";
import { type LoginSessionCheck, resolveSession, type Session, sendSessionHeaders, switchSession } from "./http/session.ts";
import { createNonce } from "./http/tokens.ts";
import * as attribution from "./modules/attribution/index.ts";
import * as cart from "./modules/cart/index.ts";
import * as catalog from "./modules/catalog/index.ts";
import * as checkout from "./modules/checkout/index.ts";
import { sampleCart } from "./modules/checkout/index.ts";
import * as contactWidget from "./modules/contact-widget/index.ts";
import * as customers from "./modules/customers/index.ts";
import * as downloads from "./modules/downloads/index.ts";
import type { Mailer } from "./modules/emails/index.ts";
import * as forms from "./modules/forms/index.ts";
import * as orders from "./modules/orders/index.ts";
import * as payments from "./modules/payments/index.ts";
import { pendingReviewCount, reviewServices } from "./modules/reviews/index.ts";
import { getSettings, type ShopSettings, shopCurrency, shopLocale } from "./modules/settings/index.ts";
import { getVisitorMeta } from "./modules/visitor/index.ts";
import { WEB_ROOT } from "./paths.ts";

export const WEB_BUILD_DIR = join(WEB_ROOT, "build");

/** Built assets carry their content's hash in their names; other files may change under the same name. */
const ASSET_CACHING = { assetCacheControl: "public, max-age=31536000, immutable", fileCacheControl: "public, max-age=3600" };

export interface WebOptions {
  /** The React Router build folder; defaults to apps/web/build. */
  buildDirectory?: string;
}

interface StorefrontOptions extends WebOptions {
  db: Db;
  secret: string;
  /** The request context of a page, as the Store API's (its rate limits: the account forms count against the same ones). */
  contextFor: ContextFactory;
  /** Whether a signed-in token's login session stands (decision 0017): the Store API's check. */
  stands: LoginSessionCheck;
  /** Ask browsers to load http: subresources over https (production, behind TLS). */
  upgradeInsecureRequests: boolean;
  /** Sends the lost-password page's reset links; without one the page says the shop cannot send them. */
  mailer?: Mailer;
}

/** The storefront's context token lives in the web build; entry.server re-exports it for us. */
type StorefrontBuild = ServerBuild & { entry: { module: { storefrontContext?: RouterContext<Storefront> } } };

/** What only pages need, loaded with the first page request rather than before the server listens (decision 0050). */
interface PageRuntime {
  handle: RouteHandlerMethod;
  token: RouterContext<Storefront>;
  RouterContextProvider: typeof RouterContextProvider;
}

export async function registerStorefront(app: FastifyInstance, options: StorefrontOptions): Promise<void> {
  const buildDirectory = options.buildDirectory ?? WEB_BUILD_DIR;
  const buildFile = join(buildDirectory, "server", "index.js");
  if (!existsSync(buildFile)) throw new Error(`The storefront is not built (${buildFile} is missing): run npm run build`);
  const { db } = options;
  const clientBuildDirectory = join(buildDirectory, "client");
  const widgetLoader = contactWidget.widgetLoaderPath(join(buildDirectory, "widget"));

  // React Router, its Fastify adapter and the storefront's build: the first page waits for them, the others find them.
  let runtime: Promise<PageRuntime> | undefined;
  const pageRuntime = () => {
    runtime ??= Promise.all([
      import("@mcansh/react-router-fastify"),
      import("react-router"),
      import(pathToFileURL(buildFile).href) as Promise<StorefrontBuild>,
    ]).then(([adapter, router, build]) => {
      const token = build.entry.module.storefrontContext;
      if (!token) throw new Error("The storefront build does not export storefrontContext from entry.server");
      const render = router.createRequestHandler(build, "production");
      const handle: RouteHandlerMethod = async (request, reply) => {
        const response = await render(adapter.createRequest(request, reply), await getLoadContext(request, reply));
        // Sent whole, as one buffer: compressed in one call rather than through a stream of its own (decision 0116).
        await sendWhole(reply, response);
      };
      return { handle, token, RouterContextProvider: router.RouterContextProvider };
    });
    return runtime;
  };

  // What react-router-fastify's plugin registers, with its request handler made on the first page.
  await app.register(async (pages) => {
    // The build's files with their precompressed scripts and stylesheets, as the adapter serves them,
    // but the hashed files under /assets/ by one route rather than two per file: building some 500
    // routes from a glob of the folder took a tenth of the start (decision 0050).
    const files = {
      dotfiles: "ignore",
      etag: true,
      lastModified: true,
      ...staticFileOptions(clientBuildDirectory, ASSET_CACHING),
    } as const;
    await pages.register(fastifyStatic, {
      ...files,
      root: join(clientBuildDirectory, "assets"),
      prefix: "/assets/",
      wildcard: true,
      allowedPath: (path) => !PRECOMPRESSED_FORM.test(path),
    });
    // Anything the build puts beside assets/ (a public folder's files), one route each as before.
    if (readdirSync(clientBuildDirectory).some((name) => name !== "assets"))
      await pages.register(fastifyStatic, {
        ...files,
        prefix: "/",
        wildcard: false,
        decorateReply: false,
        globIgnore: [...GLOB_IGNORED, "assets/**"],
      });
    // React Router reads the body: a form's page as it comes (its files' total is checked while reading,
    // decision 0026), any other page read here first, within the API's 1 MB (it read 30 MB for a sign-in).
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (request, payload, done) => {
      if (request.url.startsWith("/forms/")) return done(null, payload);
      readCapped(payload, app.initialConfig.bodyLimit ?? 1024 * 1024).then(
        (body) => done(null, body),
        (error: Error) => done(error, undefined),
      );
    });
    pages.all(
      "*",
      {
        // Pages are not an API: the OpenAPI document leaves them out.
        schema: { hide: true },
        // Order attribution is tracked on the reply that shows a page, once its status is known (decision 0014).
        async onSend(request, reply, payload) {
          const page = pageShown(request, reply);
          if (page) {
            const settings = await ((request.ctx as RequestContext | undefined)?.shopSettings() ?? getSettings(db));
            const cookies = attribution.pageViewCookies(settings, page);
            if (cookies.length) reply.header("Set-Cookie", cookies);
          }
          return payload;
        },
      },
      async function page(request, reply) {
        const { handle } = await pageRuntime();
        return handle.call(this, request, reply);
      },
    );
  });

  async function getLoadContext(request: FastifyRequest, reply: FastifyReply): Promise<RouterContextProvider> {
    const { token, RouterContextProvider } = await pageRuntime();
    const cspNonce = newCspNonce();
    reply.header("Content-Security-Policy", pageContentSecurityPolicy(cspNonce, options));
    // Pages share the Store API's session: the same cookie, and a nonce for the browser's writes.
    const session = await resolveSession(options.secret, request, options.stands);
    sendSessionHeaders(options.secret, request, reply, session);
    // One session object for the whole request: signing in or out in an action moves it, and
    // everything read after that (the cart, the nonce) follows.
    const current: Session = { sid: session.sid, uid: session.uid, lid: session.lid };
    // The page's one request context, as a Store API call has (http/context.ts).
    const ctx = options.contextFor(request, current);
    request.ctx = ctx;
    const base = { settings: await ctx.shopSettings(), cspNonce };
    const orderAttribution = attribution.browserAttribution(base.settings);
    const context = new RouterContextProvider();
    context.set(token, {
      ...base,
      get nonce() {
        return createNonce(options.secret, current.sid);
      },
      cart: {
        get: () => cart.getCart(ctx),
        summary: async () => {
          const view = await cart.getCart(ctx);
          return {
            itemsCount: view.items_count,
            totalItems: Number(view.totals.total_items),
            totalItemsTax: Number(view.totals.total_items_tax),
          };
        },
        addItem: async (input: cart.AddItemInput) => {
          // Form posts reach here unchecked by the Store API's schemas (http/input.ts).
          if (!isStoredId(input.id) || findUnstorableText(input))
            return { ok: false as const, message: "This product cannot be added to the cart." };
          try {
            await cart.addItem(ctx, input);
            return { ok: true as const };
          } catch (error) {
            if (error instanceof StoreError) return { ok: false as const, message: error.message };
            throw error;
          }
        },
      },
      visitor: { meta: () => getVisitorMeta(ctx) },
      attribution: orderAttribution,
      contactWidgets: async () => {
        const loaderSrc = widgetLoader();
        if (!loaderSrc) return null;
        const page = await contactWidget.widgetPage(ctx, { headers: request.headers, ip: request.ip });
        return page.widgets.length ? { page, loaderSrc } : null;
      },
      forms: {
        page: (slug: string) => forms.formPage(request, slug),
        resumed: (slug: string, key: string) => forms.formPageResumed(ctx, slug, key),
        submit: (slug: string, body: Request) => forms.submitPagePost(request, slug, body),
        // The forms runtime's entry (/forms/static/…), null before its build: the page then works without JavaScript.
        runtimeScript: () => forms.formsRuntimePath(),
      },
      checkout: checkoutServices(ctx, base.settings, current, (id) => orderVerifiedHere(options.secret, request, current.sid, id)),
      logError: (error: unknown, status?: number) => logPageError(request.log, error, status),
      account: accountServices({ ctx, secret: options.secret, mailer: options.mailer, settings: base.settings, request, reply }),
      catalog: {
        listProducts: (query: catalog.ProductQuery) => catalog.listProducts(ctx, query),
        attributeFacets: (query: catalog.ProductQuery, chosen: readonly catalog.AttributeFilter[]) =>
          catalog.attributeFacets(ctx, query, chosen),
        getProduct: (idOrSlug: string) => catalog.getProduct(ctx, idOrSlug),
        getVariations: (productId: number) => catalog.getVariations(ctx, productId),
        getProductOffers: (productId: number) => catalog.getProductOffers(ctx, productId),
        listCategories: () => catalog.listCategories(ctx),
        getCategory: (slug: string) => catalog.getCategory(ctx, slug),
        getBrand: (slug: string) => catalog.getBrand(ctx, slug),
        getTag: (slug: string) => catalog.getTag(ctx, slug),
        getProductBrands: (productId: number) => catalog.getProductBrands(ctx, productId),
        getStockQuantity: (productId: number) => catalog.getStockQuantity(ctx, productId),
        getCollection: (slug: string) => catalog.findProductCollection(slug),
        productPageCollections: () => catalog.productPageCollections(),
        ratingFacets: (query: catalog.ProductQuery) => catalog.ratingFacets(ctx, query),
      },
      reviews: reviewServices(ctx),
    });
    return context;
  }
}

/**
 * A page or a page's data, read whole and sent as one buffer with its status and headers (Set-Cookie kept
 * apart, as the adapter does). Every loader awaits its data, so the body is complete as soon as it is written.
 */
async function sendWhole(reply: FastifyReply, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  reply.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  return body ? reply.send(body) : reply.send();
}

/** A page post over its bound: 413, in the API's error shape (no page could render it). */
const pageBodyTooLarge = () =>
  Object.assign(new Error("Request body is too large"), { statusCode: 413, code: "FST_ERR_CTP_BODY_TOO_LARGE" });

/** The whole body, refused with 413 once it passes `limit` bytes, whatever its Content-Length said (or left out). */
async function readCapped(body: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of body) {
    seen += (chunk as Buffer).length;
    if (seen > limit) throw pageBodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** React Router's words when it refuses a form posted from another site (its check of the Origin header). */
const CROSS_SITE_POST = "does not match `origin` header";

/**
 * A page's failure in the server's log: a refused cross-site post is a warning about the request, a request React Router
 * refused with a status under 500 (a POST to a page without a form) one line of information, anything else an error.
 */
export function logPageError(log: FastifyBaseLogger, error: unknown, status?: number): void {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes(CROSS_SITE_POST)) log.warn("refused a form post from another site");
  else if (status !== undefined && status < 500) log.info({ status }, `refused a page request: ${message}`);
  else log.error({ err: error }, "page failed");
}

/**
 * The page a storefront reply shows, for order attribution: an HTML document, or the data of a
 * page change inside the app (a React Router `.data` GET, as the browser's address plus `.data`).
 * Redirects (a data request's is a 202), HEAD and everything else show none.
 */
function pageShown(request: FastifyRequest, reply: FastifyReply): attribution.PageRequest | null {
  const status = reply.statusCode;
  if (status !== 200 && status < 400) return null;
  const type = String(reply.getHeader("content-type") ?? "");
  const document = type.startsWith("text/html") && (request.method === "GET" || request.method === "POST");
  const pageData = type.startsWith("text/x-script") && request.method === "GET";
  if (!document && !pageData) return null;
  // The address as react-router-fastify builds the request's URL.
  const url = new URL(`${request.protocol}://${request.host}${request.originalUrl}`);
  // A form's resume key opens the visitor's draft: it is never kept with the page views (decision 0030).
  if (url.pathname.startsWith("/forms/")) url.searchParams.delete(forms.RESUME_PARAMETER);
  if (pageData) {
    url.pathname = url.pathname.replace(/(\/_)?\.data$/, (_, root) => (root ? "/" : ""));
    url.searchParams.delete("_routes");
  }
  return {
    url: url.href,
    referrer: request.headers.referer ?? "",
    userAgent: request.headers["user-agent"] ?? "",
    cookies: request.headers.cookie ?? "",
    secure: request.protocol === "https",
    inApp: pageData,
  };
}

/** What the checkout page needs from the server beyond the cart: countries, payment methods, the customer's saved details. */
function checkoutServices(
  ctx: RequestContext,
  settings: ShopSettings,
  session: Session,
  verified: (orderId: number) => boolean,
): StorefrontCheckout {
  const { db } = ctx;
  return {
    async orderToPay(id: number, key: string | null) {
      if (!isStoredId(id)) return { state: "not-found" as const };
      const found = await checkout.orderToPay(ctx, id, {
        key,
        verified: verified(id),
        isShopOwner: () => customers.isOwner(db, session.uid),
      });
      if (!("order" in found)) return found;
      const receivedUrl = `/checkout/order-received/${found.order.id}?key=${encodeURIComponent(found.order.order_key)}`;
      if (found.state === "paid") return { state: "paid" as const, receivedUrl };
      if (found.state === "not-payable") return { state: "not-payable" as const, status: found.order.status, receivedUrl };
      const view = await orders.orderView(db, found.order);
      const order = {
        ...view,
        billing_email: view.billing_address.email ?? "",
        payment_instructions: payments.paymentInstructions(settings, view.payment_method, view.status),
      };
      return { state: "payable" as const, order, key: found.order.order_key, askEmail: found.askEmail, billingEmail: found.billingEmail };
    },
    // Codes only: names and states ship in the checkout's script already, so the page does not repeat them.
    countries: () => ({
      billing: settings.sellToCountries.length ? settings.sellToCountries : null,
      shipping: settings.shipToCountries.length ? settings.shipToCountries : null,
    }),
    additionalFields: () => checkout.publicCheckoutFields(settings),
    locale: () => shopLocale(settings),
    paymentMethods: () =>
      payments.availableGateways(settings).map((g) => ({
        id: g.id,
        title: payments.methodTitle(settings, g),
        description: payments.methodDescription(settings, g),
        express: Boolean(g.express),
        supports: g.supports,
      })),
    savedMethods: async () => (session.uid ? payments.listPaymentTokens(db, session.uid) : []),
    customer: async () => {
      if (!session.uid) return null;
      const found = await customers.getCustomer(db, session.uid);
      return found && { id: found.id, email: found.email, billing: found.billingAddress, shipping: found.shippingAddress };
    },
    draft: async () => {
      const order = await orders.latestCartOrder(db, session.sid, ["checkout-draft"]);
      return order ? { customerNote: order.customer_note, paymentMethod: order.payment_method } : null;
    },
    /** The editor preview's sample cart (spec §9) for the signed-in owner; null for everyone else. */
    preview: async (): Promise<StoreCart | null> =>
      (await customers.isOwner(db, session.uid)) ? sampleCart(currencyFields(shopCurrency(settings))) : null,
  };
}

interface AccountDeps {
  /** This request's context; its session is switched in place by sign-in and sign-out. */
  ctx: RequestContext;
  secret: string;
  mailer: Mailer | undefined;
  settings: ShopSettings;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An account form (sign-in, registration, password) holding text no database can store (decision 0018). */
const unstorableForm = {
  ok: false as const,
  code: "rest_invalid_param",
  message: "The email address or password holds characters that are not allowed.",
  status: 400,
};

/** The account pages' services (decision 0010): the customers module's calls, with the session switch of the Store API's account routes. */
function accountServices({ ctx, secret, mailer, settings, request, reply }: AccountDeps): StorefrontAccount {
  const { db, session } = ctx;
  const switchTo = (next: Session) => {
    switchSession(secret, request, reply, next);
    session.sid = next.sid;
    session.uid = next.uid;
    session.lid = next.lid;
  };
  /** An expected failure as the port's result; anything else is a bug and goes on up. */
  const refused = (error: unknown) => {
    if (error instanceof StoreError) return { ok: false as const, code: error.code, message: error.message, status: error.status };
    throw error;
  };
  const attempt = async (call: () => Promise<{ session: Session }>) => {
    try {
      switchTo((await call()).session);
      return { ok: true as const };
    } catch (error) {
      return refused(error);
    }
  };
  // An account form's save: its fields' messages (400), or a refusal (signed out, a limit), or saved.
  const fieldsSaved = async <E extends Record<string, string | undefined>>(save: () => Promise<E>) => {
    try {
      const errors = await save();
      return Object.keys(errors).length ? { ok: false as const, status: 400, errors } : { ok: true as const };
    } catch (error) {
      const { code: _code, ...rest } = refused(error);
      return { ...rest, errors: {} };
    }
  };
  const signedIn = () => (session.uid ? customers.getCustomer(db, session.uid) : Promise.resolve(null));
  const shape = async (view: orders.OrderView) => ({
    ...view,
    billing_email: view.billing_address.email ?? "",
    payment_instructions: payments.paymentInstructions(settings, view.payment_method, view.status),
    downloads: await downloads.orderDownloads(db, view.id),
  });

  // The console's frame asks the role, then the counts: one read per signed-in account and request.
  let roleRead: { uid: number; role: ReturnType<typeof customers.staffRole> } | null = null;
  const staffRole = () => {
    if (roleRead?.uid !== session.uid) roleRead = { uid: session.uid, role: customers.staffRole(db, session.uid) };
    return roleRead.role;
  };

  return {
    isOwner: () => customers.isOwner(db, session.uid),
    staffRole,
    async consoleCounts() {
      if (!(await staffRole())) return null;
      const [toFulfil, reviews] = await Promise.all([orders.countWithStatus(db, "processing"), pendingReviewCount(db)]);
      return { orders: toFulfil, reviews };
    },
    async current() {
      const customer = await signedIn();
      return customer && { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName };
    },
    signIn: async (email: string, password: string) =>
      findUnstorableText([email, password]) ? unstorableForm : attempt(() => customers.signIn(ctx, email, password)),
    register: async (email: string, password: string) =>
      findUnstorableText([email, password])
        ? unstorableForm
        : attempt(async () => {
            const made = await customers.register(ctx, { email, password });
            customers.welcomeNewCustomer(ctx, mailer, made.customer.id, request.log);
            return made;
          }),
    async signOut() {
      if (session.uid) switchTo(await customers.signOut(ctx));
    },
    async signOutEverywhere() {
      if (session.uid) switchTo(await customers.signOutEverywhere(ctx));
    },
    changePassword: async (currentPassword: string, newPassword: string) =>
      findUnstorableText([currentPassword, newPassword])
        ? unstorableForm
        : attempt(() => customers.changePassword(ctx, currentPassword, newPassword)),
    async requestPasswordReset(email: string) {
      if (findUnstorableText([email])) return unstorableForm;
      try {
        await customers.requestPasswordReset(ctx, mailer, email, request.log);
        return { ok: true as const };
      } catch (error) {
        return refused(error);
      }
    },
    async checkPasswordReset(key: string) {
      try {
        const { email, role } = await customers.checkResetLink(ctx, key);
        return { ok: true as const, email, staff: role !== "customer" };
      } catch (error) {
        return refused(error);
      }
    },
    resetPassword: async (key: string, password: string) =>
      findUnstorableText([key, password]) ? unstorableForm : attempt(() => customers.resetPassword(ctx, key, password)),
    orders: (page: number) => orders.listCustomerOrders(db, session.uid, page),
    downloads: () => downloads.customerDownloads(db, session.uid, ctx.now),
    async order(id: number) {
      if (!session.uid || !isStoredId(id)) return null;
      try {
        return await shape(await orders.getOrderFor(db, id, { customerId: session.uid }));
      } catch (error) {
        if (error instanceof StoreError) return null;
        throw error;
      }
    },
    async orderReceived(id: number, key: string | null) {
      if (!isStoredId(id)) return null;
      const found = await orders.findReceivedOrder(ctx, id, {
        key,
        verified: orderVerifiedHere(secret, request, session.sid, id),
        isShopOwner: () => customers.isOwner(db, session.uid),
      });
      return found === null || typeof found === "string" ? found : shape(found);
    },
    async confirmOrderEmail(id: number, key: string | null, email: string) {
      const noOrder = { ok: false as const, code: "cw_rest_invalid_order", message: "Invalid order ID or key provided.", status: 404 };
      if (!isStoredId(id)) return noOrder;
      try {
        // Only compared by its digest, never stored: any text is a fair answer.
        const found = await orders.confirmReceivedOrder(ctx, id, key, email);
        if (found === null) return noOrder;
        if (typeof found !== "string") rememberOrderVerified(secret, request, reply, session.sid, id);
        return { ok: true as const };
      } catch (error) {
        return refused(error);
      }
    },
    async addresses() {
      const customer = await signedIn();
      return customer && { billing: customer.billingAddress, shipping: customer.shippingAddress };
    },
    saveDetails: (details) => fieldsSaved(() => customers.updateOwnDetails(ctx, details)),
    saveAddress: (kind, address) => fieldsSaved(() => customers.saveOwnAddress(ctx, kind, address)),
    async paymentMethods() {
      if (!session.uid) return [];
      return (await payments.listPaymentTokens(db, session.uid)).map((saved) => ({
        id: String(saved.tokenId),
        brand: saved.method.display_brand || saved.method.brand,
        last4: saved.method.last4,
        expires: saved.expires,
        isDefault: saved.is_default,
      }));
    },
    setDefaultPaymentMethod: async (id: string) =>
      Boolean(session.uid) && isStoredId(Number(id)) && payments.setDefaultPaymentToken(db, session.uid, Number(id)),
    deletePaymentMethod: async (id: string) =>
      Boolean(session.uid) && isStoredId(Number(id)) && payments.deletePaymentToken(db, session.uid, Number(id)),
  };
}
