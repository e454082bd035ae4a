/** The report call's query (GET /attribution/report). */
import { Type } from "typebox";

const Day = (description: string) => Type.String({ format: "date", description });

export const ReportQuery = Type.Object(
  {
    after: Day("First day of the range, YYYY-MM-DD (UTC), included."),
    before: Day("Last day of the range, YYYY-MM-DD (UTC), included."),
  },
  { additionalProperties: false },
);
