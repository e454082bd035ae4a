/** POST /api/store/v1/visitor/meta: what the storefront's banners remember (a write, so it needs the nonce). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { updateVisitorMeta, VISITOR_META } from "./visitor.service.ts";

const MetaBody = Type.Object({
  meta: Type.Object(
    Object.fromEntries(
      Object.entries(VISITOR_META).map(([key, values]) => [key, Type.Optional(Type.Union(values.map((v) => Type.Literal(v))))]),
    ),
    { additionalProperties: false, minProperties: 1 },
  ),
});

export const visitorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/visitor/meta",
    {
      schema: {
        operationId: "recordVisitorMeta",
        tags: ["visitor"],
        summary: "Remember a fact about this visitor",
        body: MetaBody,
        replies: { 200: Type.Object({ meta: MetaBody.properties.meta }, { description: "Every fact remembered of this visitor" }) },
      },
    },
    async (request) => ({ meta: await updateVisitorMeta(request.ctx, request.body.meta) }),
  );
};
