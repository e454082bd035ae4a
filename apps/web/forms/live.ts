/**
 * What follows every change (spec §2.2, §5.4): conditional logic shown live (hidden fields' inputs
 * disabled so they are not sent), the running total and the order summary (rows written 10 at a time).
 */
import { formatAmount, orderSummary, paymentTotal, type SummaryRow, visibleFields } from "@cartwright/commerce/forms";
import { fieldInputs } from "./dom.ts";
import { currentValues, type FormState } from "./state.ts";

/** Spec §9: the order summary is updated in batches of 10 items. */
const SUMMARY_BATCH = 10;
const LOGIC_DISABLED = "cwfLogicDisabled";

/** Shows and hides fields by their logic; returns whether anything changed (logic may depend on what it hid). */
export function applyLogic(state: FormState): boolean {
  const shown = new Set(visibleFields(state.definition, currentValues(state)));
  let changed = false;
  for (const container of state.form.querySelectorAll<HTMLElement>(".cwf-field[data-field-id]")) {
    const hide = !shown.has(Number(container.dataset.fieldId));
    if (container.hidden !== hide) changed = true;
    container.hidden = hide;
    // The renderer hides fields without disabling them: inputs are checked, not the container's state.
    for (const input of fieldInputs(container)) {
      if (hide && !input.disabled) {
        input.disabled = true;
        input.dataset[LOGIC_DISABLED] = "";
      } else if (!hide && input.dataset[LOGIC_DISABLED] !== undefined) {
        input.disabled = false;
        delete input.dataset[LOGIC_DISABLED];
      }
    }
  }
  return changed;
}

/** Logic until it settles (a field hidden may hide others that depend on it). */
export function settleLogic(state: FormState): void {
  for (let round = 0; round < state.definition.fields.length + 1 && applyLogic(state); round++);
}

let summaryRun = 0;

export function updateTotals(state: FormState): void {
  const output = state.form.querySelector<HTMLOutputElement>(`#cwf${state.formId}-total`);
  const summary = state.form.querySelector<HTMLElement>(".cwf-summary");
  if (!output && !summary) return;
  const values = currentValues(state);
  const currency = state.payload.currency;
  if (output) output.textContent = formatAmount(paymentTotal(state.definition, values, currency), currency);
  const body = summary?.querySelector("tbody");
  if (body) writeSummary(body, orderSummary(state.definition, values, currency), (minor) => formatAmount(minor, currency));
}

function emptyRow(): HTMLTableRowElement {
  const tr = document.createElement("tr");
  const td = document.createElement("td");
  td.colSpan = 3;
  td.textContent = "Nothing chosen yet.";
  tr.append(td);
  return tr;
}

function writeSummary(body: HTMLTableSectionElement, rows: SummaryRow[], money: (minor: number) => string): void {
  const run = ++summaryRun;
  const made: HTMLTableRowElement[] = [];
  const batch = (from: number) => {
    // A newer change started its own run: this one stops.
    if (run !== summaryRun) return;
    for (const row of rows.slice(from, from + SUMMARY_BATCH)) {
      const tr = document.createElement("tr");
      tr.dataset.fieldId = String(row.fieldId);
      for (const text of [row.label, String(row.quantity), money(row.amountMinor)]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.append(td);
      }
      made.push(tr);
    }
    if (from + SUMMARY_BATCH < rows.length) window.requestAnimationFrame(() => batch(from + SUMMARY_BATCH));
    else body.replaceChildren(...(made.length ? made : [emptyRow()]));
  };
  batch(0);
}
