/** What the product form's cards share (decision 0047): their props, a card's frame and the draft's setters. */
import type { ComponentType, ReactNode } from "react";
import { TextField } from "../components/fields.tsx";
import type { AttributeTerm, AttributeWithTerms, ProductCurrency, Term } from "./api.ts";
import type { ProductDraft } from "./model.ts";

export interface ProductChoices {
  categories: Term[];
  /** The shop's brands (decision 0095). */
  brands: Term[];
  tags: Term[];
  attributes: AttributeWithTerms[];
}

/** What every card gets: the draft, a way to change it, and what the shop offers to choose from. */
export interface CardProps {
  /** The saved product's id; absent on a new one. */
  id?: number;
  draft: ProductDraft;
  setDraft(change: (current: ProductDraft) => ProductDraft): void;
  currency: ProductCurrency;
  choices: ProductChoices;
  /** Saves the product as drafted, then adds the variations its attributes make (the owner API's generate). */
  generate?: () => void;
  /** A save runs. */
  busy: boolean;
  /** A term made on the page (the attributes card's "Add new …"): the choices offer it from now on. */
  onTermAdded?(attributeId: number, term: AttributeTerm): void;
}

export interface ProductCard {
  key: string;
  Card: ComponentType<CardProps>;
  /** Drawn only while this holds (a simple product's own price). */
  when?: (draft: ProductDraft) => boolean;
  /** The labels of the fields it holds by path, for the error summary. */
  labels?: (currency: ProductCurrency) => Record<string, string>;
}

export const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** Setters and a text field bound to one key of the draft. */
export function useDraftFields({ draft, setDraft }: Pick<CardProps, "draft" | "setDraft">) {
  const set =
    <K extends keyof ProductDraft>(key: K) =>
    (value: ProductDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: keyof ProductDraft, label: string, hint?: string) => (
    <TextField path={key} label={label} hint={hint} value={String(draft[key])} onChange={set(key) as (value: string) => void} />
  );
  return { set, text };
}

/** A card: a fieldset with its legend. */
export function CardFrame({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="admin-card admin-fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
