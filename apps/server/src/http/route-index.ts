/**
 * GET /api/store/v1: the namespace's route index (spec §7), whose `routes` keys clients read to find
 * a resource's path. Built from the routes as they are registered, so it cannot go stale.
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";

/** The index's answer, documented only (decision 0173). */
const RouteIndexReply = Type.Object({
  namespace: Type.String(),
  routes: Type.Record(Type.String(), Type.Object({ namespace: Type.String(), methods: Type.Array(Type.String()) }), {
    description: "Each path's methods, by path",
  }),
});

/** "/api/store/v1/order/:id" → "/api/store/v1/order/{id}": parameters as the spec's clients expect them. */
export const indexedPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/(.)\/$/, "$1");

/** Lists every route registered after it on this instance (and its children), then answers them at the prefix itself. */
export function registerRouteIndex(store: FastifyInstance, namespace: string) {
  const methodsOf = new Map<string, Set<string>>();
  store.addHook("onRoute", (route) => {
    if (route.schema?.hide) return;
    const path = indexedPath(route.url ?? route.path);
    const methods = methodsOf.get(path) ?? new Set<string>();
    // HEAD is Fastify's echo of each GET, not a route of its own.
    for (const method of [route.method].flat()) if (method !== "HEAD") methods.add(method);
    methodsOf.set(path, methods);
  });
  store.get(
    "/",
    {
      schema: {
        operationId: "getRouteIndex",
        tags: ["index"],
        summary: "The namespace's routes, parameters written {param}",
        replies: { 200: RouteIndexReply },
      },
    },
    async () => ({
      namespace,
      routes: Object.fromEntries(
        [...methodsOf].filter(([, methods]) => methods.size > 0).map(([path, methods]) => [path, { namespace, methods: [...methods] }]),
      ),
    }),
  );
}
