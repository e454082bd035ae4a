/** A field's conditional logic: show or hide it when any or all rules hold; a rule compares another field's value. */
import {
  DISPLAY_ONLY_TYPES,
  type FieldLogic,
  type FormField,
  LOGIC_OPERATORS,
  type LogicOperator,
  type LogicRule,
} from "@cartwright/commerce/forms";
import { CheckboxField, SelectField, TextField } from "../components/fields.tsx";
import { fieldName, hasChoices } from "./kinds.ts";

const OPERATOR_LABELS: Record<LogicOperator, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  ">": "is greater than",
  "<": "is less than",
  empty: "is empty",
  not_empty: "is not empty",
};

interface Props {
  path: string;
  field: FormField;
  fields: FormField[];
  onChange(logic: FieldLogic | undefined): void;
}

export function LogicEditor({ path, field, fields, onChange }: Props) {
  const sources = fields.filter((other) => other.id !== field.id && !DISPLAY_ONLY_TYPES.includes(other.type));
  const logic = field.logic;
  const firstRule = (): LogicRule => {
    const source = sources[0];
    return { field: source?.id ?? 0, operator: "is", value: source && hasChoices(source) ? String(source.choices[0]?.id ?? "") : "" };
  };
  const setRule = (index: number, patch: Partial<LogicRule>) =>
    logic && onChange({ ...logic, rules: logic.rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)) });
  return (
    <fieldset className="admin-fieldset builder-logic">
      <legend>Conditional logic</legend>
      <CheckboxField
        path={`${path}.logic`}
        label="Show or hide this field by other fields' values"
        hint="A loop (two fields each shown by the other) is refused when saving."
        value={Boolean(logic)}
        onChange={(on) => onChange(on ? { action: "show", match: "all", rules: [firstRule()] } : undefined)}
      />
      {logic && sources.length === 0 && <p className="admin-muted">Add a field the visitor fills in first: rules compare its value.</p>}
      {logic && (
        <>
          <div className="admin-fieldset--row">
            <SelectField
              path={`${path}.logic.action`}
              label="Action"
              value={logic.action}
              options={[
                { value: "show", label: "Show this field" },
                { value: "hide", label: "Hide this field" },
              ]}
              onChange={(action) => onChange({ ...logic, action: action as FieldLogic["action"] })}
            />
            <SelectField
              path={`${path}.logic.match`}
              label="When"
              value={logic.match}
              options={[
                { value: "all", label: "all rules hold" },
                { value: "any", label: "any rule holds" },
              ]}
              onChange={(match) => onChange({ ...logic, match: match as FieldLogic["match"] })}
            />
          </div>
          {logic.rules.map((rule, index) => {
            const at = `${path}.logic.rules.${index}`;
            const source = fields.find((other) => other.id === rule.field);
            const needsValue = rule.operator !== "empty" && rule.operator !== "not_empty";
            return (
              <fieldset key={index} className="admin-fieldset admin-fieldset--row builder-rule">
                <legend>{`Rule ${index + 1}`}</legend>
                <SelectField
                  path={`${at}.field`}
                  label="Field"
                  value={String(rule.field)}
                  options={[
                    ...(source ? [] : [{ value: String(rule.field), label: "Choose a field" }]),
                    ...sources.map((other) => ({ value: String(other.id), label: fieldName(other) })),
                  ]}
                  onChange={(id) => {
                    const next = fields.find((other) => other.id === Number(id));
                    setRule(index, { field: Number(id), value: next && hasChoices(next) ? String(next.choices[0]?.id ?? "") : "" });
                  }}
                />
                <SelectField
                  path={`${at}.operator`}
                  label="Operator"
                  value={rule.operator}
                  options={LOGIC_OPERATORS.map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
                  onChange={(operator) => {
                    const next = operator as LogicOperator;
                    setRule(
                      index,
                      next === "empty" || next === "not_empty"
                        ? { operator: next, value: undefined }
                        : { operator: next, value: rule.value ?? "" },
                    );
                  }}
                />
                {needsValue &&
                  (source && hasChoices(source) && (rule.operator === "is" || rule.operator === "is_not") ? (
                    <SelectField
                      path={`${at}.value`}
                      label="Choice"
                      value={rule.value ?? ""}
                      options={[
                        // A removed choice (or a value typed for another operator) is shown as unchosen, never as the first choice.
                        ...(source.choices.some((choice) => String(choice.id) === rule.value)
                          ? []
                          : [{ value: rule.value ?? "", label: "Choose a choice" }]),
                        ...source.choices.map((choice) => ({ value: String(choice.id), label: choice.label })),
                      ]}
                      onChange={(value) => setRule(index, { value })}
                    />
                  ) : (
                    <TextField
                      path={`${at}.value`}
                      label="Value"
                      value={rule.value ?? ""}
                      onChange={(value) => setRule(index, { value })}
                    />
                  ))}
                <button
                  type="button"
                  className="admin-link-button admin-link-button--danger"
                  disabled={logic.rules.length <= 1}
                  onClick={() => onChange({ ...logic, rules: logic.rules.filter((_, i) => i !== index) })}
                >
                  {`Remove rule ${index + 1}`}
                </button>
              </fieldset>
            );
          })}
          <button
            type="button"
            className="button button--secondary admin-button--small"
            onClick={() => onChange({ ...logic, rules: [...logic.rules, firstRule()] })}
          >
            Add rule
          </button>
        </>
      )}
    </fieldset>
  );
}
