import { DEFAULT_CURRENCY } from "@cartwright/commerce";
import { expect, it } from "vitest";
import { addField, newDefinition, newField } from "./model.ts";
import { previewPayload } from "./preview-payload.ts";
import { previewMarkup } from "./runtime.ts";

it("without the runtime the preview is the form only: no <style>, which the console's CSP would refuse", () => {
  expect(previewMarkup("<form></form>", null)).toBe("<form></form>");
});

it("with the runtime the payload follows as a data block under the id the runtime reads, no text able to close it", () => {
  const definition = addField({ ...newDefinition(), id: 7 }, newField("text", 2, 1, "</script><b>Name"));
  const payload = previewPayload(definition, DEFAULT_CURRENCY);
  const markup = previewMarkup("<form></form>", payload);
  const block = /<script type="application\/json" id="cwf7-payload">(.*)<\/script>$/s.exec(markup)?.[1] ?? "";
  expect(block).not.toContain("<");
  expect(JSON.parse(block).form.fields.map((f: { label: string }) => f.label)).toContain("</script><b>Name");
  expect(JSON.parse(block).token).toBe("");
});
