/** The navigation's label alone, so the console's frame carries no more of the reviews page (its texts load with it). */
export const REVIEWS_NAV_LABEL = "Reviews";
