/**
 * GET /api/store/v1/attribution/report: placed orders per source over a date range, for the shop owner only.
 * POST /api/store/v1/attribution/page-view: the page the visitor just consented on, tracked (its cookies in the reply).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrderStatus } from "../../db/schema.ts";
import { NoContent } from "../../http/openapi.ts";
import { PageViewBody, ReportQuery, ReportReply } from "./attribution.schemas.ts";
import { attributionReport, consentedPageView } from "./attribution.service.ts";

export interface AttributionRouteDeps {
  /** Which orders count as placed (the orders module's list, handed in to keep the modules apart). */
  placedStatuses: OrderStatus[];
}

export const attributionRoutes: FastifyPluginAsyncTypebox<AttributionRouteDeps> = async (app, { placedStatuses }) => {
  app.get(
    "/attribution/report",
    {
      schema: {
        tags: ["attribution"],
        summary: "Orders and totals per source type and source (shop owner only)",
        querystring: ReportQuery,
        replies: { 200: ReportReply },
      },
    },
    async (request) => {
      return attributionReport(request.ctx, request.query, placedStatuses);
    },
  );

  app.post(
    "/attribution/page-view",
    {
      schema: {
        operationId: "recordPageView",
        tags: ["attribution"],
        summary: "Track the page the visitor is on; the storefront sends it when the visitor consents to marketing cookies",
        body: PageViewBody,
        replies: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const cookies = await consentedPageView(request.ctx, {
        ...request.body,
        origin: `${request.protocol}://${request.host}`,
        userAgent: request.headers["user-agent"] ?? "",
        cookies: request.headers.cookie ?? "",
        secure: request.protocol === "https",
      });
      if (cookies.length) reply.header("Set-Cookie", cookies);
      return reply.code(204).send();
    },
  );
};
