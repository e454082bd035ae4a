/** Categories picked by name (decision 0047), from the shop's categories read once; the value is their ids as text ("3, 4"). */
import { useEffect, useState } from "react";
import { Picker } from "../components/Picker.tsx";
import { joinList, type PickerOption, splitList } from "../components/picker.ts";
import { termsApi } from "./api.ts";

interface Props {
  path: string;
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}

export function CategoryPicker({ path, label, hint, value, onChange }: Props) {
  const [options, setOptions] = useState<PickerOption[]>([]);
  useEffect(() => {
    let current = true;
    termsApi.categories.list().then(
      ({ categories }) => current && setOptions(categories.map((c) => ({ value: String(c.id), label: c.name, hint: c.slug }))),
      // Left as ids: a save still tells what is wrong.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const byId = new Map(options.map((o) => [o.value, o]));
  return (
    <Picker
      path={path}
      label={label}
      hint={hint}
      options={options}
      chosen={splitList(value).map((id) => byId.get(id) ?? { value: id, label: `#${id}` })}
      onChange={(chosen) => onChange(joinList(chosen.map((c) => c.value)))}
    />
  );
}
