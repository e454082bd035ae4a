/**
 * The rules that gate a widget (spec §5.1: country, date range, day and hours; H1's rules in the
 * widget's time zone), in a chunk of their own: only widgets that set one of them load it.
 */
import { countryAllows, dateRuleAllows, dayHoursRuleAllows, type WidgetTriggers } from "@cartwright/commerce/contact-widget";

export function gatesAllow(triggers: WidgetTriggers, country: string, now: Date): boolean {
  return countryAllows(triggers, country) && dateRuleAllows(triggers, now) && dayHoursRuleAllows(triggers, now);
}
