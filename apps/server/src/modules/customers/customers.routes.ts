/**
 * The account calls under /api/store/v1: register, sign in, sign out, and who is signed in.
 * They are writes like any other (the nonce or a Cart-Token header); signing in or out answers
 * with the new session's Cart-Token, cookie, Nonce and User-ID.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/index.ts";
import { type RateLimiter, rateLimitedResponses } from "../../http/rate-limits.ts";
import { switchSession } from "../../http/session.ts";
import { CustomerReply, EmptyReply, RegisterBody, SignInBody } from "./customers.schemas.ts";
import * as customers from "./customers.service.ts";

const sessionOf = (request: FastifyRequest): customers.Session => ({
  sid: request.cartSession?.sid ?? "",
  uid: request.cartSession?.uid ?? 0,
});

const reply = (customer: customers.Customer) => ({
  id: customer.id,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
});

export const customerRoutes: FastifyPluginAsyncTypebox<{ db: Db; secret: string; rateLimits: RateLimiter }> = async (
  app,
  { db, secret, rateLimits },
) => {
  app.post(
    "/account/register",
    {
      schema: {
        tags: ["account"],
        summary: "Create an account and sign in",
        body: RegisterBody,
        response: { 201: CustomerReply, ...rateLimitedResponses },
      },
    },
    async (request, response) => {
      const { email, password, first_name, last_name } = request.body;
      const { customer, session } = await customers.register(
        db,
        sessionOf(request),
        { email, password, firstName: first_name, lastName: last_name },
        rateLimits.forRequest(request),
      );
      switchSession(secret, request, response, session);
      return response.status(201).send(reply(customer));
    },
  );

  app.post(
    "/account/sign-in",
    { schema: { tags: ["account"], summary: "Sign in", body: SignInBody, response: { 200: CustomerReply, ...rateLimitedResponses } } },
    async (request, response) => {
      const { email, password } = request.body;
      const { customer, session } = await customers.signIn(db, sessionOf(request), email, password, rateLimits.forRequest(request));
      switchSession(secret, request, response, session);
      return reply(customer);
    },
  );

  app.post(
    "/account/sign-out",
    { schema: { tags: ["account"], summary: "Sign out, back to a guest", response: { 200: EmptyReply } } },
    async (request, response) => {
      switchSession(secret, request, response, customers.signOut(sessionOf(request)));
      return {};
    },
  );

  app.get(
    "/account",
    { schema: { tags: ["account"], summary: "The signed-in customer", response: { 200: CustomerReply } } },
    async (request) => reply(await customers.getSignedInCustomer(db, sessionOf(request))),
  );
};
