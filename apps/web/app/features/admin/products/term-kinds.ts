/** The owner's term pages by kind (decisions 0043, 0095): which sit in a tree, and their texts. */
import { termPageMessages as t } from "./term-messages.ts";

/** Categories and brands sit in a tree (a parent each); tags do not. */
export type TermKind = "categories" | "brands" | "tags";
export const hierarchical = (kind: TermKind) => kind !== "tags";
export const termWords = (kind: TermKind) => t[kind];
export const parentLabel = (kind: TermKind) => (kind === "brands" ? t.brands.parent : t.parent);

/** The tree kind a page's address names: /admin/brands… or /admin/categories… (one route module serves both). */
export const hierarchyOf = (pathname: string): "categories" | "brands" => (pathname.startsWith("/admin/brands") ? "brands" : "categories");
