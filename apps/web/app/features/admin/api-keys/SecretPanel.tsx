/** The reveal-once panel after a key is made: its key id and secret, each with a copy button, and the warning that the secret is not shown again. */
import { useEffect, useRef } from "react";
import { useAnnounce } from "../components/feedback.tsx";
import type { CreatedApiKey } from "./api.ts";
import { apiKeysMessages as t } from "./messages.ts";

function CopyField({ id, label, copyLabel, value }: { id: string; label: string; copyLabel: string; value: string }) {
  const announce = useAnnounce();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <div className="admin-snippet">
        <input id={id} type="text" readOnly value={value} spellCheck={false} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="button button--secondary admin-button--small"
          aria-label={copyLabel}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              announce(t.copied);
            } catch {
              // No clipboard (permission, insecure origin): the text is left selected for the keyboard's copy.
              document.getElementById(id)?.focus();
              announce(t.copyFailed, "error");
            }
          }}
        >
          {t.copy}
        </button>
      </div>
    </div>
  );
}

export function SecretPanel({ made, onDone }: { made: CreatedApiKey; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-card admin-api-secret" aria-labelledby="api-secret-heading">
      <h2 id="api-secret-heading" ref={heading} tabIndex={-1}>
        {t.secretHeading}: {made.description}
      </h2>
      <p className="admin-alert admin-api-secret__warning">{t.secretWarning}</p>
      <CopyField id="api-key-id" label={t.keyIdLabel} copyLabel={t.copyKeyLabel} value={made.key_id} />
      <CopyField id="api-key-secret" label={t.secretLabel} copyLabel={t.copySecretLabel} value={made.secret} />
      <button type="button" className="button" onClick={onDone}>
        {t.done}
      </button>
    </section>
  );
}
