/** The owner API's settings groups and payment methods (decision 0042) through the console's client. */
import { SETTINGS_GROUP_NAMES, type SettingsGroupName, type SettingsGroups, SWITCHABLE_EMAILS } from "@cartwright/commerce";
import type { OwnerPaymentMethod } from "@cartwright/commerce/admin";
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
  ReviewsGroup,
  SettingsGroups,
  StoreGroup,
  SwitchableEmail,
  TaxesGroup,
} from "@cartwright/commerce";
export { SWITCHABLE_EMAILS };
export type GroupName = SettingsGroupName;
export const GROUP_NAMES = SETTINGS_GROUP_NAMES;

/** A record as the owner API reads it: `version` goes back with a save, so one changed since is refused, not overwritten (decision 0158). */
export type Versioned<T> = T & { version?: string };

export type { BankAccount } from "@cartwright/commerce/admin";
export type PaymentMethod = OwnerPaymentMethod & { version: string };
export type PaymentMethodChanges = Partial<Pick<PaymentMethod, "enabled" | "title" | "description" | "instructions" | "account">>;

const c = () => adminClient();

export const settingsApi = {
  get: <N extends GroupName>(name: N) => c().admin<Versioned<SettingsGroups[N]>>(`/settings/${name}`),
  save: <N extends GroupName>(name: N, body: SettingsGroups[N], version: string | undefined) =>
    c().admin<Versioned<SettingsGroups[N]>>(`/settings/${name}`, { method: "PUT", body: { ...body, version } }),
  all: async (): Promise<{ [N in GroupName]: Versioned<SettingsGroups[N]> }> => {
    const groups = await Promise.all(GROUP_NAMES.map(async (name) => [name, await settingsApi.get(name)] as const));
    return Object.fromEntries(groups) as unknown as { [N in GroupName]: Versioned<SettingsGroups[N]> };
  },
};

export const paymentsApi = {
  list: () => c().admin<{ methods: PaymentMethod[] }>("/payment-methods"),
  save: (id: string, body: PaymentMethodChanges, version: string | undefined) =>
    c().admin<PaymentMethod>(`/payment-methods/${id}`, { method: "PATCH", body: { ...body, version } }),
  order: (order: string[]) => c().admin<{ methods: PaymentMethod[] }>("/payment-methods/order", { method: "PUT", body: { order } }),
};
