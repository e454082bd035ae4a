/** Each field kind's own settings, under the common ones; every control named by the server's path for it. */
import type { Currency } from "@cartwright/commerce";
import { ALLOWED_EXTENSIONS, type FormField, UPLOAD_BOUNDS } from "@cartwright/commerce/forms";
import { CheckboxField, NumberField, SelectField, TextField } from "../components/fields.tsx";
import { ChoicesEditor } from "./ChoicesEditor.tsx";
import { BoundField, LinesField, MoneyField, OptionalNumberField } from "./controls.tsx";
import { Extensions, IMAGE_EXTENSIONS, MaxSize } from "./FileSettings.tsx";
import { fieldName } from "./kinds.ts";

interface Props {
  path: string;
  field: FormField;
  fields: FormField[];
  currency: Currency;
  onChange(patch: Partial<FormField>): void;
}

export function KindSettings({ path, field, fields, currency, onChange }: Props) {
  const p = (key: string) => `${path}.${key}`;
  const set = (patch: Record<string, unknown>) => onChange(patch as Partial<FormField>);
  switch (field.type) {
    case "name":
      return (
        <SelectField
          path={p("format")}
          label="Name format"
          value={field.format}
          options={[
            { value: "first-last", label: "First and last name" },
            { value: "simple", label: "One input" },
          ]}
          onChange={(format) => set({ format })}
        />
      );
    case "email":
      return (
        <>
          <CheckboxField
            path={p("confirmation")}
            label="Ask for the address twice"
            value={field.confirmation}
            onChange={(confirmation) => set({ confirmation })}
          />
          <CheckboxField
            path={p("suggestTypos")}
            label="Suggest a fix for a mistyped domain"
            value={field.suggestTypos}
            onChange={(suggestTypos) => set({ suggestTypos })}
          />
          {field.suggestTypos && (
            <LinesField
              path={p("suggestionDomains")}
              label="Your own domains to suggest too (one per line)"
              hint="Besides the common webmail ones, e.g. your company's domain."
              value={field.suggestionDomains ?? []}
              onChange={(suggestionDomains) => set({ suggestionDomains })}
            />
          )}
          <LinesField
            path={p("restrictedDomains")}
            label="Domains refused (one per line)"
            hint="Their subdomains are refused too."
            value={field.restrictedDomains}
            onChange={(restrictedDomains) => set({ restrictedDomains })}
          />
        </>
      );
    case "text":
    case "textarea":
    case "tel":
      return (
        <>
          {field.type !== "tel" && (
            <OptionalNumberField
              path={p("maxLength")}
              label="Character limit"
              min={1}
              value={field.maxLength}
              onChange={(maxLength) => set({ maxLength })}
            />
          )}
          {field.type !== "textarea" && (
            <TextField
              path={p("inputMask")}
              label="Input mask"
              hint="9 a digit, a a letter, * either; other characters are written as they are, e.g. (999) 999-9999."
              value={field.inputMask ?? ""}
              onChange={(inputMask) => set({ inputMask: inputMask || undefined })}
            />
          )}
        </>
      );
    case "number":
      return (
        <div className="admin-fieldset--row">
          <BoundField path={p("min")} label="Smallest" value={field.min} onChange={(min) => set({ min })} />
          <BoundField path={p("max")} label="Largest" value={field.max} onChange={(max) => set({ max })} />
          <BoundField path={p("step")} label="Step" value={field.step} onChange={(step) => set({ step })} />
        </div>
      );
    case "password":
      return (
        <>
          <CheckboxField
            path={p("confirmation")}
            label="Ask for the password twice"
            value={field.confirmation}
            onChange={(confirmation) => set({ confirmation })}
          />
          <SelectField
            path={p("minStrength")}
            label="Strength needed"
            value={String(field.minStrength)}
            options={[
              { value: "0", label: "Any" },
              { value: "1", label: "Weak" },
              { value: "2", label: "Medium" },
              { value: "3", label: "Strong" },
            ]}
            onChange={(value) => set({ minStrength: Number(value) })}
          />
        </>
      );
    case "select":
    case "radio":
    case "checkbox":
    case "image-choice":
    case "payment-multiple":
    case "payment-select":
    case "payment-checkbox": {
      const priced = field.type.startsWith("payment-");
      const images = field.type === "image-choice" || ("showImages" in field && field.showImages);
      return (
        <>
          {"multiple" in field && (
            <CheckboxField
              path={p("multiple")}
              label="Several may be chosen"
              value={field.multiple}
              onChange={(multiple) => set({ multiple })}
            />
          )}
          {"choiceLimit" in field && (
            <NumberField
              path={p("choiceLimit")}
              label="Most choices checked (0: no limit)"
              min={0}
              max={field.choices.length}
              value={field.choiceLimit}
              onChange={(choiceLimit) => set({ choiceLimit })}
            />
          )}
          {"showImages" in field && (
            <CheckboxField
              path={p("showImages")}
              label="Show the choices' images"
              value={field.showImages}
              onChange={(showImages) => set({ showImages })}
            />
          )}
          <ChoicesEditor
            path={path}
            choices={field.choices}
            priced={priced}
            images={images}
            currency={currency}
            onChange={(choices) => set({ choices })}
          />
        </>
      );
    }
    case "date":
      return (
        <div className="admin-fieldset--row">
          <TextField
            path={p("minDate")}
            label="Earliest date (YYYY-MM-DD)"
            value={field.minDate ?? ""}
            onChange={(minDate) => set({ minDate: minDate || undefined })}
          />
          <TextField
            path={p("maxDate")}
            label="Latest date (YYYY-MM-DD)"
            value={field.maxDate ?? ""}
            onChange={(maxDate) => set({ maxDate: maxDate || undefined })}
          />
          <OptionalNumberField
            path={p("minDaysAhead")}
            label="Days ahead at least"
            min={0}
            value={field.minDaysAhead}
            onChange={(minDaysAhead) => set({ minDaysAhead })}
          />
        </div>
      );
    case "time":
      return (
        <>
          <SelectField
            path={p("format")}
            label="Time format"
            value={field.format}
            options={[
              { value: "12h", label: "12-hour (2:30 PM)" },
              { value: "24h", label: "24-hour (14:30)" },
            ]}
            onChange={(format) => set({ format })}
          />
          <div className="admin-fieldset--row">
            <TextField
              path={p("minTime")}
              label="From (HH:MM, 24-hour)"
              value={field.minTime ?? ""}
              onChange={(minTime) => set({ minTime: minTime || undefined })}
            />
            <TextField
              path={p("maxTime")}
              label="Until (HH:MM, 24-hour)"
              value={field.maxTime ?? ""}
              onChange={(maxTime) => set({ maxTime: maxTime || undefined })}
            />
          </div>
        </>
      );
    case "rating":
      return (
        <NumberField path={p("scale")} label="Number of stars" min={2} max={10} value={field.scale} onChange={(scale) => set({ scale })} />
      );
    case "likert":
      return (
        <>
          <LinesField path={p("rows")} label="Rows (one statement per line)" value={field.rows} onChange={(rows) => set({ rows })} />
          <LinesField
            path={p("columns")}
            label="Columns (one answer per line)"
            value={field.columns}
            onChange={(columns) => set({ columns })}
          />
          <CheckboxField
            path={p("multiple")}
            label="Several answers per row"
            value={field.multiple}
            onChange={(multiple) => set({ multiple })}
          />
        </>
      );
    case "camera":
      return (
        <>
          <Extensions path={path} value={field.extensions} allowed={IMAGE_EXTENSIONS} onChange={(extensions) => set({ extensions })} />
          <MaxSize path={path} value={field.maxFileBytes} onChange={(maxFileBytes) => set({ maxFileBytes })} />
        </>
      );
    case "file-upload":
      return (
        <>
          <Extensions path={path} value={field.extensions} allowed={ALLOWED_EXTENSIONS} onChange={(extensions) => set({ extensions })} />
          <MaxSize path={path} value={field.maxFileBytes} onChange={(maxFileBytes) => set({ maxFileBytes })} />
          <NumberField
            path={p("maxFiles")}
            label="Most files"
            min={1}
            max={UPLOAD_BOUNDS.maxFiles}
            value={field.maxFiles}
            onChange={(maxFiles) => set({ maxFiles })}
          />
        </>
      );
    case "address":
      return (
        <>
          <LinesField
            path={p("preferredCountries")}
            label="Countries listed first (codes, one per line)"
            value={field.preferredCountries}
            onChange={(preferredCountries) => set({ preferredCountries: preferredCountries.map((c) => c.toUpperCase()) })}
          />
          <TextField
            path={p("defaultCountry")}
            label="Country chosen at first (code)"
            value={field.defaultCountry ?? ""}
            onChange={(code) => set({ defaultCountry: code.toUpperCase() || undefined })}
          />
          <CheckboxField
            path={p("address2")}
            label="Show a second address line"
            value={field.address2}
            onChange={(address2) => set({ address2 })}
          />
        </>
      );
    case "payment-single":
      return (
        <MoneyField
          path={p("priceMinor")}
          label="Price"
          currency={currency}
          value={field.priceMinor}
          onChange={(priceMinor) => set({ priceMinor })}
        />
      );
    case "payment-quantity": {
      const targets = fields.filter((other) => ["payment-single", "payment-multiple", "payment-select"].includes(other.type));
      return (
        <>
          <SelectField
            path={p("forField")}
            label="Quantity of"
            value={String(field.forField)}
            options={[
              ...(targets.some((t) => t.id === field.forField) ? [] : [{ value: String(field.forField), label: "Choose a payment field" }]),
              ...targets.map((t) => ({ value: String(t.id), label: fieldName(t) })),
            ]}
            onChange={(id) => set({ forField: Number(id) })}
          />
          <div className="admin-fieldset--row">
            <NumberField path={p("min")} label="Fewest" min={0} max={1000} value={field.min} onChange={(min) => set({ min })} />
            <NumberField path={p("max")} label="Most" min={1} max={1000} value={field.max} onChange={(max) => set({ max })} />
          </div>
        </>
      );
    }
    case "payment-user-amount":
      return (
        <MoneyField
          path={p("minimumMinor")}
          label="Smallest amount"
          currency={currency}
          value={field.minimumMinor}
          onChange={(minimumMinor) => set({ minimumMinor })}
        />
      );
    case "payment-total":
      return (
        <CheckboxField
          path={p("summary")}
          label="Show the order summary above the total"
          value={field.summary}
          onChange={(summary) => set({ summary })}
        />
      );
    case "checkbox-terms":
      return (
        <TextField path={p("text")} label="Terms text beside the box" multiline value={field.text} onChange={(text) => set({ text })} />
      );
    case "html":
      return (
        <TextField
          path={p("content")}
          label="HTML content"
          hint="Shown sanitised: scripts, styles and event attributes are removed."
          multiline
          rows={6}
          value={field.content}
          onChange={(content) => set({ content })}
        />
      );
    default:
      return null;
  }
}
