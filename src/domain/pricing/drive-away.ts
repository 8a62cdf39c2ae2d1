import { formatPrice } from "../format/price";
import { own } from "../own";

/*
 * The estimated drive-away price of a car advertised "Excl. Govt. Charges" in Australia
 * (docs/features/finance.md): what the shopper will pay once the state's stamp duty, twelve months'
 * registration, compulsory third party insurance (CTP) and number plates are added, with the dealer's
 * delivery charge. Australian Consumer Law expects that figure to be findable beside such a price.
 *
 * The figures are INDICATIVE, taken for the 2025-26 financial year from each state's revenue office and
 * transport authority (named per state below). Assumptions, the same in every state: a new light
 * passenger car bought for private use, garaged in the capital's metro area, four cylinders or fewer
 * where the fuel is petrol or diesel, 1,155-1,504 kg tare where registration goes by weight. To update
 * a figure, change its state's table here and its date; the table tests say what each formula gives.
 */

export const AU_STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"] as const;
export type AuState = (typeof AU_STATES)[number];

export const isAuState = (v: unknown): v is AuState => typeof v === "string" && (AU_STATES as readonly string[]).includes(v);

const STATE_NAMES: Record<AuState, string> = {
  NSW: "New South Wales",
  VIC: "Victoria",
  QLD: "Queensland",
  WA: "Western Australia",
  SA: "South Australia",
  TAS: "Tasmania",
  ACT: "Australian Capital Territory",
  NT: "Northern Territory",
};
export const stateName = (s: AuState) => STATE_NAMES[s];

/** A location's state as addresses write it ("VIC", "Vic", "Victoria") → its code; null when it is none of the eight. */
export function auStateOf(text: string | null | undefined): AuState | null {
  const t = text?.trim().toUpperCase().replace(/\./g, "") ?? "";
  if (isAuState(t)) return t;
  const byName = (Object.keys(STATE_NAMES) as AuState[]).find((s) => STATE_NAMES[s].toUpperCase() === t);
  return byName ?? null;
}

/** What the duty formulas need to know about the car's engine. */
export type Powertrain = "electric" | "hybrid" | "combustion";

/** "Electric" → electric; "Hybrid" and "Plug-in Hybrid" → hybrid; petrol, diesel, LPG or unknown → combustion. */
export function powertrainOf(fuel: string | null | undefined): Powertrain {
  const f = fuel?.toLowerCase() ?? "";
  if (f.includes("hybrid")) return "hybrid";
  if (/\belectric\b|\bev\b|\bbev\b/.test(f)) return "electric";
  return "combustion";
}

/** `rate` dollars for every `per` dollars of `value` or part of it, the way duty tables are written. */
const perPart = (value: number, rate: number, per = 100) => Math.ceil(value / per) * rate;

type StateTable = {
  /** stamp duty on the dutiable value (the price with GST and the delivery charge) */
  duty: (value: number, power: Powertrain) => number;
  /** 12 months' registration with its fees and levies, for the car's powertrain */
  registration: (power: Powertrain) => number;
  /** the CTP premium, or 0 where the state's registration includes it */
  ctp: number;
  ctpLabel: string;
  plates: number;
  /** the pages the figures were taken from */
  sources: Array<{ name: string; url: string }>;
  /** when the figures were taken (YYYY-MM-DD) */
  taken: string;
};

const FY_2025_26 = "2025-07-01";

/**
 * Each state's figures and formulas. The duty formulas follow each revenue office's published
 * rates; registration, CTP and plates are round metro figures for a private car.
 */
export const DRIVE_AWAY_TABLES: Record<AuState, StateTable> = {
  // $3 per $100 up to $45,000, then $1,350 + $5 per $100 above; electric cars pay the same since the
  // EV duty rebate ended (1 September 2023). CTP is a separate "green slip" bought from an insurer.
  NSW: {
    duty: (v) => (v <= 45_000 ? perPart(v, 3) : 1_350 + perPart(v - 45_000, 5)),
    registration: () => 522,
    ctp: 620,
    ctpLabel: "CTP green slip (estimate)",
    plates: 48,
    sources: [
      { name: "Revenue NSW, Motor vehicle duty", url: "https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/motor-vehicle-duty" },
      {
        name: "Transport for NSW, Registration costs",
        url: "https://www.nsw.gov.au/driving-boating-and-transport/vehicle-registration/fees-concessions-and-discounts",
      },
    ],
    taken: FY_2025_26,
  },
  // per $200 of the whole value: $8.40 up to the luxury threshold ($80,567), $10.40 to $100,000,
  // $14 to $150,000, $18 above; a green car (electric or hybrid, 120 g/km CO2 or less) pays $8.40 at
  // any value. Registration includes the TAC charge (its CTP); electric cars get $100 off it.
  VIC: {
    duty: (v, p) => {
      if (p !== "combustion" || v <= 80_567) return perPart(v, 8.4, 200);
      return perPart(v, v <= 100_000 ? 10.4 : v <= 150_000 ? 14 : 18, 200);
    },
    registration: (p) => (p === "electric" ? 817 : 917),
    ctp: 0,
    ctpLabel: "TAC charge (in registration)",
    plates: 45,
    sources: [
      { name: "State Revenue Office Victoria, Motor vehicle duty", url: "https://www.sro.vic.gov.au/motor-vehicle-duty" },
      { name: "VicRoads, Registration fees", url: "https://www.vicroads.vic.gov.au/registration/registration-fees" },
    ],
    taken: FY_2025_26,
  },
  // per $100 of the whole value: electric and hybrid $2 up to $100,000 and $4 above; four cylinders
  // or fewer $3 and $5. Registration includes the traffic improvement fee; electric cars register at
  // the smallest engine's rate.
  QLD: {
    duty: (v, p) => perPart(v, p === "combustion" ? (v <= 100_000 ? 3 : 5) : v <= 100_000 ? 2 : 4),
    registration: (p) => (p === "electric" ? 349 : 441),
    ctp: 396,
    ctpLabel: "CTP insurance",
    plates: 0,
    sources: [
      { name: "Queensland Revenue Office, Vehicle registration duty", url: "https://qro.qld.gov.au/duties/vehicle-registration/" },
      { name: "Queensland Government, Registration fees", url: "https://www.qld.gov.au/transport/registration/fees/cost" },
    ],
    taken: FY_2025_26,
  },
  // a sliding scale on the whole value: 2.75% up to $25,000, then 2.75% + 1% for every $6,666.66
  // above (rounded to two places) up to $50,000, 6.5% above; no electric car concession.
  WA: {
    duty: (v) => {
      if (v <= 25_000) return (v * 2.75) / 100;
      if (v > 50_000) return (v * 6.5) / 100;
      const rate = Math.round((2.75 + (v - 25_000) / 6_666.66) * 100) / 100;
      return (v * rate) / 100;
    },
    registration: () => 426,
    ctp: 475,
    ctpLabel: "Motor injury insurance (CTP)",
    plates: 29,
    sources: [
      { name: "RevenueWA, Vehicle licence duty", url: "https://www.wa.gov.au/organisation/department-of-finance/vehicle-licence-duty" },
      {
        name: "Department of Transport WA, Vehicle licence fees",
        url: "https://www.transport.wa.gov.au/licensing/vehicle-licence-fees.asp",
      },
    ],
    taken: FY_2025_26,
  },
  // brackets per $100 of the value: $1 up to $1,000 (at least $5), $10 + $2 to $2,000, $30 + $3 to
  // $3,000, then $60 + $4 per $100 above $3,000. Registration includes the lifetime support and
  // emergency services levies.
  SA: {
    duty: (v) =>
      v <= 1_000
        ? Math.max(5, perPart(v, 1))
        : v <= 2_000
          ? 10 + perPart(v - 1_000, 2)
          : v <= 3_000
            ? 30 + perPart(v - 2_000, 3)
            : 60 + perPart(v - 3_000, 4),
    registration: () => 395,
    ctp: 420,
    ctpLabel: "CTP insurance",
    plates: 39,
    sources: [
      { name: "RevenueSA, Stamp duty on motor vehicles", url: "https://www.revenuesa.sa.gov.au/motor-vehicles" },
      { name: "Service SA, Registration and CTP fees", url: "https://www.sa.gov.au/topics/driving-and-transport/registration" },
    ],
    taken: FY_2025_26,
  },
  // $20 up to $600; $3 per $100 to $35,000; $1,050 + $11 per $100 above $35,000 to $40,000; $4 per
  // $100 of the whole value above $40,000. Registration and the MAIB premium (its CTP) are paid together.
  TAS: {
    duty: (v) => (v <= 600 ? 20 : v <= 35_000 ? perPart(v, 3) : v <= 40_000 ? 1_050 + perPart(v - 35_000, 11) : perPart(v, 4)),
    registration: () => 320,
    ctp: 395,
    ctpLabel: "MAIB premium (CTP)",
    plates: 28,
    sources: [
      { name: "State Revenue Office Tasmania, Motor vehicle duty", url: "https://www.sro.tas.gov.au/motor-vehicle-duty" },
      { name: "Transport Tasmania, Registration fees", url: "https://www.transport.tas.gov.au/registration/fees" },
    ],
    taken: FY_2025_26,
  },
  // by the car's emissions rating: zero-emission (electric) cars pay none; A (hybrids, 130 g/km or
  // less) $1 per $100 to $45,000 then $450 + $2; B (most petrol and diesel cars, and unrated ones)
  // $3 then $1,350 + $5.
  ACT: {
    duty: (v, p) => {
      if (p === "electric") return 0;
      const [low, high] = p === "hybrid" ? [1, 2] : [3, 5];
      return v <= 45_000 ? perPart(v, low) : 45_000 * (low / 100) + perPart(v - 45_000, high);
    },
    registration: () => 345,
    ctp: 580,
    ctpLabel: "CTP insurance",
    plates: 50,
    sources: [
      { name: "ACT Revenue Office, Motor vehicle duty", url: "https://www.revenue.act.gov.au/duties/motor-vehicle-duty" },
      {
        name: "Access Canberra, Registration fees",
        url: "https://www.accesscanberra.act.gov.au/driving-and-transport/vehicle-registration",
      },
    ],
    taken: FY_2025_26,
  },
  // $3 per $100; the first $50,000 of an electric car's value is exempt (the Territory's EV concession:
  // at most $1,500 off, so a $55,000 EV pays on $5,000, not on the whole value).
  // Registration includes the Motor Accidents (Compensation) premium.
  NT: {
    duty: (v, p) => (p === "electric" ? Math.max(0, perPart(v, 3) - 1_500) : perPart(v, 3)),
    registration: () => 860,
    ctp: 0,
    ctpLabel: "MAC premium (in registration)",
    plates: 20,
    sources: [
      { name: "Territory Revenue Office, Stamp duty on vehicles", url: "https://nt.gov.au/driving/rego/stamp-duty" },
      { name: "NT Motor Vehicle Registry, Registration fees", url: "https://nt.gov.au/driving/rego/fees" },
    ],
    taken: FY_2025_26,
  },
};

export type DriveAwayPart = { label: string; amount: number };
export type DriveAwayEstimate = {
  state: AuState;
  total: number;
  parts: DriveAwayPart[];
  sources: Array<{ name: string; url: string }>;
  taken: string;
};

export type DriveAwayCar = { price: number; fuel: string | null };

/** The estimate for a car in a state; whole dollars; parts of $0 (plates a state issues free) left out. */
export function driveAwayEstimate(car: DriveAwayCar, state: AuState, deliveryCharge: number): DriveAwayEstimate {
  const t = own(DRIVE_AWAY_TABLES, state) ?? DRIVE_AWAY_TABLES.NSW;
  const power = powertrainOf(car.fuel);
  const delivery = Math.max(0, Math.round(deliveryCharge));
  // the dutiable value is what the buyer pays the dealer for the car: its price (GST included) with delivery
  const duty = Math.round(t.duty(car.price + delivery, power));
  const parts: DriveAwayPart[] = [
    { label: "Vehicle price", amount: Math.round(car.price) },
    { label: "Dealer delivery", amount: delivery },
    { label: "Stamp duty", amount: duty },
    { label: "Registration (12 months)", amount: t.registration(power) },
    { label: t.ctpLabel, amount: t.ctp },
    { label: "Number plates", amount: t.plates },
  ].filter((p) => p.amount > 0 || p.label === "Stamp duty");
  return { state, total: parts.reduce((sum, p) => sum + p.amount, 0), parts, sources: t.sources, taken: t.taken };
}

const EXCL = /^excl\.? govt\.? charges$/i;
/** Whether a price type says the price leaves the government charges out. */
export const isExclGovtCharges = (priceType: string | null | undefined) => EXCL.test(priceType?.trim() ?? "");

/**
 * The amount a repayment is worked out on: the drive-away estimate for an Australian car advertised
 * Excl. Govt. Charges (the loan pays for all of it), else the price itself.
 */
export const financedAmount = (
  v: DriveAwayCar & { priceType: string | null; kind?: string },
  site: DriveAwaySite,
  state?: AuState | null,
): number => siteEstimate(v, site, state)?.total ?? v.price;

/** What a site's pages need to give an estimate: its market, the state they start from and its delivery charge. */
export type DriveAwaySite = { country: string; state: AuState | null; deliveryCharge: number };

/**
 * The estimate for a car on a site, or null where none is shown: not Australia, not Excl. Govt.
 * Charges, no price, or not a car (`kind`, vehicleKind's word: the tables hold a light passenger car's
 * charges, not a motorcycle's, truck's, motorhome's or caravan's).
 */
export function siteEstimate(
  v: DriveAwayCar & { priceType: string | null; kind?: string },
  site: DriveAwaySite,
  state: AuState | null = site.state,
): DriveAwayEstimate | null {
  if (site.country !== "AU" || !state || !isExclGovtCharges(v.priceType) || !(v.price > 0)) return null;
  if (v.kind !== undefined && v.kind !== "car") return null;
  return driveAwayEstimate(v, state, site.deliveryCharge);
}

/** "Est. drive-away $50,446 (VIC)". */
/** The words an estimate is shown with (a card's price-type line carries them). */
export const ESTIMATE_WORDS = "Est. drive-away";
export const estimateText = (e: Pick<DriveAwayEstimate, "total" | "state">) => `${ESTIMATE_WORDS} ${formatPrice(e.total)} (${e.state})`;
