/** Where the widget may run besides the shop (allowed origins), and the one tag that embeds it there. */
import { useState } from "react";
import { FieldFrame } from "../components/fields.tsx";
import { editorMessages as t } from "../messages.ts";

/** The one-tag embed (contract of issue 16: GET /widget/{id}.js on the shop). */
export function embedSnippet(shopOrigin: string, id: number): string {
  return `<script src="${shopOrigin}/widget/${id}.js" async></script>`;
}

interface EmbedSectionProps {
  id: number | undefined;
  shopOrigin: string;
  origins: string[];
  widgetToken: string;
  onChange(origins: string[]): void;
}

export function EmbedSection({ id, shopOrigin, origins, widgetToken, onChange }: EmbedSectionProps) {
  const [copied, setCopied] = useState<"" | "ok" | "failed">("");
  const snippet = id ? embedSnippet(shopOrigin, id) : "";
  // The textarea keeps what is typed (blank lines too); the list sent drops the blanks.
  const [text, setText] = useState(origins.join("\n"));
  return (
    <>
      <FieldFrame path="allowed_origins" label={t.allowedOrigins} hint={t.allowedOriginsHint} nested>
        {(aria) => (
          <textarea
            {...aria}
            rows={3}
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onChange(
                event.target.value
                  .split("\n")
                  .map((line) => line.trim())
                  .filter(Boolean),
              );
            }}
          />
        )}
      </FieldFrame>
      <div className="admin-field">
        {snippet ? (
          <>
            <label htmlFor="embed-snippet">{t.snippet}</label>
            <p id="embed-snippet-hint" className="admin-field__hint">
              {t.snippetHint}
            </p>
            <div className="admin-snippet">
              <input
                id="embed-snippet"
                type="text"
                readOnly
                value={snippet}
                aria-describedby="embed-snippet-hint"
                onFocus={(event) => event.target.select()}
              />
              <button
                type="button"
                className="button button--secondary admin-button--small"
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(snippet);
                    setCopied("ok");
                  } catch {
                    setCopied("failed");
                    document.getElementById("embed-snippet")?.focus();
                  }
                }}
              >
                {t.copy}
              </button>
              <span role="status" className="admin-muted">
                {copied === "ok" ? t.copied : copied === "failed" ? t.copyFailed : ""}
              </span>
            </div>
          </>
        ) : (
          <>
            <p className="admin-field__label">{t.snippet}</p>
            <p className="admin-field__hint">{t.snippetAfterSave}</p>
          </>
        )}
      </div>
      {widgetToken && (
        <div className="admin-field">
          <label htmlFor="widget-token">{t.widgetToken}</label>
          <input id="widget-token" type="text" readOnly value={widgetToken} />
        </div>
      )}
    </>
  );
}
