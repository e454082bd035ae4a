/** The owner account (issue 6): ensureOwner creates or promotes, isOwner tells the owner from shoppers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../../../test/app.ts";
import { StoreClient } from "../../../../../test/store-client.ts";
// Tests beside the module reach its inside: signing in without a request is not part of its face.
import { authenticate } from "./customers.service.ts";
import { createCustomer, ensureOwner, isOwner } from "./index.ts";
import { verifyPassword } from "./password.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const OWNER_PASSWORD = "owner-password-2026";
const row = (email: string) => shop.db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("ensureOwner", () => {
  it("creates the owner account when the email has none; the owner signs in like anyone", async () => {
    const result = await ensureOwner(shop.db, " Owner@Example.com ", OWNER_PASSWORD);
    expect(result).toEqual({ id: expect.any(Number), created: true });
    const saved = await row("owner@example.com");
    expect(saved).toMatchObject({ id: result.id, role: "owner" });
    expect(saved.password_hash).not.toContain(OWNER_PASSWORD);
    expect(await authenticate(shop.db, "owner@example.com", OWNER_PASSWORD)).toEqual({ id: result.id });
    expect(await isOwner(shop.db, result.id)).toBe(true);

    const signIn = await new StoreClient(shop.app).post("/account/sign-in", { email: "owner@example.com", password: OWNER_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it("leaves the owner as it is when run again with the same details, and takes a new password", async () => {
    const before = await row("owner@example.com");
    expect(await ensureOwner(shop.db, "owner@example.com", OWNER_PASSWORD)).toEqual({ id: before.id, created: false });
    expect((await row("owner@example.com")).password_hash).toBe(before.password_hash);

    expect(await ensureOwner(shop.db, "owner@example.com", "another-long-password")).toEqual({ id: before.id, created: false });
    const after = await row("owner@example.com");
    expect(await verifyPassword("another-long-password", after.password_hash)).toBe(true);
    expect(await verifyPassword(OWNER_PASSWORD, after.password_hash)).toBe(false);
    expect(await shop.db.selectFrom("customers").select("id").where("email", "=", "owner@example.com").execute()).toHaveLength(1);
  });

  it("promotes an existing shopper's account and sets its password", async () => {
    const { id } = await createCustomer(shop.db, { email: "manager@example.com", password: "shopper-pass", firstName: "Max" });
    expect(await isOwner(shop.db, id)).toBe(false);
    expect(await ensureOwner(shop.db, "manager@example.com", "manager-owner-pass")).toEqual({ id, created: false });
    expect(await isOwner(shop.db, id)).toBe(true);
    expect(await row("manager@example.com")).toMatchObject({ role: "owner", first_name: "Max" });
    expect(await authenticate(shop.db, "manager@example.com", "shopper-pass")).toBeNull();
    expect(await authenticate(shop.db, "manager@example.com", "manager-owner-pass")).toEqual({ id });
  });

  it("refuses a password under 12 characters and a malformed email, creating nothing", async () => {
    await expect(ensureOwner(shop.db, "short@example.com", "elevenchars")).rejects.toMatchObject({
      code: "cw_owner_password_too_short",
      data: { min_length: 12 },
    });
    await expect(ensureOwner(shop.db, "short@example.com", "")).rejects.toMatchObject({ code: "cw_owner_password_too_short" });
    await expect(ensureOwner(shop.db, "not-an-address", OWNER_PASSWORD)).rejects.toMatchObject({
      code: "registration-error-invalid-email",
    });
    expect(await shop.db.selectFrom("customers").select("id").where("email", "=", "short@example.com").executeTakeFirst()).toBeUndefined();
  });
});

describe("isOwner", () => {
  it("is false for a guest, an unknown id and a shopper registered as usual", async () => {
    expect(await isOwner(shop.db, 0)).toBe(false);
    expect(await isOwner(shop.db, -1)).toBe(false);
    expect(await isOwner(shop.db, 987654)).toBe(false);
    const jane = await row("jane@example.com");
    expect(jane.role).toBe("customer");
    expect(await isOwner(shop.db, jane.id)).toBe(false);
    const registered = await new StoreClient(shop.app).post("/account/register", { email: "new@example.com", password: "new-shopper-pw" });
    expect(registered.statusCode).toBe(201);
    expect(await isOwner(shop.db, registered.json().id)).toBe(false);
  });
});
