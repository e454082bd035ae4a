/** The owner API's customers (`/api/admin/v1/customers…`, issue 18) as the console reads them, the password reset link it sends (decision 0077), and its add, edit and delete (decision 0103). */
import type { OwnerPaging } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";
import type { AccountBody } from "./account-model.ts";
import type { CustomerListQuery } from "./query.ts";

export interface CustomerRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  created_at: string;
  /** Paid orders (processing, completed): their count, spend in minor units and newest date. */
  orders: number;
  spend: number;
  last_order_at: string | null;
}

interface Paged extends OwnerPaging {
  currency_code: string;
  /** Decimals of the amounts (the shop's for its currency: 2 means 2682 is 26.82). */
  currency_minor_unit: number;
}

export interface CustomerList extends Paged {
  customers: CustomerRow[];
}

export interface GuestRow {
  email: string;
  orders: number;
  spend: number;
  last_order_at: string;
}

export interface GuestList extends Paged {
  guests: GuestRow[];
}

/** An address as the checkout stores it; any part may be missing. */
export type Address = Partial<
  Record<
    "first_name" | "last_name" | "company" | "address_1" | "address_2" | "city" | "state" | "postcode" | "country" | "email" | "phone",
    string
  >
>;

export interface HistoryOrder {
  id: number;
  number: string;
  created_at: string;
  status: string;
  total: number;
  currency_code: string;
  /** Decimals of the amounts (the shop's for its currency: 2 means 2682 is 26.82). */
  currency_minor_unit: number;
}

export interface OrderHistory {
  addresses: { billing: Address; shipping: Address };
  /** The newest 50; the totals count every order. */
  orders: HistoryOrder[];
  totals: {
    orders: number;
    paid_orders: number;
    /** Paid orders in the shop's currency, less refunds: orders of an earlier currency are not added (decision 0185). */
    spend: number;
    average_order: number;
    /** Paid orders kept in another currency than the shop's: counted in `paid_orders`, not in `spend`. */
    paid_in_other_currencies: number;
    first_order_at: string | null;
    last_order_at: string | null;
    currency_code: string;
    currency_minor_unit: number;
  };
}

export interface SavedPaymentMethod {
  id: number;
  gateway: string;
  brand: string;
  last4: string;
  expires: string;
  is_default: boolean;
}

export interface CustomerDetail extends OrderHistory {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  created_at: string;
  payment_methods: SavedPaymentMethod[];
  /** Sent back with a save: an account someone changed since is refused, not overwritten (decision 0158). */
  version: string;
}

/** An add's answer: the account as read, and whether the link to choose a password was mailed. */
export interface CreatedCustomer extends CustomerDetail {
  email_sent: boolean;
}

/** An edit's answer: the account as read, and the sessions it ended (a new email ends them all). */
export interface ChangedCustomer extends CustomerDetail {
  sessions_ended: number;
}

export interface GuestDetail extends OrderHistory {
  email: string;
}

const c = () => adminClient();

export const customersApi = {
  list: (query: CustomerListQuery, perPage: number) =>
    c().admin<CustomerList>("/customers", {
      query: { search: query.search, sort: query.sort, order: query.order, page: query.page, per_page: perPage },
    }),
  guests: (search: string, page: number, perPage: number) =>
    c().admin<GuestList>("/customers/guests", { query: { search, page, per_page: perPage } }),
  get: (id: number) => c().admin<CustomerDetail>(`/customers/${id}`),
  guest: (email: string) => c().admin<GuestDetail>("/customers/guest", { query: { email } }),
  create: (body: AccountBody) => c().admin<CreatedCustomer>("/customers", { method: "POST", body }),
  update: (id: number, body: AccountBody, version: string) =>
    c().admin<ChangedCustomer>(`/customers/${id}`, {
      method: "PATCH",
      body: { ...body, version },
    }),
  remove: (id: number) => c().admin<{ id: number; orders_kept: number }>(`/customers/${id}`, { method: "DELETE" }),
  sendPasswordReset: (id: number) =>
    c().admin<{ email: string; expires_at: string }>(`/customers/${id}/password-reset`, { method: "POST", body: {} }),
};
