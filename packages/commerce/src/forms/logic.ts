/**
 * Conditional logic (spec §2.2, §5.4; console reference A4): one evaluator for the browser and the
 * server. A hidden field is never required and its value is dropped; a rule over a hidden field
 * sees an empty value; a page whose fields are all hidden is skipped, except the first and last.
 */
import type { FormDefinition, FormField, FormInput, FormValues, LogicRule } from "./types.ts";

/** The field's submitted value as a list of strings (sub-inputs flattened), blanks removed. */
export function valueList(input: FormInput | undefined): string[] {
  if (input === undefined) return [];
  if (typeof input === "string") return input.trim() === "" ? [] : [input.trim()];
  if (Array.isArray(input)) return input.map((item) => item.trim()).filter((item) => item !== "");
  return Object.values(input).flatMap((item) => valueList(item));
}

function ruleHolds(rule: LogicRule, values: string[]): boolean {
  const wanted = (rule.value ?? "").trim();
  switch (rule.operator) {
    case "empty":
      return values.length === 0;
    case "not_empty":
      return values.length > 0;
    case "is":
      return values.some((value) => value.toLowerCase() === wanted.toLowerCase());
    case "is_not":
      return !values.some((value) => value.toLowerCase() === wanted.toLowerCase());
    case "contains":
      return values.some((value) => value.toLowerCase().includes(wanted.toLowerCase()));
    case ">":
    case "<": {
      const limit = Number(wanted);
      if (wanted === "" || !Number.isFinite(limit)) return false;
      return values.some((value) => {
        const number = Number(value);
        if (value === "" || !Number.isFinite(number)) return false;
        return rule.operator === ">" ? number > limit : number < limit;
      });
    }
  }
}

/**
 * The ids of the fields shown for these values, in the definition's order. Rules are followed
 * through the fields they name; a cycle (refused on save) counts as hidden.
 */
export function visibleFields(definition: FormDefinition, values: FormValues): number[] {
  const byId = new Map(definition.fields.map((field) => [field.id, field]));
  const known = new Map<number, boolean>();
  for (const id of fieldsInLoops(definition)) known.set(id, false);
  const visiting = new Set<number>();

  const isVisible = (field: FormField): boolean => {
    const cached = known.get(field.id);
    if (cached !== undefined) return cached;
    if (!field.logic || field.logic.rules.length === 0) {
      known.set(field.id, true);
      return true;
    }
    if (visiting.has(field.id)) return false;
    visiting.add(field.id);
    const outcomes = field.logic.rules.map((rule) => {
      const other = byId.get(rule.field);
      const shown = other !== undefined && isVisible(other);
      return ruleHolds(rule, shown ? valueList(values[String(rule.field)]) : []);
    });
    visiting.delete(field.id);
    const matched = field.logic.match === "all" ? outcomes.every(Boolean) : outcomes.some(Boolean);
    const visible = field.logic.action === "show" ? matched : !matched;
    known.set(field.id, visible);
    return visible;
  };

  return definition.fields.filter(isVisible).map((field) => field.id);
}

/** Fields from which the logic rules lead back to themselves. */
function fieldsInLoops(definition: FormDefinition): number[] {
  const dependsOn = new Map(definition.fields.map((field) => [field.id, (field.logic?.rules ?? []).map((rule) => rule.field)]));
  const reaches = (from: number, target: number): boolean => {
    const seen = new Set<number>();
    const stack = [...(dependsOn.get(from) ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (id === target) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(dependsOn.get(id) ?? []));
    }
    return false;
  };
  return definition.fields.filter((field) => field.logic && reaches(field.id, field.id)).map((field) => field.id);
}

/** The values of visible fields only (what is kept and what rules and totals read). */
export function visibleValues(definition: FormDefinition, values: FormValues): FormValues {
  const kept: FormValues = {};
  for (const id of visibleFields(definition, values)) {
    const value = values[String(id)];
    if (value !== undefined) kept[String(id)] = value;
  }
  return kept;
}

/** Page numbers (1-based) a visitor goes through: page 1, the last, and every page with a field shown. */
export function visiblePages(definition: FormDefinition, values: FormValues): number[] {
  const shown = new Set(visibleFields(definition, values));
  const last = definition.pages.length;
  const pages: number[] = [];
  for (let page = 1; page <= last; page++) {
    const fields = definition.fields.filter((field) => field.page === page);
    if (page === 1 || page === last || fields.some((field) => shown.has(field.id))) pages.push(page);
  }
  return pages;
}

/** The page Next goes to from `current`, or null on the last page. */
export function nextPage(definition: FormDefinition, values: FormValues, current: number): number | null {
  return visiblePages(definition, values).find((page) => page > current) ?? null;
}

/** A page as it can be shown now: itself, or the nearest shown page before it when logic skips it (a history entry's page, decision 0172). */
export function shownPageAt(definition: FormDefinition, values: FormValues, page: number): number {
  const atOrBefore = visiblePages(definition, values).filter((shown) => shown <= page);
  return atOrBefore.length > 0 ? (atOrBefore[atOrBefore.length - 1] as number) : 1;
}

/** The page Prev goes to from `current`, or null on the first page. */
export function previousPage(definition: FormDefinition, values: FormValues, current: number): number | null {
  const before = visiblePages(definition, values).filter((page) => page < current);
  return before.length > 0 ? (before[before.length - 1] as number) : null;
}

/**
 * A loop of logic rules (field A depends on B … depends on A), as the ids along it with the first
 * repeated at the end, or null. A definition with one is refused when saved.
 */
export function findLogicCycle(definition: FormDefinition): number[] | null {
  const dependsOn = new Map<number, number[]>();
  for (const field of definition.fields) dependsOn.set(field.id, [...new Set((field.logic?.rules ?? []).map((rule) => rule.field))]);
  const state = new Map<number, "open" | "done">();
  const path: number[] = [];

  const visit = (id: number): number[] | null => {
    if (state.get(id) === "done") return null;
    if (state.get(id) === "open") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "open");
    path.push(id);
    for (const next of dependsOn.get(id) ?? []) {
      if (!dependsOn.has(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, "done");
    return null;
  };

  for (const field of definition.fields) {
    const cycle = visit(field.id);
    if (cycle) return cycle;
  }
  return null;
}
