/** The owner API's settings groups and payment methods (decision 0042) through the console's client. */
import { SETTINGS_GROUP_NAMES, type SettingsGroupName, type SettingsGroups, SWITCHABLE_EMAILS } from "@cartwright/commerce";
import { adminClient } from "../api.ts";

export type {
  CartGroup,
  CheckoutGroup,
  ConsentGroup,
  CountriesGroup,
  CountryMode,
  CurrencyGroup,
  EmailsGroup,
  InventoryGroup,
  NoticesGroup,
  PagesGroup,
  SettingsGroups,
  StoreGroup,
  SwitchableEmail,
  TaxesGroup,
} from "@cartwright/commerce";
export { SWITCHABLE_EMAILS };
export type GroupName = SettingsGroupName;
export const GROUP_NAMES = SETTINGS_GROUP_NAMES;

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
