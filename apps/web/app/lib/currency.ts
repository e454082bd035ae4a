/** The shop's currency as the formatter wants it, from the settings (spec §9 "Currency defaults"). */
import { affixesFor, type Currency, type CurrencySettings } from "@cartwright/commerce";

export function shopCurrency(settings: CurrencySettings): Currency {
  return {
    code: settings.code,
    symbol: settings.symbol,
    minorUnit: settings.minorUnit,
    decimalSeparator: settings.decimalSeparator,
    thousandSeparator: settings.thousandSeparator,
    ...affixesFor(settings.symbol, settings.symbolPosition),
  };
}
