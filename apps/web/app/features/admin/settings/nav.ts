/** The settings and payments pages' names in the console's menu: on every console page, so apart from their pages' texts. */
export const SETTINGS_NAV_LABEL = "Settings";
export const PAYMENTS_NAV_LABEL = "Payments";
