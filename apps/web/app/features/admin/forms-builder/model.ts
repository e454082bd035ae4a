/**
 * The form builder's pure edits of a definition (decision 0029): fields added with the next free id,
 * removed, duplicated and moved (within a page, to another page, before another field), pages added,
 * renamed, removed and reordered. Fields sit in the definition's array in the order visitors see them;
 * a field's page is its `page` number. Every function returns a new definition and never mutates.
 */
import { DEFAULT_EXTENSIONS, defaultFormSettings, type FieldType, type FormDefinition, type FormField } from "@cartwright/commerce/forms";

/** The largest id a field of the definition has. */
export function maxFieldId(definition: Pick<FormDefinition, "fields">): number {
  return definition.fields.reduce((max, field) => Math.max(max, field.id), 0);
}

/**
 * The highest id taken when the builder opens: the form's fields' and those of removed fields that
 * entries still answer, whose answers a new field under the same id would be shown as.
 */
export function highestTakenId(definition: Pick<FormDefinition, "fields">, answered: Iterable<string>): number {
  return Math.max(maxFieldId(definition), ...[...answered].map(Number).filter(Number.isInteger));
}

/**
 * The next id for a new field: above every id the form has and every id handed out in this editing
 * session (`highest`), so a removed field's id is never given to another while the owner edits.
 */
export function nextFieldId(definition: Pick<FormDefinition, "fields">, highest: number): number {
  return Math.max(maxFieldId(definition), highest) + 1;
}

const MB = 1024 * 1024;

/** A new field of `type` with settings the server's check accepts (choices, rows, extensions filled in). */
export function newField(type: FieldType, id: number, page: number, label: string): FormField {
  const base = { id, page, label, required: false };
  const choices = [
    { id: 1, label: "First choice" },
    { id: 2, label: "Second choice" },
  ];
  const priced = choices.map((choice, index) => ({ ...choice, priceMinor: (index + 1) * 1000 }));
  switch (type) {
    case "name":
      return { ...base, type, format: "first-last" };
    case "email":
      return { ...base, type, confirmation: false, restrictedDomains: [], suggestTypos: true };
    case "password":
      return { ...base, type, confirmation: false, minStrength: 0 };
    case "select":
      return { ...base, type, choices, multiple: false };
    case "radio":
      return { ...base, type, choices };
    case "checkbox":
      return { ...base, type, choices, choiceLimit: 0 };
    case "image-choice":
      return { ...base, type, choices, multiple: false, choiceLimit: 0 };
    case "time":
      return { ...base, type, format: "12h" };
    case "rating":
      return { ...base, type, scale: 5 };
    case "likert":
      return { ...base, type, rows: ["First statement"], columns: ["Disagree", "Neutral", "Agree"], multiple: false };
    case "camera":
      return { ...base, type, extensions: ["jpg", "png"], maxFileBytes: 5 * MB };
    case "file-upload":
      return { ...base, type, extensions: [...DEFAULT_EXTENSIONS], maxFileBytes: 2 * MB, maxFiles: 1 };
    case "address":
      return { ...base, type, preferredCountries: [], address2: true };
    case "payment-single":
      return { ...base, type, priceMinor: 1000 };
    case "payment-multiple":
    case "payment-select":
      return { ...base, type, choices: priced, showImages: false };
    case "payment-checkbox":
      return { ...base, type, choices: priced, showImages: false, choiceLimit: 0 };
    case "payment-quantity":
      return { ...base, type, forField: 0, min: 1, max: 10 };
    case "payment-user-amount":
      return { ...base, type, minimumMinor: 0 };
    case "payment-total":
      return { ...base, type, summary: true };
    case "checkbox-terms":
      return { ...base, type, text: "I agree to the terms." };
    case "html":
      return { ...base, type, content: "" };
    default:
      return { ...base, type } as FormField;
  }
}

/** A starting form: one page, one text field, the shared default settings. */
export function newDefinition(): FormDefinition {
  return {
    id: 0,
    slug: "",
    title: "",
    pages: [{ title: "" }],
    fields: [newField("text", 1, 1, "Your name")],
    settings: defaultFormSettings(),
  };
}

/** The fields of page `page` (1-based), in order. */
export function fieldsOnPage(definition: FormDefinition, page: number): FormField[] {
  return definition.fields.filter((field) => field.page === page);
}

/** Adds `field` at the end of its page. */
export function addField(definition: FormDefinition, field: FormField): FormDefinition {
  const fields = [...definition.fields];
  const lastOnPage = fields.map((f) => f.page).lastIndexOf(field.page);
  const before = fields.findIndex((f) => f.page > field.page);
  const at = lastOnPage >= 0 ? lastOnPage + 1 : before >= 0 ? before : fields.length;
  fields.splice(at, 0, field);
  return { ...definition, fields };
}

export function updateField(definition: FormDefinition, id: number, patch: Partial<FormField>): FormDefinition {
  return { ...definition, fields: definition.fields.map((field) => (field.id === id ? ({ ...field, ...patch } as FormField) : field)) };
}

/** Drops the field and what named it: logic rules (a logic left without rules goes), the visitor e-mail setting. */
export function removeField(definition: FormDefinition, id: number): FormDefinition {
  const fields = definition.fields
    .filter((field) => field.id !== id)
    .map((field) => {
      if (!field.logic?.rules.some((rule) => rule.field === id)) return field;
      const rules = field.logic.rules.filter((rule) => rule.field !== id);
      const { logic: _dropped, ...rest } = field;
      return (rules.length ? { ...field, logic: { ...field.logic, rules } } : rest) as FormField;
    });
  const visitor = definition.settings.notifications.visitor;
  const settings =
    visitor.emailField === id
      ? {
          ...definition.settings,
          notifications: { ...definition.settings.notifications, visitor: { ...visitor, emailField: undefined, enabled: false } },
        }
      : definition.settings;
  return { ...definition, fields, settings };
}

/** A copy of the field with `newId`, just after it; its label says it is a copy. */
export function duplicateField(definition: FormDefinition, id: number, newId: number): FormDefinition {
  const index = definition.fields.findIndex((field) => field.id === id);
  const original = definition.fields[index];
  if (!original) return definition;
  const copy = structuredClone(original);
  copy.id = newId;
  if (copy.label) copy.label = `${copy.label} (copy)`;
  const fields = [...definition.fields];
  fields.splice(index + 1, 0, copy);
  return { ...definition, fields };
}

/** Where a field now is: its place on its page (1-based) and how many fields that page has. */
export function positionOf(definition: FormDefinition, id: number): { page: number; position: number; count: number } | null {
  const field = definition.fields.find((f) => f.id === id);
  if (!field) return null;
  const onPage = fieldsOnPage(definition, field.page);
  return { page: field.page, position: onPage.findIndex((f) => f.id === id) + 1, count: onPage.length };
}

/** Moves a field one place up (-1) or down (+1) on its page; unchanged at either end. */
export function moveField(definition: FormDefinition, id: number, delta: -1 | 1): FormDefinition {
  const field = definition.fields.find((f) => f.id === id);
  if (!field) return definition;
  const onPage = fieldsOnPage(definition, field.page);
  const place = onPage.findIndex((f) => f.id === id);
  const neighbour = onPage[place + delta];
  if (!neighbour) return definition;
  return moveFieldTo(definition, id, field.page, delta < 0 ? neighbour.id : (onPage[place + 2]?.id ?? null));
}

/** Puts a field on `page`, before the field `beforeId` (null: at the end of that page). */
export function moveFieldTo(definition: FormDefinition, id: number, page: number, beforeId: number | null): FormDefinition {
  const field = definition.fields.find((f) => f.id === id);
  if (!field || beforeId === id) return definition;
  const moved = { ...field, page } as FormField;
  const rest = definition.fields.filter((f) => f.id !== id);
  const before = beforeId === null ? -1 : rest.findIndex((f) => f.id === beforeId && f.page === page);
  if (before >= 0) {
    rest.splice(before, 0, moved);
    return { ...definition, fields: rest };
  }
  return addField({ ...definition, fields: rest }, moved);
}

export function addPage(definition: FormDefinition, title: string): FormDefinition {
  return { ...definition, pages: [...definition.pages, { title }] };
}

export function renamePage(definition: FormDefinition, page: number, title: string): FormDefinition {
  return { ...definition, pages: definition.pages.map((p, index) => (index + 1 === page ? { ...p, title } : p)) };
}

/**
 * Removes page `page`; its fields move to the end of page `moveTo` (numbered as before the removal)
 * or, when `moveTo` is null, are removed. Later pages' fields keep their page as it is renumbered.
 */
export function removePage(definition: FormDefinition, page: number, moveTo: number | null): FormDefinition {
  if (definition.pages.length <= 1 || moveTo === page) return definition;
  let current = definition;
  for (const field of fieldsOnPage(definition, page)) {
    current = moveTo === null ? removeField(current, field.id) : moveFieldTo(current, field.id, moveTo, null);
  }
  const renumber = (n: number) => (n > page ? n - 1 : n);
  return {
    ...current,
    pages: current.pages.filter((_, index) => index + 1 !== page),
    fields: current.fields.map((field) => ({ ...field, page: renumber(field.page) }) as FormField),
  };
}

/** Swaps page `page` with its neighbour (-1 before, +1 after); fields go with their page. */
export function movePage(definition: FormDefinition, page: number, delta: -1 | 1): FormDefinition {
  const other = page + delta;
  if (other < 1 || other > definition.pages.length) return definition;
  const pages = [...definition.pages];
  [pages[page - 1], pages[other - 1]] = [pages[other - 1] as (typeof pages)[number], pages[page - 1] as (typeof pages)[number]];
  const swap = (n: number) => (n === page ? other : n === other ? page : n);
  const fields = definition.fields.map((field) => ({ ...field, page: swap(field.page) }) as FormField);
  // Keeps the array in page order, as visitors read it.
  fields.sort((a, b) => a.page - b.page);
  return { ...definition, pages, fields };
}

/** The next id for a choice (choice ids are per field). */
export function nextChoiceId(choices: readonly { id: number }[]): number {
  return choices.reduce((max, choice) => Math.max(max, choice.id), 0) + 1;
}

/** A slug made from a title ("Spring order!" → "spring-order"), as the server's pattern wants it. */
export function slugFrom(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
