/** The navigation's label alone, so the console's frame carries no more of the stock page (its texts load with it). */
export const STOCK_NAV_LABEL = "Stock";
