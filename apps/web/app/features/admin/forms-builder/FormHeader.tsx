/** The form's title, slug (made from the title while the form is new and the slug untouched) and status. */
import type { FormDefinition } from "@cartwright/commerce/forms";
import { useState } from "react";
import { SelectField, TextField } from "../components/fields.tsx";
import type { FormInput, FormStatus } from "./api.ts";
import { builderMessages as t } from "./messages.ts";
import { slugFrom } from "./model.ts";

interface Props {
  draft: FormInput;
  isNew: boolean;
  onChange(patch: Partial<FormInput>): void;
  onDefinition(patch: Partial<FormDefinition>): void;
}

export function FormHeader({ draft, isNew, onChange, onDefinition }: Props) {
  const [slugTouched, setSlugTouched] = useState(!isNew || draft.definition.slug !== "");
  const { title, slug } = draft.definition;
  return (
    <div className="admin-card">
      <TextField
        path="title"
        label={t.formTitle}
        value={title}
        onChange={(next) => onDefinition(slugTouched ? { title: next } : { title: next, slug: slugFrom(next) })}
      />
      <TextField
        path="slug"
        label={t.slug}
        hint={t.slugHint}
        value={slug}
        onChange={(next) => {
          setSlugTouched(true);
          onDefinition({ slug: next });
        }}
      />
      <SelectField
        path="status"
        label={t.status}
        value={draft.status}
        options={[
          { value: "draft", label: t.draft },
          { value: "published", label: t.published },
        ]}
        onChange={(status) => onChange({ status: status as FormStatus })}
      />
    </div>
  );
}
