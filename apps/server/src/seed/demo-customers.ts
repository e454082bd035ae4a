/** The demo shop's customer (shared/DEMO.md "Accounts"). These credentials exist only in the demo seed. */
export const DEMO_CUSTOMERS = [
  {
    email: "jane@example.com",
    password: "demo-jane-2026",
    firstName: "Jane",
    lastName: "Doe",
    address: {
      first_name: "Jane",
      last_name: "Doe",
      company: "",
      address_1: "1 Market Street",
      address_2: "Suite 300",
      city: "San Francisco",
      state: "CA",
      postcode: "94105",
      country: "US",
      phone: "415-555-0134",
    },
    /** One saved test card (a token; the card itself is never stored). */
    savedCard: { gateway: "test_card", brand: "Visa", last4: "4242", expiryMonth: 12, expiryYear: 2030 },
  },
] as const;
