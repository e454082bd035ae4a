/**
 * The HTTP test files share their worker's modules (decision 0136), so what one file registers in the process
 * (a payment gateway, a checkout field, cart fees, a collection) would show in the next file's shop. Each file
 * must take back what it registers; this says which file did not, rather than a later file failing by chance.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { registeredExtensionParts } from "../apps/server/src/extensions.ts";

let before: ReturnType<typeof registeredExtensionParts>;
beforeAll(() => {
  before = registeredExtensionParts();
});
afterAll(() => {
  expect(registeredExtensionParts(), "this file left registrations behind: take them back when it ends").toEqual(before);
});
