/** One form's embed tag in the forms list: a read-only field the owner can select, and a copy button that says what happened. */
import { useAnnounce } from "../components/feedback.tsx";
import { formEmbedSnippet } from "./format.ts";
import { formListMessages as t } from "./messages.ts";

export function EmbedTag({ origin, slug, title, formId }: { origin: string; slug: string; title: string; formId: number }) {
  const announce = useAnnounce();
  const snippet = formEmbedSnippet(origin, slug);
  const inputId = `form-embed-${formId}`;
  return (
    <div className="admin-snippet admin-snippet--compact">
      <input
        id={inputId}
        type="text"
        readOnly
        value={snippet}
        aria-label={t.embedLabel(title)}
        onFocus={(event) => event.target.select()}
      />
      <button
        type="button"
        className="button button--secondary admin-button--small"
        aria-label={t.copyLabel(title)}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(snippet);
            announce(t.copied);
          } catch {
            // No clipboard (permission, insecure origin): the tag is left selected for the keyboard's copy.
            document.getElementById(inputId)?.focus();
            announce(t.copyFailed, "error");
          }
        }}
      >
        {t.copy}
      </button>
    </div>
  );
}
