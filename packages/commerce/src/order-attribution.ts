/**
 * The order-attribution record as the checkout sends it (issue 7; decision 0014): the extension
 * namespace, the field names (modelled on WooCommerce's 16) and the longest value each may hold.
 * The storefront's tracker cuts values to these lengths; the server refuses anything longer.
 */
export const ORDER_ATTRIBUTION_NAMESPACE = "cw/order-attribution";

export const SOURCE_TYPES = ["utm", "organic", "referral", "typein"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** A value the tracker writes for "nothing here"; never stored with an order. */
export const NO_VALUE = "(none)";

const URL_LENGTH = 1000;
const TEXT_LENGTH = 200;

export const ORDER_ATTRIBUTION_LIMITS = {
  source_type: 20,
  referrer: URL_LENGTH,
  utm_campaign: TEXT_LENGTH,
  utm_source: TEXT_LENGTH,
  utm_medium: TEXT_LENGTH,
  utm_content: TEXT_LENGTH,
  utm_id: TEXT_LENGTH,
  utm_term: TEXT_LENGTH,
  utm_source_platform: TEXT_LENGTH,
  utm_creative_format: TEXT_LENGTH,
  utm_marketing_tactic: TEXT_LENGTH,
  session_entry: URL_LENGTH,
  /** "YYYY-MM-DD HH:MM:SS", UTC. */
  session_start_time: 19,
  session_pages: 9,
  session_count: 9,
  user_agent: 500,
} as const;

export type OrderAttributionField = keyof typeof ORDER_ATTRIBUTION_LIMITS;
export const ORDER_ATTRIBUTION_FIELDS = /* @__PURE__ */ Object.keys(ORDER_ATTRIBUTION_LIMITS) as OrderAttributionField[];
