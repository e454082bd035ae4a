/** The report call's query (GET /attribution/report) and the consent page view's body (POST /attribution/page-view). */
import { type TSchema, Type } from "typebox";
import type { AttributionReportLine } from "./attribution.service.ts";

const Day = (description: string) => Type.String({ format: "date", description });

export const ReportQuery = Type.Object(
  {
    after: Day("First day of the range, YYYY-MM-DD (UTC), included."),
    before: Day("Last day of the range, YYYY-MM-DD (UTC), included."),
  },
  { additionalProperties: false },
);

/** Longer addresses are cut to the checkout's limit when kept; this only bounds the request. */
const Address = (description: string, minLength: number) => Type.String({ minLength, maxLength: 8192, description });

export const PageViewBody = Type.Object(
  {
    url: Address("The page's address (location.href): a page of this shop.", 1),
    referrer: Address("The page's referrer (document.referrer); empty when none.", 0),
  },
  { additionalProperties: false },
);

/** The report's reply, documented only (decision 0173). */
export const ReportReply = Type.Object({
  after: Type.String({ format: "date" }),
  before: Type.String({ format: "date" }),
  lines: Type.Array(
    Type.Object({
      source_type: Type.String(),
      source: Type.String(),
      origin: Type.String({ description: "The origin as the console shows it" }),
      orders: Type.Integer(),
      total: Type.String({ description: "Minor units, as a string like every amount of the Store API" }),
      currency_code: Type.String(),
    } satisfies Record<keyof AttributionReportLine, TSchema>),
    { description: "Most orders first" },
  ),
});
