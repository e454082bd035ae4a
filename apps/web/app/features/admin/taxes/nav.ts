/** The taxes page's name in the console's navigation: apart from messages.ts, so the frame loaded on every console page stays small. */
export const TAXES_NAV_LABEL = "Taxes";
