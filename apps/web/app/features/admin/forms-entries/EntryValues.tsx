/** One entry's values by their field's label in form order, then removed fields' (marked so): empty ones said so, files with their facts and download, a drawn signature as its image. */
import { formatSize } from "../messages-inbox/format.ts";
import type { EntryDetail } from "./api.ts";
import { entryMessages as t } from "./messages.ts";

export function EntryValues({ entry }: { entry: EntryDetail }) {
  return (
    <dl className="admin-details admin-entry-values">
      {entry.fields.map((field) => {
        const files = entry.files.filter((file) => file.field_id === field.id);
        return (
          <div key={field.id} className="admin-details__row">
            <dt>
              {field.label}
              {field.removed && <span className="admin-badge admin-badge--muted admin-entry-removed">{t.removedField}</span>}
            </dt>
            <dd>
              {field.image ? (
                <img className="admin-signature" src={field.image} alt={t.signatureAlt(field.label)} />
              ) : files.length > 0 ? (
                <ul className="admin-files">
                  {files.map((file) => (
                    <li key={file.id}>
                      <a href={file.url} download aria-label={t.download(file.file_name)}>
                        {file.file_name}
                      </a>{" "}
                      <span className="admin-muted">{t.fileFacts(file.content_type, formatSize(file.size))}</span>
                    </li>
                  ))}
                </ul>
              ) : field.value ? (
                <span className="admin-entry-value">{field.value}</span>
              ) : (
                <span className="admin-muted">{t.emptyValue}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
