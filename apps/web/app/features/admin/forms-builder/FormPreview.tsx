/** The preview as visitors see it (filled in once the shared renderer is merged). */
import type { Currency } from "@cartwright/commerce";
import type { FormDefinition } from "@cartwright/commerce/forms";
import { builderMessages as t } from "./messages.ts";

export function FormPreview({ definition }: { definition: FormDefinition; currency: Currency; page: number }) {
  return (
    <section className="admin-preview" aria-labelledby="builder-preview-title">
      <h2 id="builder-preview-title">{t.preview}</h2>
      <p className="admin-muted">{t.previewHint}</p>
      <p>{definition.title}</p>
    </section>
  );
}
