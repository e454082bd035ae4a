/**
 * The attribute form's draft, pure: the name, the slug and the terms as rows with keys of their own
 * (a saved term's id, or a new one's number), so a row keeps its field messages and focus while the
 * owner reorders. A saved term the owner deletes stays in the draft, marked, until the save: it can
 * be kept again, and the API's refusal of a term in use lands on it.
 */
import type { AttributeInput, OwnerAttribute } from "./api.ts";

export interface TermRow {
  key: string;
  id: number | null;
  name: string;
  slug: string;
  /** How many products use it (0 for a new one). */
  count: number;
  removed: boolean;
}

export interface AttributeDraft {
  name: string;
  slug: string;
  terms: TermRow[];
}

export function toDraft(attribute: OwnerAttribute | null): AttributeDraft {
  return {
    name: attribute?.name ?? "",
    slug: attribute?.slug ?? "",
    terms: (attribute?.terms ?? []).map((t) => ({ key: `t${t.id}`, id: t.id, name: t.name, slug: t.slug, count: t.count, removed: false })),
  };
}

/** The terms shoppers will see, in order. */
export const keptTerms = (draft: AttributeDraft) => draft.terms.filter((t) => !t.removed);

/** What the API takes: the kept terms in order, a saved one by its id. */
export function fromDraft(draft: AttributeDraft): AttributeInput {
  return {
    name: draft.name,
    slug: draft.slug,
    terms: keptTerms(draft).map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
  };
}

/** Unsaved changes: what would be sent differs from what was loaded. */
export const isDirty = (draft: AttributeDraft, saved: AttributeDraft) =>
  JSON.stringify(fromDraft(draft)) !== JSON.stringify(fromDraft(saved));

/** A new, empty term at the end; its key is the next number not taken. */
export function addTerm(draft: AttributeDraft): { draft: AttributeDraft; key: string } {
  const taken = new Set(draft.terms.map((t) => t.key));
  let n = 1;
  while (taken.has(`n${n}`)) n++;
  const key = `n${n}`;
  return { draft: { ...draft, terms: [...draft.terms, { key, id: null, name: "", slug: "", count: 0, removed: false }] }, key };
}

export function setTerm(draft: AttributeDraft, key: string, change: Partial<Pick<TermRow, "name" | "slug">>): AttributeDraft {
  return { ...draft, terms: draft.terms.map((t) => (t.key === key ? { ...t, ...change } : t)) };
}

/**
 * Moves a kept term one place up (-1) or down (+1) among the kept ones; the answer's `position` is
 * its place from 1 afterwards, or null when it cannot move that way.
 */
export function moveTerm(draft: AttributeDraft, key: string, delta: -1 | 1): { draft: AttributeDraft; position: number | null } {
  const kept = keptTerms(draft);
  const at = kept.findIndex((t) => t.key === key);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= kept.length) return { draft, position: null };
  const [a, b] = [draft.terms.indexOf(kept[at] as TermRow), draft.terms.indexOf(kept[to] as TermRow)];
  const terms = [...draft.terms];
  [terms[a], terms[b]] = [terms[b] as TermRow, terms[a] as TermRow];
  return { draft: { ...draft, terms }, position: to + 1 };
}

/** A new term goes at once; a saved one is marked, to be deleted by the save (or kept again). */
export function removeTerm(draft: AttributeDraft, key: string): AttributeDraft {
  const term = draft.terms.find((t) => t.key === key);
  if (!term) return draft;
  if (term.id === null) return { ...draft, terms: draft.terms.filter((t) => t.key !== key) };
  return { ...draft, terms: draft.terms.map((t) => (t.key === key ? { ...t, removed: true } : t)) };
}

export function keepTerm(draft: AttributeDraft, key: string): AttributeDraft {
  return { ...draft, terms: draft.terms.map((t) => (t.key === key ? { ...t, removed: false } : t)) };
}

/** A term's field path in the form: by its row's key, so that its message follows it when it moves. */
export const termPath = (key: string, field: "name" | "slug") => `terms.${key}.${field}`;

/**
 * The API's field messages in the form's paths: "terms.2.slug" names the third term sent, which is
 * the third kept row; other paths stay. With `inUse` (the ids of a refused delete), those marked rows get `inUseMessage`.
 */
export function formFields(
  draft: AttributeDraft,
  fields: Record<string, string>,
  inUse: readonly number[] = [],
  inUseMessage = "",
): Record<string, string> {
  const kept = keptTerms(draft);
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^terms\.(\d+)\.(name|slug)$/.exec(path);
    const row = match ? kept[Number(match[1])] : undefined;
    if (match && row) out[termPath(row.key, match[2] as "name" | "slug")] = message;
    else out[path] = message;
  }
  for (const term of draft.terms)
    if (term.removed && term.id !== null && inUse.includes(term.id)) out[termPath(term.key, "name")] = inUseMessage;
  return out;
}

/** A term's name for buttons and messages: its own, or its place ("term 3") while it has none. */
export function termLabel(draft: AttributeDraft, key: string, unnamed: (position: number) => string): string {
  const term = draft.terms.find((t) => t.key === key);
  if (term?.name.trim()) return term.name.trim();
  const kept = keptTerms(draft);
  return unnamed(kept.findIndex((t) => t.key === key) + 1);
}

/** The list's short view of the terms: the first few names, then how many more. */
export function termsPreview(names: readonly string[], shown = 5, more: (count: number) => string = (n) => `+${n} more`): string {
  const head = names.slice(0, shown).join(", ");
  return names.length > shown ? `${head}, ${more(names.length - shown)}` : head;
}
