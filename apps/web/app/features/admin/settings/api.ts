/** The owner API's settings groups and payment methods (decision 0042) through the console's client. */
import type { CheckoutFieldSetting } from "@cartwright/commerce";
import { adminClient } from "../api.ts";

export interface StoreGroup {
  site_title: string;
  site_locale: string;
  base_location: { country: string; state: string };
  store_address: { address_1: string; address_2: string; city: string; postcode: string; email: string };
  add_to_cart_behaviour: "open_drawer" | "navigate" | "none";
  products_per_page: number;
}
export interface CurrencyGroup {
  code: string;
  symbol: string;
  symbol_position: "left" | "left_space" | "right" | "right_space";
  decimal_separator: string;
  thousand_separator: string;
  decimals: number;
}
export interface TaxesGroup {
  taxes_enabled: boolean;
  prices_include_tax: boolean;
  display_cart_prices_including_tax: boolean;
  display_itemized_taxes: boolean;
}
export interface PagesGroup {
  shop: string;
  cart: string;
  checkout: string;
  myaccount: string;
  privacy: string;
  terms: string;
}
export interface NoticesGroup {
  store_notice: { enabled: boolean; text: string };
  coming_soon: { enabled: boolean; text: string };
}
export interface CheckoutGroup {
  guest_checkout: boolean;
  account_creation: boolean;
  hold_stock_minutes: number;
  additional_fields: CheckoutFieldSetting[];
}
export interface SettingsGroups {
  store: StoreGroup;
  currency: CurrencyGroup;
  taxes: TaxesGroup;
  pages: PagesGroup;
  notices: NoticesGroup;
  checkout: CheckoutGroup;
}
export type GroupName = keyof SettingsGroups;
export const GROUP_NAMES: readonly GroupName[] = ["store", "currency", "taxes", "pages", "notices", "checkout"];

export interface BankAccount {
  account_name: string;
  bank_name: string;
  account_number: string;
  sort_code: string;
  iban: string;
  bic: string;
}
export interface PaymentMethod {
  id: string;
  title: string;
  description: string;
  default_title: string;
  default_description: string;
  enabled: boolean;
  position: number;
  offline: boolean;
  express: boolean;
  supports: string[];
  instructions?: string;
  account?: BankAccount;
}
export type PaymentMethodChanges = Partial<Pick<PaymentMethod, "enabled" | "title" | "description" | "instructions" | "account">>;

const c = () => adminClient();

export const settingsApi = {
  get: <N extends GroupName>(name: N) => c().admin<SettingsGroups[N]>(`/settings/${name}`),
  save: <N extends GroupName>(name: N, body: SettingsGroups[N]) =>
    c().admin<SettingsGroups[N]>(`/settings/${name}`, { method: "PUT", body }),
  all: async (): Promise<SettingsGroups> => {
    const [store, currency, taxes, pages, notices, checkout] = await Promise.all(GROUP_NAMES.map((name) => settingsApi.get(name)));
    return { store, currency, taxes, pages, notices, checkout } as SettingsGroups;
  },
};

export const paymentsApi = {
  list: () => c().admin<{ methods: PaymentMethod[] }>("/payment-methods"),
  save: (id: string, body: PaymentMethodChanges) => c().admin<PaymentMethod>(`/payment-methods/${id}`, { method: "PATCH", body }),
  order: (order: string[]) => c().admin<{ methods: PaymentMethod[] }>("/payment-methods/order", { method: "PUT", body: { order } }),
};
