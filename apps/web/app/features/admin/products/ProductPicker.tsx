/**
 * Products picked by name (decision 0047): the owner types part of a name or SKU and picks from
 * the owner API's search; the chosen ones are shown by name (read once by id). The value is the
 * ids as the drafts keep them ("3, 4").
 */
import { useCallback, useEffect, useState } from "react";
import { Picker } from "../components/Picker.tsx";
import { joinList, type PickerOption, splitList } from "../components/picker.ts";
import { type ProductSummary, productsApi } from "./api.ts";

const EMPTY = { search: "", status: "", type: "", stock_status: "", category: "", page: 1 } as const;
const option = (p: ProductSummary): PickerOption => ({ value: String(p.id), label: p.name, hint: p.sku || undefined });

/** Names of products by id, as far as they were read (100 ids a call, the list's page). */
async function namesOf(ids: string[]): Promise<Map<string, PickerOption>> {
  const found = new Map<string, PickerOption>();
  for (let i = 0; i < ids.length; i += 100) {
    const { products } = await productsApi.list({ ...EMPTY, include: ids.slice(i, i + 100).join(",") }, 100);
    for (const p of products) found.set(String(p.id), option(p));
  }
  return found;
}

interface Props {
  path: string;
  label: string;
  hint?: string;
  /** Ids as text ("3, 4"). */
  value: string;
  onChange(value: string): void;
  /** A product never offered (the one being edited). */
  except?: number;
}

export function ProductPicker({ path, label, hint, value, onChange, except }: Props) {
  const ids = splitList(value);
  const [names, setNames] = useState<Map<string, PickerOption>>(new Map());
  const missing = ids.filter((id) => !names.has(id)).join(",");

  useEffect(() => {
    if (!missing) return;
    let current = true;
    namesOf(missing.split(",")).then(
      (found) => current && setNames((known) => new Map([...known, ...found])),
      // Left as ids: the picker still works, and a save tells what is wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [missing]);

  const search = useCallback(
    async (text: string) => (await productsApi.list({ ...EMPTY, search: text }, 20)).products.filter((p) => p.id !== except).map(option),
    [except],
  );

  return (
    <Picker
      path={path}
      label={label}
      hint={hint}
      chosen={ids.map((id) => names.get(id) ?? { value: id, label: `#${id}` })}
      onChange={(chosen) => {
        setNames((known) => new Map([...known, ...chosen.map((c) => [c.value, c] as const)]));
        onChange(joinList(chosen.map((c) => c.value)));
      }}
      search={search}
    />
  );
}
