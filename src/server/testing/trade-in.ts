import "server-only";

/** A trade-in lead as the lookup form sends it: ABC123's 2019 Corolla, 84,000 km, good (the lookup and valuation tests). */
export const TRADE_IN_LEAD = {
  form: "trade-in",
  first_name: "Mary",
  last_name: "Smith",
  email: "mary@example.com",
  phone: "0412 345 678",
  postcode: "3134",
  trade_vehicle: "2019 Toyota Corolla Ascent Sport",
  odometer: "84000",
  Rego: "ABC123",
  state: "vic",
  trade_in_vehicle: {
    source: "autograb",
    make: "Toyota",
    model: "Corolla",
    year: 2019,
    vin: "JTNKU3JE60J012345",
    rego: "ABC123",
    state: "vic",
    odometer: 84000,
    condition: "Good",
  },
} as const;
