/** The owner API's forms and entries (`/api/admin/v1/forms…`, `/form-entries…`, issue 17) as the console reads them. */
import type { FormEntryList, FormEntrySummary } from "@cartwright/commerce/admin";
import type { FormDefinition } from "@cartwright/commerce/forms";
import { ADMIN_API, adminClient } from "../api.ts";
import { type EntryFilterQuery, filterParams } from "./query.ts";

export type { FormEntryList, FormEntrySummary };

export interface FormSummary {
  id: number;
  slug: string;
  title: string;
  status: "published" | "draft";
  updated_at: string;
  entries: number;
  /** The files its entries hold. */
  files: number;
  last_entry_at: string | null;
}

export interface StoredForm {
  id: number;
  slug: string;
  title: string;
  status: "published" | "draft";
  definition: Omit<FormDefinition, "id">;
}

export interface EntryFile {
  id: number;
  field_id: number;
  file_name: string;
  content_type: string;
  size: number;
  url: string;
}

export interface EntryDetail extends Omit<FormEntrySummary, "values"> {
  form_id: number;
  /**
   * Every field that can hold a value, in form order; `value` is "" for an empty one, `image` a drawn signature.
   * Then the fields removed since that the entry answered, `removed`, under the label they last had.
   */
  fields: { id: number; label: string; type: string; value: string; image?: string; removed?: boolean }[];
  payment_gateway: string;
  payment_key: string;
  payment_reference: string;
  older_id: number | null;
  newer_id: number | null;
  visitor_id: string;
  start_timestamp: string;
  end_timestamp: string;
  page_url: string;
  ip: string;
  user_agent: string;
  files: EntryFile[];
}

const c = () => adminClient();

/** Where the CSV of the entries matching `query` downloads from (a same-origin link: the session cookie goes with it). */
export function entriesCsvUrl(formId: number, query: EntryFilterQuery): string {
  const params = new URLSearchParams(Object.entries(filterParams(query)));
  const text = params.toString();
  return `${ADMIN_API}/forms/${formId}/entries.csv${text ? `?${text}` : ""}`;
}

export const formsApi = {
  listForms: () => c().admin<{ forms: FormSummary[] }>("/forms"),
  getForm: (id: number) => c().admin<StoredForm>(`/forms/${id}`),
  /** `withEntries`: the owner was told the form's entries go too; without it the API refuses a form that has any. */
  deleteForm: (id: number, withEntries: boolean) =>
    c().admin<void>(`/forms/${id}`, { method: "DELETE", query: { force: withEntries ? "true" : undefined } }),
  listEntries: (formId: number, query: EntryFilterQuery, perPage: number) =>
    c().admin<FormEntryList>(`/forms/${formId}/entries`, {
      query: { ...filterParams(query), page: query.page, per_page: perPage, order: query.order === "oldest" ? "oldest" : undefined },
    }),
  getEntry: (id: number) => c().admin<EntryDetail>(`/form-entries/${id}`),
  deleteEntry: (id: number) => c().admin<void>(`/form-entries/${id}`, { method: "DELETE" }),
};
