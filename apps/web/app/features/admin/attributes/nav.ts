/** The navigation's label for the attribute pages, apart from their texts so the console's shell carries only this. */
export const ATTRIBUTES_NAV_LABEL = "Attributes";
