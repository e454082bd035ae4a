/** The API keys page's name in the console's navigation, apart from the page's texts so that the frame carries only this. */
export const API_KEYS_NAV_LABEL = "API keys";
