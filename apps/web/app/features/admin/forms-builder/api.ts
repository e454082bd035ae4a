/** The owner API's form calls the builder makes (`/api/admin/v1/forms…`), through the console's one client. */
import type { FormDefinition } from "@cartwright/commerce/forms";
import { adminClient } from "../api.ts";

export type FormStatus = "published" | "draft";

/** A form as the owner API answers it. */
export interface OwnerForm {
  id: number;
  slug: string;
  title: string;
  status: FormStatus;
  definition: FormDefinition;
  /** How many entries answered each field (non-empty), by field id. */
  answers?: Record<string, number>;
  /** Sent back with a save: a form someone changed since is refused, not overwritten (decision 0158). */
  version: string;
}

export interface FormInput {
  status: FormStatus;
  definition: FormDefinition;
}

export const formsApi = {
  get: (id: number) => adminClient().admin<OwnerForm>(`/forms/${id}`),
  create: (input: FormInput) => adminClient().admin<OwnerForm>("/forms", { method: "POST", body: input }),
  save: (id: number, input: FormInput, version: string) =>
    adminClient().admin<OwnerForm>(`/forms/${id}`, { method: "PUT", body: { ...input, version } }),
};
