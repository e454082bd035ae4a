/** Helpers of the forms' kinds journeys (forms-kinds*.spec.ts): inputs by their names, axe on the form, files to choose. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { axeScan } from "./axe.ts";

export const field = (page: Page, id: number, sub?: string) =>
  page.locator(`[name="forms[fields][${id}]${sub === undefined ? "" : `[${sub}]`}"]`).first();
export const container = (page: Page, id: number) => page.locator(`.cwf-field[data-field-id="${id}"]`);

export async function violations(page: Page, selector = "form.cwf") {
  const results = await axeScan(page, { include: selector });
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

const folder = mkdtempSync(join(tmpdir(), "cw-forms-kinds-"));
export function file(name: string, bytes: number | string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, typeof bytes === "number" ? Buffer.alloc(bytes, 1) : bytes);
  return path;
}
