/**
 * The shop's tax classes (standard first) as the product editor's fields and Add order's fees choose
 * among them (`GET /products/tax-classes`, which a manager may read too): asked for once for every
 * field of a page; the taxes page forgets them when the classes change. Asked through the console's
 * client here, not the taxes' API module, which would otherwise be a chunk of its own on those pages.
 */
import { adminClient } from "../api.ts";
import { loadedOnce } from "../components/use-loaded-once.ts";
import type { TaxClass } from "./api.ts";

export const productTaxClasses = loadedOnce(() =>
  adminClient()
    .admin<{ classes: TaxClass[] }>("/products/tax-classes")
    .then((reply) => reply.classes),
);
