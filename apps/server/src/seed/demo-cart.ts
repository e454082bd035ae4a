/** The coupons, taxes, shipping and pickup of shared/DEMO.md. */
export const DEMO_COUPONS = [
  { code: "save10", description: "10 % off the cart", type: "percent", amount: 1000 },
  { code: "5off", description: "5.00 off the cart", type: "fixed_cart", amount: 500 },
  { code: "freeship", description: "Free shipping", type: "fixed_cart", amount: 0, free_shipping: 1 },
  { code: "tshirt2", description: "2.00 off each Classic T-Shirt", type: "fixed_product", amount: 200, productSlugs: ["classic-t-shirt"] },
  { code: "once", description: "10 % off, usage limit 1 in total", type: "percent", amount: 1000, usage_limit: 1 },
  { code: "expired", description: "10 % off, expired", type: "percent", amount: 1000, expires_at: "2024-01-01T00:00:00.000Z" },
  { code: "min50", description: "10 % off, minimum spend 50.00", type: "percent", amount: 1000, minimum_spend: 5000 },
] as const;

export const DEMO_TAX_RATES = [
  { country: "US", state: "CA", rate: "7.2500", name: "CA Tax" },
  { country: "US", state: "NY", rate: "4.0000", name: "NY Tax" },
  { country: "GB", state: "", rate: "20.0000", name: "VAT" },
  { country: "DE", state: "", rate: "19.0000", name: "MwSt" },
];

export const DEMO_ZONES = [
  {
    name: "United States",
    locations: [{ type: "country", code: "US" }],
    methods: [
      { method_id: "flat_rate", title: "Flat rate", settings: { cost: 500, taxable: true } },
      { method_id: "free_shipping", title: "Free shipping", settings: { requires: "either", minAmount: 10000, ignoreDiscounts: false } },
    ],
  },
  {
    name: "Europe",
    locations: ["GB", "DE", "FR", "NL", "ES", "IT"].map((code) => ({ type: "country", code })),
    methods: [{ method_id: "flat_rate", title: "Flat rate", settings: { cost: 1500, taxable: true } }],
  },
];

/** Methods of the zone for everywhere else (zone id null). */
export const DEMO_REST_OF_WORLD = [{ method_id: "flat_rate", title: "Flat rate", settings: { cost: 2500, taxable: true } }];

export const DEMO_LOCAL_PICKUP = {
  enabled: true,
  title: "Local pickup",
  cost: 0,
  taxable: false,
  locations: [
    {
      name: "Main Street Store",
      address: { address_1: "100 Main Street", city: "Springfield", state: "CA", postcode: "90001", country: "US" },
      details: "Open every day 9am–6pm.",
      enabled: true,
    },
    {
      name: "Harbor Warehouse",
      address: { address_1: "7 Dock Road", city: "Bayview", state: "CA", postcode: "94000", country: "US" },
      details: "Weekdays 8am–4pm, ring at the loading bay.",
      enabled: true,
    },
  ],
};
