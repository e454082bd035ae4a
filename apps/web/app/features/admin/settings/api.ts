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
export const SWITCHABLE_EMAILS = [
  "customer_confirmation",
  "customer_completed",
  "customer_refunded",
  "customer_invoice",
  "customer_note",
  "owner_notice",
  "contact_message",
  "form_entry",
] as const;
export type SwitchableEmail = (typeof SWITCHABLE_EMAILS)[number];
export interface EmailsGroup {
  sender_name: string;
  sender_address: string;
  owner_recipient: string;
  sent: Record<SwitchableEmail, boolean>;
}
export interface ConsentGroup {
  attribution_enabled: boolean;
  tracking_consent: "required" | "not-required";
  lifetime_months: number;
  cookie_domain: string;
  field_prefix: string;
  promo_code: boolean;
}
export type CountryMode = "all" | "all_except" | "specific";
export interface CountriesGroup {
  sell_to: { mode: CountryMode; countries: string[] };
  ship_to: { mode: CountryMode | "sell_to"; countries: string[] };
  shipping_enabled: boolean;
}
export interface InventoryGroup {
  low_stock_amount: number;
  out_of_stock_amount: number;
  hide_out_of_stock: boolean;
}
export interface SettingsGroups {
  store: StoreGroup;
  currency: CurrencyGroup;
  taxes: TaxesGroup;
  pages: PagesGroup;
  notices: NoticesGroup;
  checkout: CheckoutGroup;
  countries: CountriesGroup;
  inventory: InventoryGroup;
  emails: EmailsGroup;
  consent: ConsentGroup;
}
export type GroupName = keyof SettingsGroups;
export const GROUP_NAMES: readonly GroupName[] = [
  "store",
  "currency",
  "taxes",
  "pages",
  "notices",
  "checkout",
  "countries",
  "inventory",
  "emails",
  "consent",
];

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
    const groups = await Promise.all(GROUP_NAMES.map(async (name) => [name, await settingsApi.get(name)] as const));
    return Object.fromEntries(groups) as unknown as SettingsGroups;
  },
};

export const paymentsApi = {
  list: () => c().admin<{ methods: PaymentMethod[] }>("/payment-methods"),
  save: (id: string, body: PaymentMethodChanges) => c().admin<PaymentMethod>(`/payment-methods/${id}`, { method: "PATCH", body }),
  order: (order: string[]) => c().admin<{ methods: PaymentMethod[] }>("/payment-methods/order", { method: "PUT", body: { order } }),
};
