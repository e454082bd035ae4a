/**
 * The order-attribution record as the checkout sends it (issue 7; decision 0014): the extension
 * namespace, the field names (modelled on WooCommerce's 16) and the longest value each may hold.
 * The tracker cuts values to these lengths; the checkout call drops anything longer.
 */
export const ORDER_ATTRIBUTION_NAMESPACE = "cw/order-attribution";

export const SOURCE_TYPES = ["utm", "organic", "referral", "typein"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** A value the tracker writes for "nothing here"; never stored with an order. */
export const NO_VALUE = "(none)";

/** The longest address (referrer, entry page), campaign value and user agent the tracker keeps. */
export const ATTRIBUTION_URL_LENGTH = 1000;
export const ATTRIBUTION_TEXT_LENGTH = 200;
export const ATTRIBUTION_USER_AGENT_LENGTH = 500;

export const ORDER_ATTRIBUTION_LIMITS = {
  source_type: 20,
  referrer: ATTRIBUTION_URL_LENGTH,
  utm_campaign: ATTRIBUTION_TEXT_LENGTH,
  utm_source: ATTRIBUTION_TEXT_LENGTH,
  utm_medium: ATTRIBUTION_TEXT_LENGTH,
  utm_content: ATTRIBUTION_TEXT_LENGTH,
  utm_id: ATTRIBUTION_TEXT_LENGTH,
  utm_term: ATTRIBUTION_TEXT_LENGTH,
  utm_source_platform: ATTRIBUTION_TEXT_LENGTH,
  utm_creative_format: ATTRIBUTION_TEXT_LENGTH,
  utm_marketing_tactic: ATTRIBUTION_TEXT_LENGTH,
  session_entry: ATTRIBUTION_URL_LENGTH,
  /** "YYYY-MM-DD HH:MM:SS", UTC. */
  session_start_time: 19,
  session_pages: 9,
  session_count: 9,
  user_agent: ATTRIBUTION_USER_AGENT_LENGTH,
} as const;

export type OrderAttributionField = keyof typeof ORDER_ATTRIBUTION_LIMITS;
export const ORDER_ATTRIBUTION_FIELDS = /* @__PURE__ */ Object.keys(ORDER_ATTRIBUTION_LIMITS) as OrderAttributionField[];
