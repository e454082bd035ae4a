/** POST /api/store/v1/visitor/meta: what the storefront's banners remember (a write, so it needs the nonce). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Db } from "../../db/index.ts";
import { updateVisitorMeta, VISITOR_META } from "./visitor.service.ts";

const MetaBody = Type.Object({
  meta: Type.Object(
    Object.fromEntries(
      Object.entries(VISITOR_META).map(([key, values]) => [key, Type.Optional(Type.Union(values.map((v) => Type.Literal(v))))]),
    ),
    { additionalProperties: false, minProperties: 1 },
  ),
});

export const visitorRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/visitor/meta",
    { schema: { tags: ["visitor"], summary: "Remember a fact about this visitor", body: MetaBody } },
    async (request) => {
      const session = { sid: request.cartSession?.sid ?? "", uid: request.cartSession?.uid ?? 0 };
      return { meta: await updateVisitorMeta(db, session, request.body.meta) };
    },
  );
};
