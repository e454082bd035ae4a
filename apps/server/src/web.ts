/** Mounts the React Router storefront (server-rendered, same process) into Fastify. */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { Db } from "./db/index.ts";
import { newCspNonce, pageContentSecurityPolicy } from "./http/csp.ts";
import { StoreError } from "./http/errors.ts";
import { resolveSession, sendSessionHeaders } from "./http/session.ts";
import { createNonce } from "./http/tokens.ts";
import * as cart from "./modules/cart/index.ts";
import * as catalog from "./modules/catalog/index.ts";
import type { ShopSettings } from "./modules/settings/index.ts";
import { getVisitorMeta } from "./modules/visitor/index.ts";

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../web");
export const WEB_BUILD_DIR = join(WEB_ROOT, "build");

export interface WebOptions {
  /** The React Router build folder; defaults to apps/web/build. */
  buildDirectory?: string;
}

interface StorefrontOptions extends WebOptions {
  db: Db;
  secret: string;
  storefront: (request: FastifyRequest) => Promise<{ settings: ShopSettings }>;
  /** Ask browsers to load http: subresources over https (production, behind TLS). */
  upgradeInsecureRequests: boolean;
}

/** The storefront's context token lives in the web build; entry.server re-exports it for us. */
type StorefrontBuild = ServerBuild & { entry: { module: { storefrontContext?: RouterContext<unknown> } } };

export async function loadWebBuild(buildDirectory = WEB_BUILD_DIR): Promise<StorefrontBuild> {
  const file = join(buildDirectory, "server", "index.js");
  if (!existsSync(file)) throw new Error(`The storefront is not built (${file} is missing): run npm run build`);
  return (await import(pathToFileURL(file).href)) as StorefrontBuild;
}

export async function registerStorefront(app: FastifyInstance, options: StorefrontOptions): Promise<void> {
  const buildDirectory = options.buildDirectory ?? WEB_BUILD_DIR;
  const build = await loadWebBuild(buildDirectory);
  const token = build.entry.module.storefrontContext;
  if (!token) throw new Error("The storefront build does not export storefrontContext from entry.server");
  const { db } = options;

  await app.register(fastifyReactRouter, {
    build,
    mode: "production",
    clientBuildDirectory: join(buildDirectory, "client"),
    assetCacheControl: "public, max-age=31536000, immutable",
    fileCacheControl: "public, max-age=3600",
    async getLoadContext(request, reply) {
      const cspNonce = newCspNonce();
      reply.header("Content-Security-Policy", pageContentSecurityPolicy(cspNonce, options));
      const base = { ...(await options.storefront(request)), cspNonce };
      const ctx = { db, settings: base.settings };
      // Pages share the Store API's session: the same cookie, and a nonce for the browser's writes.
      const session = resolveSession(options.secret, request);
      sendSessionHeaders(options.secret, request, reply, session);
      const cartContext = { db, settings: base.settings, session: { sid: session.sid, uid: session.uid } };
      const context = new RouterContextProvider();
      context.set(token, {
        ...base,
        nonce: createNonce(options.secret, session.sid),
        cart: {
          get: () => cart.getCart(cartContext),
          summary: async () => {
            const view = await cart.getCart(cartContext);
            return {
              itemsCount: view.items_count,
              totalItems: Number(view.totals.total_items),
              totalItemsTax: Number(view.totals.total_items_tax),
            };
          },
          addItem: async (input: cart.AddItemInput) => {
            try {
              await cart.addItem(cartContext, input);
              return { ok: true as const };
            } catch (error) {
              if (error instanceof StoreError) return { ok: false as const, message: error.message };
              throw error;
            }
          },
        },
        visitor: { meta: () => getVisitorMeta(db, cartContext.session) },
        catalog: {
          listProducts: (query: catalog.ProductQuery) => catalog.listProducts(ctx, query),
          getProduct: (idOrSlug: string) => catalog.getProduct(ctx, idOrSlug),
          getVariations: (productId: number) => catalog.getVariations(ctx, productId),
          listCategories: () => catalog.listCategories(ctx),
          getCategory: (slug: string) => catalog.getCategory(ctx, slug),
        },
      });
      return context;
    },
  });
}
