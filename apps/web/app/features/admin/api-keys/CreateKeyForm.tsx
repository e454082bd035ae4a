/** The "Make a key" form: description, the staff member it acts as, its permission (native fields; checked here, then by the server). */
import { useState } from "react";
import { FieldErrorsContext, SelectField, TextField } from "../components/fields.tsx";
import { ErrorAlert } from "../components/page.tsx";
import { SubmitButton } from "../components/SubmitButton.tsx";
import type { StaffMember } from "../staff/api.ts";
import { apiKeysApi, type CreatedApiKey, KEY_PERMISSIONS, type KeyPermission } from "./api.ts";
import { apiKeysMessages as t } from "./messages.ts";
import { useKeyForm } from "./useKeyForm.ts";

export function CreateKeyForm({ staff, ownerId, onMade }: { staff: StaffMember[]; ownerId: number; onMade(made: CreatedApiKey): void }) {
  const [description, setDescription] = useState("");
  const [staffId, setStaffId] = useState(String(ownerId));
  const [permission, setPermission] = useState<KeyPermission>("read");
  const { formRef, errors, failure, busy, submit } = useKeyForm();

  return (
    <form
      ref={formRef}
      className="admin-card"
      noValidate
      onSubmit={(event) =>
        submit(
          event,
          description,
          (trimmed) => apiKeysApi.create({ description: trimmed, staff_id: Number(staffId), permission }),
          (made) => {
            setDescription("");
            onMade(made);
          },
        )
      }
      aria-labelledby="api-key-create-heading"
      aria-busy={busy || undefined}
    >
      <h2 id="api-key-create-heading">{t.createHeading}</h2>
      <ErrorAlert message={failure} />
      <FieldErrorsContext.Provider value={errors}>
        <TextField path="description" label={t.description} hint={t.descriptionHint} value={description} onChange={setDescription} />
        <SelectField
          path="staff_id"
          label={t.staff}
          hint={t.staffHint}
          value={staffId}
          onChange={setStaffId}
          options={staff.map((member) => ({ value: String(member.id), label: `${member.email} (${t.roles[member.role] ?? member.role})` }))}
        />
        <SelectField
          path="permission"
          label={t.permission}
          hint={t.permissionHints[permission]}
          value={permission}
          onChange={(value) => setPermission(value as KeyPermission)}
          options={KEY_PERMISSIONS.map((value) => ({ value, label: t.permissions[value] }))}
        />
      </FieldErrorsContext.Provider>
      <SubmitButton busy={busy} label={t.create} busyLabel={t.creating} />
    </form>
  );
}
