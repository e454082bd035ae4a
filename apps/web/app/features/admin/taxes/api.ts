/** The owner API's tax classes, rates and shipping tax class (decision 0044) through the console's client. */
import { adminClient } from "../api.ts";

export interface TaxClass {
  slug: string;
  name: string;
}

/** A class as the taxes page reads it: a rename sends the version back, refused if the class was renamed since (decision 0158). */
export interface VersionedTaxClass extends TaxClass {
  version: string;
}

export interface TaxClassSummary extends VersionedTaxClass {
  rates: number;
  products: number;
}

/** The class shipping is taxed in, with the version its save sends back. */
export interface ShippingTaxClass {
  shipping_tax_class: string;
  version: string;
}

export interface ClassList {
  classes: TaxClassSummary[];
  shipping_tax_class: string;
}

/** A rate as the API writes it: the percent as text, as the owner types it. */
export interface RateInput {
  class: string;
  country: string;
  state: string;
  postcodes: string[];
  cities: string[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
}

export interface TaxRate extends RateInput {
  id: number;
  order: number;
  /** Sent back with a save: a rate someone changed since is refused, not overwritten (decision 0158). */
  version: string;
}

export interface RateList {
  class: string;
  rates: TaxRate[];
}

const c = () => adminClient();

export const taxesApi = {
  classes: () => c().admin<ClassList>("/tax-classes"),
  createClass: (name: string) => c().admin<TaxClassSummary>("/tax-classes", { method: "POST", body: { name } }),
  renameClass: (slug: string, name: string, version: string) =>
    c().admin<TaxClassSummary>(`/tax-classes/${slug}`, { method: "PUT", body: { name, version } }),
  deleteClass: (slug: string) => c().admin<void>(`/tax-classes/${slug}`, { method: "DELETE" }),
  rates: (slug: string) => c().admin<RateList>("/tax-rates", { query: { class: slug } }),
  createRate: (body: RateInput) => c().admin<TaxRate>("/tax-rates", { method: "POST", body }),
  saveRate: (id: number, body: RateInput, version: string) =>
    c().admin<TaxRate>(`/tax-rates/${id}`, { method: "PUT", body: { ...body, version } }),
  deleteRate: (id: number) => c().admin<void>(`/tax-rates/${id}`, { method: "DELETE" }),
  reorderRates: (slug: string, ids: number[]) => c().admin<RateList>("/tax-rates/order", { method: "PUT", body: { class: slug, ids } }),
  shippingClass: () => c().admin<ShippingTaxClass>("/shipping-tax-class"),
  saveShippingClass: (value: string, version: string) =>
    c().admin<ShippingTaxClass>("/shipping-tax-class", { method: "PUT", body: { shipping_tax_class: value, version } }),
};
