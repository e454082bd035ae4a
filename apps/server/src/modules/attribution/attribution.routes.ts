/** GET /api/store/v1/attribution/report: placed orders per source over a date range, for the shop owner only. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Db } from "../../db/index.ts";
import type { OrderStatus } from "../../db/schema.ts";
import { ReportQuery } from "./attribution.schemas.ts";
import { attributionReport } from "./attribution.service.ts";

export interface AttributionRouteDeps {
  db: Db;
  /** Which orders count as placed (the orders module's list, handed in to keep the modules apart). */
  placedStatuses: OrderStatus[];
}

export const attributionRoutes: FastifyPluginAsyncTypebox<AttributionRouteDeps> = async (app, { db, placedStatuses }) => {
  app.get(
    "/attribution/report",
    {
      schema: {
        tags: ["attribution"],
        summary: "Orders and totals per source type and source (shop owner only)",
        querystring: ReportQuery,
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return attributionReport(db, request.cartSession?.uid ?? 0, request.query, placedStatuses);
    },
  );
};
