/**
 * A zone's countries and states picked by name from the shop's country list (decision 0047); the
 * draft keeps their codes as text ("US, CA"; "US:CA"), which the model turns into locations.
 */
import { allCountries, statesOf } from "@cartwright/commerce";
import { Picker } from "../components/Picker.tsx";
import { joinList, type PickerOption, splitList } from "../components/picker.ts";

const countryOptions = (): PickerOption[] => allCountries().map((c) => ({ value: c.code, label: c.name, hint: c.code }));

/** Every state of every country with states, named with its country ("Nevada, United States"). */
const stateOptions = (): PickerOption[] =>
  allCountries().flatMap((country) =>
    (statesOf(country.code) ?? []).map((state) => ({
      value: `${country.code}:${state.code}`,
      label: `${state.name}, ${country.name}`,
      hint: `${country.code}:${state.code}`,
    })),
  );

let countries: PickerOption[] | undefined;
let states: PickerOption[] | undefined;

interface Props {
  path: string;
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}

function CodePicker({ options, ...props }: Props & { options: PickerOption[] }) {
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

export function CountryPicker(props: Props) {
  countries ??= countryOptions();
  return <CodePicker {...props} options={countries} />;
}

export function StatePicker(props: Props) {
  states ??= stateOptions();
  return <CodePicker {...props} options={states} />;
}
