/**
 * Stale copies (decision 0158): a record the owner edits answers a `version`, a fingerprint of what
 * an owner can change in it; a save that sends back the version it read is refused (409) once the
 * record has changed since, so two editors of one record never silently undo each other's work.
 * What the shop moves by itself (stock figures, counted uses) is left out of the fingerprint: those
 * have rules of their own, and a sale must not make the owner's open editor stale.
 */
import { createHash } from "node:crypto";
import { Type } from "typebox";
import { StoreError } from "./errors.ts";

/** The fingerprint of a record's editable fields, as built by the module that owns it (same fields, same order). */
export function editVersion(editable: unknown): string {
  return createHash("sha256").update(JSON.stringify(editable)).digest("base64url").slice(0, 22);
}

/**
 * A JSON document with every object's keys in one order: for fingerprints of documents stored as
 * JSON text, which a checker may rebuild with the same values in another key order.
 */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortedKeys(inner)]));
}

/** The optional `version` of a replace or a change: the record's as the client read it. */
export const VersionField = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    description:
      "The version the record had when read: a save on a record changed since is refused (409); left out, the save is made as sent",
  }),
);

/**
 * 409: the record changed since the client read it; data.version is the current one. No field
 * detail: the owner types no version, so the console shows the message above the form. A plural
 * noun ("download settings") is said as one.
 */
export function staleEdit(code: string, noun: string, current: string, { plural = false } = {}): StoreError {
  const message = plural
    ? `These ${noun} were changed by someone else since you opened them: reload them to see their change, then make yours again.`
    : `This ${noun} was changed by someone else since you opened it: reload it to see their change, then make yours again.`;
  return new StoreError(code, message, 409, { version: current });
}

/** Refuses a save whose `expected` version (when sent) is not the stored record's. */
export function checkVersion(expected: string | undefined, current: string, refuse: (current: string) => StoreError): void {
  if (expected !== undefined && expected !== current) throw refuse(current);
}
