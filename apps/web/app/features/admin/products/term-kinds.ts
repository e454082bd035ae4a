/** The owner's term pages by kind (decisions 0043, 0095): which sit in a tree, and their texts. */
import { brandMessages } from "./brand-messages.ts";
import { termMessages as t } from "./messages.ts";

/** Categories and brands sit in a tree (a parent each); tags do not. */
export type TermKind = "categories" | "brands" | "tags";
export const hierarchical = (kind: TermKind) => kind !== "tags";
export const termWords = (kind: TermKind) => (kind === "brands" ? brandMessages : t[kind]);
export const parentLabel = (kind: TermKind) => (kind === "brands" ? brandMessages.parent : t.parent);
