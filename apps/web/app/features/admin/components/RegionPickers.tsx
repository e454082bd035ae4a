/**
 * Countries and states picked by name from the shop's country list (decision 0047), for a shipping
 * zone and the settings' lists of countries; the draft keeps their codes as text ("US, CA"; "US:CA").
 * The list comes in as a prop, so a page may load it after its first paint (`useCountryList`).
 */
import { useMemo } from "react";
import { type CountryList, countryOptions, stateOptions } from "./address-choices.ts";
import { Picker } from "./Picker.tsx";
import { joinList, type PickerOption, splitList } from "./picker.ts";

interface Props {
  path: string;
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  /** The country list; null until it arrives, the chosen codes shown as they are meanwhile. */
  list: CountryList | null;
}

function CodePicker({ options, ...props }: Omit<Props, "list"> & { options: readonly PickerOption[] }) {
  const byCode = new Map(options.map((o) => [o.value, o]));
  return (
    <Picker
      path={props.path}
      label={props.label}
      hint={props.hint}
      options={options}
      // A code the list does not know stays, by its code, for the server to judge.
      chosen={splitList(props.value).map((code) => byCode.get(code.toUpperCase()) ?? { value: code, label: code })}
      onChange={(chosen) => props.onChange(joinList(chosen.map((c) => c.value)))}
    />
  );
}

export function CountryPicker({ list, ...props }: Props) {
  const options = useMemo(() => (list ? countryOptions(list) : []), [list]);
  return <CodePicker {...props} options={options} />;
}

export function StatePicker({ list, ...props }: Props) {
  const options = useMemo(() => (list ? stateOptions(list) : []), [list]);
  return <CodePicker {...props} options={options} />;
}
