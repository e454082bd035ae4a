/** The navigation's label for webhooks, on its own so the console's shell loads none of the pages' texts. */
export const WEBHOOKS_NAV_LABEL = "Webhooks";
