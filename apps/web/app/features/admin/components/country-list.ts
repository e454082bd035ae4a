/** The shop's country and state names, the target of the address forms' dynamic import (`useCountryList`): their own chunk. */
export { allCountries, statesOf } from "@cartwright/commerce";
