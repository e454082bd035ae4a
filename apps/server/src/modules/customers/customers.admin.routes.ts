/**
 * The owner API's customers (under /api/admin/v1, behind requireOwner; issue 18): read, a password
 * reset link sent to an account (decision 0077), and add, edit, delete and export accounts (decision 0103).
 */
import { Readable } from "node:stream";
import { dayIn } from "@cartwright/commerce/time-zone";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { VersionField } from "../../http/edit-version.ts";
import { nullable, OwnerCurrencyFields } from "../../http/openapi.ts";
import { pagedListReply, pagedReply, pagingQuery } from "../../http/paging.ts";
import type { Mailer } from "../emails/index.ts";
import { listCustomers, listGuests, readCustomer, readGuest } from "./customers.admin.ts";
import { exportCustomers } from "./customers.export.ts";
import { createAccount, deleteAccount, SET_PASSWORD_HOURS, updateAccount } from "./customers.manage.ts";
import { RESET_VALID_MINUTES, sendResetLinkFor } from "./password-reset.ts";

const tags = ["owner"];
const Search = Type.Optional(Type.String({ maxLength: 200, description: "Words in the name or email (case ignored)" }));
const Pages = pagingQuery(20);
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
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const AddressText = Type.String({ maxLength: 200 });
/** The standard address fields; the rules (required fields, country and state codes, postcode, phone) are the account pages'. */
const AddressBody = Type.Object(
  {
    first_name: Type.Optional(AddressText),
    last_name: Type.Optional(AddressText),
    company: Type.Optional(AddressText),
    address_1: Type.Optional(AddressText),
    address_2: Type.Optional(AddressText),
    city: Type.Optional(AddressText),
    state: Type.Optional(AddressText),
    postcode: Type.Optional(AddressText),
    country: Type.Optional(AddressText),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    phone: Type.Optional(AddressText),
  },
  { additionalProperties: false, description: "Every field blank clears the saved address; left out, it stays as it is" },
);
const Name = Type.String({ maxLength: 1000 });
const AccountFields = {
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  billing: Type.Optional(AddressBody),
  shipping: Type.Optional(AddressBody),
};
const CreateBody = Type.Object(
  {
    email: Type.String({ maxLength: 320, description: "Unique in any letter case; stored in lower case" }),
    ...AccountFields,
    send_password_link: Type.Optional(
      Type.Boolean({
        default: true,
        description: `Mail the customer a link to choose their password (works once, for ${SET_PASSWORD_HOURS} hours); false: no email`,
      }),
    ),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  // version: the account's as read; an account changed since is refused (decision 0158).
  { email: Type.Optional(Type.String({ maxLength: 320 })), ...AccountFields, version: VersionField },
  { additionalProperties: false },
);

// The replies, documented only (decision 0173): what customers.admin.ts answers. Money in minor units.
const paidFigures = {
  orders: Type.Integer({ description: "Paid orders (processing, completed)" }),
  spend: Type.Integer({
    description: "What the paid orders in the shop's currency came to, less refunds (orders of an earlier currency are not added)",
  }),
  last_order_at: nullable(Type.String()),
};
const CustomerListReply = pagedListReply({
  ...OwnerCurrencyFields,
  customers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      role: Type.String({ description: "customer, manager or owner" }),
      created_at: Type.String(),
      ...paidFigures,
    }),
  ),
});
const GuestListReply = pagedListReply({
  ...OwnerCurrencyFields,
  guests: Type.Array(Type.Object({ email: Type.String(), ...paidFigures })),
});
/** A saved address as kept: the fields set, none when nothing was saved. */
const SavedAddress = Type.Object(AddressBody.properties);
const OrderHistory = {
  orders: Type.Array(
    Type.Object({
      id: Type.Integer(),
      number: Type.String(),
      created_at: Type.String(),
      status: Type.String(),
      total: Type.Integer(),
      ...OwnerCurrencyFields,
    }),
    { description: "Newest first" },
  ),
  totals: Type.Object({
    orders: Type.Integer(),
    paid_orders: Type.Integer(),
    spend: Type.Integer({ description: "Paid orders in the shop's currency, less refunds" }),
    average_order: Type.Integer({ description: "spend over the paid orders it sums" }),
    paid_in_other_currencies: Type.Integer({
      description: "Paid orders kept in another currency than the shop's (placed before it changed): not in spend or its average",
    }),
    first_order_at: nullable(Type.String()),
    last_order_at: nullable(Type.String()),
    ...OwnerCurrencyFields,
  }),
};
/** One account as its read answers it, and its add and edit with their own fact beside it. */
const CustomerReply = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.String(),
  created_at: Type.String(),
  addresses: Type.Object({ billing: SavedAddress, shipping: SavedAddress }),
  version: Type.String({ description: "Send it back with a change: an account changed since is refused (409)" }),
  payment_methods: Type.Array(
    Type.Object({
      id: Type.Integer(),
      gateway: Type.String(),
      brand: Type.String(),
      last4: Type.String(),
      expires: Type.String({ description: "MM/YY" }),
      is_default: Type.Boolean(),
    }),
    { description: "Saved cards, masked: the gateway's token stays on the server" },
  ),
  ...OrderHistory,
});
const CreatedCustomerReply = Type.Intersect([
  CustomerReply,
  Type.Object({
    email_sent: Type.Boolean({
      description: "Whether the link to choose a password was mailed (false when not asked, or when the email did not leave)",
    }),
  }),
]);
const ChangedCustomerReply = Type.Intersect([
  CustomerReply,
  Type.Object({ sessions_ended: Type.Integer({ description: "The account's sessions this change ended (a new email ends them all)" }) }),
]);
const GuestReply = Type.Object({
  email: Type.String(),
  addresses: Type.Object({ billing: SavedAddress, shipping: SavedAddress }, { description: "Their newest order's" }),
  ...OrderHistory,
});

export const customersAdminRoutes: FastifyPluginAsyncTypebox<{ mailer?: Mailer }> = async (app, { mailer }) => {
  app.get(
    "/customers",
    {
      schema: {
        tags,
        summary: "List the accounts with their paid orders' count, spend and last date",
        querystring: ListQuery,
        replies: { 200: CustomerListReply },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listCustomers(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/customers/guests",
    {
      schema: {
        operationId: "listGuestCustomers",
        tags,
        summary: "List the guests (orders without an account) by billing email, newest order first",
        querystring: GuestQuery,
        replies: { 200: GuestListReply },
      },
    },
    async (request, reply) => {
      const { per_page, ...query } = request.query;
      return pagedReply(reply, request.url, await listGuests(request.ctx, { ...query, perPage: per_page }));
    },
  );
  app.get(
    "/customers/guest",
    {
      schema: {
        operationId: "getGuestCustomer",
        tags,
        summary: "Read a guest by billing email: their orders, newest addresses and totals",
        querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 200 }) }),
        replies: { 200: GuestReply },
      },
    },
    async (request) => readGuest(request.ctx, request.query.email),
  );
  app.get(
    "/customers/export.csv",
    {
      schema: {
        operationId: "exportCustomersCsv",
        tags,
        summary: "Every account the list's search matches as CSV, by id (cells that could start a formula are neutralised)",
        description: "Money in the shop's currency as decimal text; dates in the shop's time zone. Paid orders: processing and completed.",
        querystring: Type.Object({ search: Search }),
      },
    },
    async (request, reply) => {
      const chunks = await exportCustomers(request.ctx, request.query);
      const { timeZone } = await request.ctx.shopSettings();
      return reply
        .headers({
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="customers-${dayIn(request.ctx.now ?? new Date(), timeZone)}.csv"`,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox",
          "Cache-Control": "private, no-store",
        })
        .send(Readable.from(chunks));
    },
  );
  app.post(
    "/customers",
    {
      schema: {
        tags,
        summary: "Add a shopper's account",
        description:
          'No password is set by the owner: the customer chooses theirs through the link mailed, or later with "Lost your password?". ' +
          "400 rest_invalid_param names each field (email, first_name, billing.postcode…); 503 cw_rest_mail_unavailable when a link is asked and the shop cannot mail. " +
          "Answers the account as GET /customers/{id} does, with email_sent (false: the account was made but the email did not leave).",
        body: CreateBody,
        replies: { 201: CreatedCustomerReply },
      },
    },
    async (request, reply) => {
      const made = await createAccount(request.ctx, mailer, request.body);
      return reply.status(201).send(made);
    },
  );
  const update = {
    schema: {
      tags,
      summary: "Change a shopper's names, email or saved addresses (what is left out stays)",
      description:
        "A new email ends every session of the account and withdraws a waiting password link. " +
        "400 rest_invalid_param names each field; 404 cw_rest_customer_not_found; 409 cw_rest_customer_is_staff for the owner and managers (the staff page's), " +
        "409 cw_rest_customer_changed for a `version` that is not the account's (changed since it was read; data.version is the current one). " +
        "Answers the account as GET /customers/{id} does, with sessions_ended.",
      params: IdParams,
      body: UpdateBody,
      replies: { 200: ChangedCustomerReply },
    },
  };
  app.patch("/customers/:id", update, async (request) => updateAccount(request.ctx, request.params.id, request.body));
  app.put("/customers/:id", update, async (request) => updateAccount(request.ctx, request.params.id, request.body));
  app.delete(
    "/customers/:id",
    {
      schema: {
        tags,
        summary: "Delete a shopper's account; its orders stay as guest orders",
        description:
          "Its orders keep their billing email and lose the account; its sessions, saved cards, password links and saved cart end. " +
          "409 cw_rest_customer_is_staff for the owner and managers, cw_rest_customer_is_you for the caller's own account.",
        params: IdParams,
        response: { 200: Type.Object({ id: Type.Integer(), orders_kept: Type.Integer() }) },
      },
    },
    async (request) => deleteAccount(request.ctx, request.params.id),
  );
  app.get(
    "/customers/:id",
    {
      schema: {
        tags,
        summary: "Read an account: saved addresses, orders, saved payment methods (masked) and totals",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }),
        replies: { 200: CustomerReply },
      },
    },
    async (request) => readCustomer(request.ctx, request.params.id),
  );
  app.post(
    "/customers/:id/password-reset",
    {
      schema: {
        operationId: "sendCustomerPasswordReset",
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
