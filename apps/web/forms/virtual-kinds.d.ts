/** The kind modules present when the runtime was built (scripts/build-forms.ts writes the module). */
declare module "virtual:cwf-kinds" {
  import type { FormField } from "@cartwright/commerce/forms";
  import type { KindContext } from "./kinds/context.ts";
  export const KIND_MODULES: Record<string, () => Promise<{ enhance(container: HTMLElement, field: FormField, ctx: KindContext): void }>>;
}
