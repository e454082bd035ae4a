/** The owner API's attribute calls for the console's attribute pages (the product editor's new term is productsApi.addTerm). */
import type { AttributeInput, OwnerAttribute } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type { AttributeInput, OwnerAttribute, OwnerAttributeTerm } from "@cartwright/commerce/admin";

const c = () => adminClient();

export const attributesApi = {
  list: () => c().admin<{ attributes: OwnerAttribute[] }>("/attributes"),
  get: (id: number) => c().admin<OwnerAttribute>(`/attributes/${id}`),
  create: (body: AttributeInput) => c().admin<OwnerAttribute>("/attributes", { method: "POST", body }),
  // The version the form was opened on: an attribute someone changed since is refused, not overwritten (decision 0158).
  save: (id: number, body: AttributeInput, version: string) =>
    c().admin<OwnerAttribute>(`/attributes/${id}`, { method: "PUT", body: { ...body, version } }),
  remove: (id: number) => c().admin<void>(`/attributes/${id}`, { method: "DELETE" }),
};
