/** The inline tracking script and its settings for one page (server only: the script text stays out of the bundles). */
import source from "virtual:cw-attribution-script";
import type { ShopSettings } from "../../../../server/src/modules/settings/index.ts";
import type { AttributionScriptProps } from "./AttributionScript.tsx";
import { trackerConfig } from "./config.ts";

/** With attribution off the element stays (so the page hydrates the same) but is empty. */
export function attributionScriptFor(settings: ShopSettings, nonce: string): AttributionScriptProps {
  const config = trackerConfig(settings);
  return config ? { source, config: JSON.stringify(config), nonce } : { source: "", config: "", nonce };
}
