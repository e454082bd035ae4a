/**
 * A key's editor, opened in place under its row: its description and permission (its staff member and
 * secret stay). The server's field messages beside their fields; Escape or Cancel closes it unsaved.
 */
import { type KeyboardEvent, useEffect, useState } from "react";
import { FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import { type ApiKey, apiKeysApi, KEY_PERMISSIONS, type KeyPermission } from "./api.ts";
import { apiKeysMessages as t } from "./messages.ts";
import { useKeyForm } from "./useKeyForm.ts";

export function EditKeyForm({ apiKey, onSaved, onCancel }: { apiKey: ApiKey; onSaved(saved: ApiKey): void; onCancel(): void }) {
  const [description, setDescription] = useState(apiKey.description);
  const [permission, setPermission] = useState<KeyPermission>(apiKey.permission);
  // Each editor's fields by the key's id, apart from the "Make a key" form's.
  const path = (field: string) => `api-key-${apiKey.id}.${field}`;
  const { formRef, errors, failure, busy, submit } = useKeyForm(path);
  const headingId = `api-key-edit-${apiKey.id}-heading`;

  useEffect(() => formRef.current?.querySelector<HTMLElement>("input")?.focus(), [formRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Escape" && !busy) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      ref={formRef}
      id={`api-key-edit-${apiKey.id}`}
      className="admin-api-keys__edit"
      noValidate
      onSubmit={(event) =>
        submit(event, description, (trimmed) => apiKeysApi.update(apiKey.id, { description: trimmed, permission }), onSaved)
      }
      onKeyDown={onKeyDown}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <h3 id={headingId}>{t.editHeading(apiKey.description)}</h3>
      <ErrorAlert message={failure} />
      <FieldErrorsContext.Provider value={errors}>
        <TextField
          path={path("description")}
          label={t.description}
          hint={t.descriptionHint}
          value={description}
          onChange={setDescription}
        />
        <SelectField
          path={path("permission")}
          label={t.permission}
          hint={t.permissionHints[permission]}
          value={permission}
          onChange={(value) => setPermission(value as KeyPermission)}
          options={KEY_PERMISSIONS.map((value) => ({ value, label: t.permissions[value] }))}
        />
      </FieldErrorsContext.Provider>
      <div className="admin-api-keys__edit-actions">
        <SubmitButton busy={busy} label={t.save} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
