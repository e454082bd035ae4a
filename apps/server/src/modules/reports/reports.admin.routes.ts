/** The owner API's figures (under /api/admin/v1, behind requireOwner; issue 18, read-only). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { salesOverview } from "./reports.admin.ts";

const tags = ["owner"];
const OverviewQuery = Type.Object({
  from: Type.Optional(
    Type.String({ format: "date", description: "First day (in the shop's time zone), included; 29 days before `to` unless told" }),
  ),
  to: Type.Optional(Type.String({ format: "date", description: "Last day (in the shop's time zone), included; today unless told" })),
});

export const reportsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/reports/overview",
    {
      schema: {
        tags,
        summary: "Today's and this month's sales (paid orders), orders by status, 30 days of daily sales, top products, orders by origin",
        querystring: OverviewQuery,
      },
    },
    async (request) => salesOverview(request.ctx, request.query),
  );
};
