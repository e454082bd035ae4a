/** A zone's methods, one fieldset each: kind, name, the kind's own fields; add and remove. */
import { useContext } from "react";
import { CheckboxField, FieldErrorsContext, fieldId, SelectField, TextField } from "../components/fields.tsx";
import type { FreeShippingRequires, MethodKind, ShippingClass } from "./api.ts";
import { shippingMessages as t } from "./messages.ts";
import { formulaText, type MethodDraft, newMethod, withKind } from "./model.ts";

const KINDS = (Object.keys(t.kinds) as MethodKind[]).map((value) => ({ value, label: t.kinds[value] }));
const REQUIRES = (Object.keys(t.requirements) as FreeShippingRequires[]).map((value) => ({ value, label: t.requirements[value] }));
const CALCULATIONS = (["class", "order"] as const).map((value) => ({ value, label: t.calculationTypes[value] }));

export function MethodsEditor({
  methods,
  currency,
  classes,
  onChange,
}: {
  methods: MethodDraft[];
  currency: string;
  /** The shop's shipping classes: a flat rate has a cost for each (decision 0106). */
  classes: readonly ShippingClass[];
  onChange(methods: MethodDraft[]): void;
}) {
  // The list's own message (no method, none always offered) sits under the legend, tied to the add button.
  const listError = useContext(FieldErrorsContext).methods;
  const change = (index: number, patch: Partial<MethodDraft>) =>
    onChange(methods.map((method, at) => (at === index ? { ...method, ...patch } : method)));
  return (
    <fieldset className="admin-card admin-fieldset">
      <legend>{t.methods}</legend>
      {listError && (
        <p id={`${fieldId("methods")}-error`} className="admin-field__error">
          {listError}
        </p>
      )}
      {methods.map((method, index) => {
        const path = (field: string) => `methods.${index}.${field}`;
        return (
          // Methods have no id until saved: their place in the list is their key.
          <fieldset key={index} className="admin-fieldset">
            <legend>{t.method(index + 1)}</legend>
            <SelectField
              path={path("method_id")}
              label={t.kind}
              value={method.method_id}
              options={KINDS}
              onChange={(value) => onChange(methods.map((m, at) => (at === index ? withKind(m, value as MethodKind) : m)))}
            />
            <TextField path={path("title")} label={t.methodTitle} value={method.title} onChange={(title) => change(index, { title })} />
            {method.method_id === "flat_rate" ? (
              <>
                <TextField
                  path={path("cost")}
                  label={t.cost(currency)}
                  hint={t.costHint(formulaText('2.5 * [qty] + [fee percent="10" min_fee="1.50"]'))}
                  value={method.cost}
                  onChange={(cost) => change(index, { cost })}
                />
                {classes.length > 0 && (
                  <fieldset className="admin-fieldset">
                    <legend>{t.classCosts}</legend>
                    <p className="admin-muted">{t.classCostsHint}</p>
                    {classes.map((shippingClass, at) => (
                      <TextField
                        key={shippingClass.id}
                        path={path(`class_costs.${at}.cost`)}
                        // The class itself refused (deleted since the page was opened): its message beside its cost.
                        also={[path(`class_costs.${at}.class_id`)]}
                        label={t.classCost(shippingClass.name)}
                        value={method.class_costs[String(shippingClass.id)] ?? ""}
                        onChange={(cost) => change(index, { class_costs: { ...method.class_costs, [String(shippingClass.id)]: cost } })}
                      />
                    ))}
                    <TextField
                      path={path("no_class_cost")}
                      label={t.noClassCost}
                      value={method.no_class_cost}
                      onChange={(no_class_cost) => change(index, { no_class_cost })}
                    />
                    <SelectField
                      path={path("calculation_type")}
                      label={t.calculationType}
                      value={method.calculation_type}
                      options={CALCULATIONS}
                      onChange={(value) => change(index, { calculation_type: value as MethodDraft["calculation_type"] })}
                    />
                  </fieldset>
                )}
                <CheckboxField
                  path={path("taxable")}
                  label={t.taxable}
                  value={method.taxable}
                  onChange={(taxable) => change(index, { taxable })}
                />
              </>
            ) : (
              <>
                <SelectField
                  path={path("requires")}
                  label={t.requires}
                  value={method.requires}
                  options={REQUIRES}
                  onChange={(value) => change(index, { requires: value as FreeShippingRequires })}
                />
                <TextField
                  path={path("min_amount")}
                  label={t.minAmount(currency)}
                  value={method.min_amount}
                  onChange={(min_amount) => change(index, { min_amount })}
                />
                <CheckboxField
                  path={path("ignore_discounts")}
                  label={t.ignoreDiscounts}
                  value={method.ignore_discounts}
                  onChange={(ignore_discounts) => change(index, { ignore_discounts })}
                />
              </>
            )}
            <CheckboxField
              path={path("enabled")}
              label={t.methodEnabled}
              value={method.enabled}
              onChange={(enabled) => change(index, { enabled })}
            />
            <button type="button" className="button button--secondary" onClick={() => onChange(methods.filter((_, at) => at !== index))}>
              {t.removeMethod(index + 1)}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        id={fieldId("methods")}
        className="button button--secondary"
        aria-describedby={listError ? `${fieldId("methods")}-error` : undefined}
        onClick={() => onChange([...methods, newMethod()])}
      >
        {t.addMethod}
      </button>
    </fieldset>
  );
}
