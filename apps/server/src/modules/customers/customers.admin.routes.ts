/** The owner API's customers (under /api/admin/v1, behind requireOwner; issue 18): read, and a password reset link sent to an account (decision 0077). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import type { Mailer } from "../emails/index.ts";
import { listCustomers, listGuests, readCustomer, readGuest } from "./customers.admin.ts";
import { RESET_VALID_MINUTES, sendResetLinkFor } from "./password-reset.ts";

const tags = ["owner"];
const Search = Type.Optional(Type.String({ maxLength: 200, description: "Words in the name or email (case ignored)" }));
const Pages = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};
const ListQuery = Type.Object({
  search: Search,
  sort: Type.Union([Type.Literal("name"), Type.Literal("spend"), Type.Literal("orders"), Type.Literal("last_order")], {
    default: "name",
    description: "orders, spend and last_order count paid orders (processing, completed)",
  }),
  order: Type.Union([Type.Literal("asc"), Type.Literal("desc")], { default: "asc" }),
  ...Pages,
});
const GuestQuery = Type.Object({ search: Search, ...Pages });

export const customersAdminRoutes: FastifyPluginAsyncTypebox<{ mailer?: Mailer }> = async (app, { mailer }) => {
  app.get(
    "/customers",
    { schema: { tags, summary: "List the accounts with their paid orders' count, spend and last date", querystring: ListQuery } },
    async (request) => {
      const { per_page, ...query } = request.query;
      return listCustomers(request.ctx, { ...query, perPage: per_page });
    },
  );
  app.get(
    "/customers/guests",
    {
      schema: {
        tags,
        summary: "List the guests (orders without an account) by billing email, newest order first",
        querystring: GuestQuery,
      },
    },
    async (request) => {
      const { per_page, ...query } = request.query;
      return listGuests(request.ctx, { ...query, perPage: per_page });
    },
  );
  app.get(
    "/customers/guest",
    {
      schema: {
        tags,
        summary: "Read a guest by billing email: their orders, newest addresses and totals",
        querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 200 }) }),
      },
    },
    async (request) => readGuest(request.ctx, request.query.email),
  );
  app.get(
    "/customers/:id",
    {
      schema: {
        tags,
        summary: "Read an account: saved addresses, orders, saved payment methods (masked) and totals",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
      },
    },
    async (request) => readCustomer(request.ctx, request.params.id),
  );
  app.post(
    "/customers/:id/password-reset",
    {
      schema: {
        tags,
        summary: "Mail the account a link to choose a new password",
        description:
          `The link a shopper asks for at /my-account/lost-password: once, for ${RESET_VALID_MINUTES} minutes, replacing a waiting one. ` +
          "404 cw_rest_customer_not_found, 409 cw_rest_reset_staff_account, 502 cw_rest_mail_not_sent (the link withdrawn), 503 cw_rest_mail_unavailable.",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
        response: { 200: Type.Object({ email: Type.String(), expires_at: Type.String() }) },
      },
    },
    async (request) => sendResetLinkFor(request.ctx, mailer, request.params.id),
  );
};
