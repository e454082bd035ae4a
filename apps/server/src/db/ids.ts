/** Row ids as the database holds them: id columns are PostgreSQL integers (SQLite's are wider, so both answer alike). */
export const MAX_ID = 2_147_483_647;

/** Could `value` be the id of a stored row? Anything else matches no row, without asking the database (PostgreSQL would refuse the comparison). */
export const isStoredId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_ID;
