import { formatCount, formatPrice } from "../format/price";
import type { CarType } from "./summary";
import type { Range, SearchQuery } from "./search";

/*
 * Keywords that understand: what shoppers type into the keyword box as if it were the
 * filters. "red suv", "hybrid", "7 seater", "suv under 40000", "$20-30k", "2020 or newer",
 * "under 50,000 km", "4x4 ute", "used auto". Each understood phrase becomes a filter the shopper
 * sees as a chip and can remove; whatever is not understood stays keywords, matched against make,
 * model and badge words as before. Pure.
 */

/** What the keywords add to the search: matched in SQL by src/server/search/vehicle-search.ts. */
export type UnderstoodFilters = {
  /** colour words ("red"): a car whose colour names one of them ("Soul Red") */
  colour?: string[];
  /** body kinds, each the lower-case body types it covers ("ute" → ute, utility, tray, cab chassis) */
  body?: string[][];
  /** fuel kinds: "hybrid" covers "Hybrid" and "Plug-in Hybrid" (a prefix or a word of the fuel) */
  fuel?: string[];
  /** "auto" or "manual": the start of a word of the transmission ("Automatic", "6-speed auto") */
  transmission?: string[];
  /** drive types, upper case ("4WD", "4X4") */
  drive?: string[];
  /** at least this many seats */
  seats?: number;
  /** campers, motorhomes and caravans: sleeps at least this many ("4 berth", "sleeps 4") */
  berths?: number;
  /** trucks: the gross vehicle mass in kg ("4.5t GVM" is at most 4,500 kg) */
  gvm?: Range;
  /** motorcycles on the learner approved scheme ("LAMS", "learner approved"): LAMS in the bike's name or badge */
  lams?: boolean;
  /** a family car: at least FAMILY.seats seats and a body of FAMILY.bodies */
  family?: boolean;
  /** the cheapest third by price of what the rest of the search finds ("cheap", "budget") */
  cheap?: boolean;
};

/** "low kms" is at most this many km (miles on a US site), stated on its chip. */
export const LOW_ODOMETER = 30_000;
/** "family": a body that carries a family, with this many seats at least. */
export const FAMILY = { seats: 5, bodies: ["suv", "wagon", "people mover", "peoplemover", "mpv"] } as const;
/** "cheap": at most the price below which this share of the cars found lie. */
export const CHEAP_SHARE = 1 / 3;

export type UnderstoodTerm = {
  /** the chip's words: "Red", "SUV", "Under $40,000", "7+ seats" */
  label: string;
  /** the keywords without this term (the chip's remove link) */
  without: string;
};

export type Understood = {
  /** the keywords left to match make, model and badge words */
  rest: string;
  filters: UnderstoodFilters;
  carTypes: CarType[];
  price: Range;
  year: Range;
  odometer: Range;
  terms: UnderstoodTerm[];
  /** the keywords without the words left (the remove link of the words' own chip) */
  withoutRest: string;
};

const COLOURS: Record<string, string> = {
  red: "red",
  blue: "blue",
  white: "white",
  black: "black",
  silver: "silver",
  grey: "grey",
  gray: "grey",
  green: "green",
  orange: "orange",
  yellow: "yellow",
  brown: "brown",
  gold: "gold",
  beige: "beige",
  purple: "purple",
  bronze: "bronze",
  maroon: "maroon",
};

/** Body words → [label, the body types (lower case) they cover]. */
const BODIES: Record<string, [string, string[]]> = {
  suv: ["SUV", ["suv"]],
  "4wd wagon": ["SUV", ["suv"]],
  ute: ["Ute", ["ute", "utility", "tray", "cab chassis", "pickup"]],
  utility: ["Ute", ["ute", "utility", "tray", "cab chassis", "pickup"]],
  pickup: ["Ute", ["ute", "utility", "tray", "cab chassis", "pickup"]],
  wagon: ["Wagon", ["wagon"]],
  hatch: ["Hatch", ["hatch", "hatchback"]],
  hatchback: ["Hatch", ["hatch", "hatchback"]],
  sedan: ["Sedan", ["sedan"]],
  van: ["Van", ["van"]],
  convertible: ["Convertible", ["convertible", "cabriolet"]],
  cabriolet: ["Convertible", ["convertible", "cabriolet"]],
  coupe: ["Coupe", ["coupe"]],
  caravan: ["Caravan", ["caravan", "travel trailer", "fifth wheel"]],
  motorhome: ["Motorhome", ["motorhome", "class c motorhome", "class a motorhome", "class b motorhome"]],
  campervan: ["Campervan", ["campervan"]],
  tipper: ["Tipper", ["tipper"]],
  tray: ["Tray", ["tray", "tray top", "tray back", "table top"]],
  "tray top": ["Tray", ["tray", "tray top", "tray back", "table top"]],
  "tray back": ["Tray", ["tray", "tray top", "tray back", "table top"]],
  "table top": ["Tray", ["tray", "tray top", "tray back", "table top"]],
  "cab chassis": ["Cab chassis", ["cab chassis"]],
  pantech: ["Pantech", ["pantech"]],
  "prime mover": ["Prime mover", ["prime mover"]],
  "people mover": ["People mover", ["people mover", "peoplemover"]],
};
/** Body names of two words, read as a phrase with a space, a hyphen or nothing between ("cab-chassis"). */
const TWO_WORD_BODIES = ["cab chassis", "tray top", "tray back", "table top", "prime mover", "people mover"];
const FUELS: Record<string, [string, string]> = {
  hybrid: ["Hybrid", "hybrid"],
  phev: ["Plug-in hybrid", "plug-in hybrid"],
  diesel: ["Diesel", "diesel"],
  petrol: ["Petrol", "petrol"],
  electric: ["Electric", "electric"],
  ev: ["Electric", "electric"],
  bev: ["Electric", "electric"],
};
const TRANSMISSIONS: Record<string, [string, string]> = {
  auto: ["Automatic", "auto"],
  automatic: ["Automatic", "auto"],
  manual: ["Manual", "manual"],
};
const DRIVES: Record<string, [string, string[]]> = {
  "4x4": ["4x4", ["4WD", "4X4"]],
  "4wd": ["4x4", ["4WD", "4X4"]],
  awd: ["AWD", ["AWD"]],
  fwd: ["FWD", ["FWD"]],
  rwd: ["RWD", ["RWD"]],
  "2wd": ["2WD", ["2WD", "FWD", "RWD"]],
};
const CONDITIONS: Record<string, [string, CarType]> = {
  new: ["New", "new"],
  used: ["Used", "used"],
  "pre-owned": ["Used", "used"],
  preowned: ["Used", "used"],
  secondhand: ["Used", "used"],
  demo: ["Demo", "demo"],
  demonstrator: ["Demo", "demo"],
};
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};
const COUNT = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join("|")})`;
const countOf = (s: string) => (/^\d+$/.test(s) ? Number(s) : (NUMBER_WORDS[s] ?? NaN));
/** Words that ask for the cheaper cars of what is found. */
const CHEAP = new Set(["cheap", "cheaper", "cheapest", "budget", "affordable", "inexpensive", "bargain"]);
/** Words that only say what is searched for: left out when another word was understood ("cheap family car"). */
const FILLERS = new Set(["car", "cars", "vehicle", "vehicles", "a", "an", "the", "for", "with"]);

/** A word's singular for the vocabularies ("suvs" → "suv", "hatches" → "hatch", "utes" → "ute"). */
const singular = (w: string) =>
  w.endsWith("ches") ? w.slice(0, -2) : w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;

/** "40000", "40,000", "40k", "40.5k", "$40k" → dollars (or km); "k" multiplies by 1,000. */
function amount(digits: string, k: string | undefined): number | null {
  const n = Number(digits.replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return Math.round(k ? n * 1000 : n);
}

const YEAR_MIN = 1950;
const YEAR_MAX = 2100;
const isYear = (n: number) => Number.isInteger(n) && n >= YEAR_MIN && n <= YEAR_MAX;

const MONEY = String.raw`\$?(\d[\d,]*(?:\.\d+)?)(k)?`;
const UNDER = String.raw`(?:under|below|less than|max|maximum|up to|upto|<)`;
const OVER = String.raw`(?:over|above|more than|min|minimum|from|at least|>)`;
const DISTANCE = String.raw`(?:km|kms|kilometres|kilometers|k's|miles|mi)`;

const MASS = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(t|tonnes?|kg)?`;

/** A GVM phrase: a bare mass is a ceiling ("4.5t GVM": the car-licence trucks); "over 8t GVM" a floor. A number without a unit is tonnes below 100, else kg. */
function gvm(u: Understood, phrase: string, digits: string, unit: string | undefined): string | null {
  const n = Number(digits.replace(/,/g, ""));
  const kg = Math.round(unit === "kg" ? n : unit || n < 100 ? n * 1000 : n);
  if (!Number.isFinite(kg) || kg < 500 || kg > 150_000) return null;
  const floor = new RegExp(OVER).test(phrase);
  u.filters.gvm = floor ? { ...u.filters.gvm, min: kg } : { ...u.filters.gvm, max: kg };
  return `GVM ${floor ? "from" : "up to"} ${formatCount(kg)} kg`;
}

/** A body word's filter and chip. */
function body(u: Understood, key: string): string {
  const [label, types] = BODIES[key]!;
  u.filters.body = add(u.filters.body, types, (a, b) => a.join() === b.join());
  return label;
}

/** The phrases of several words (amounts, years, seats), each with what it sets; later passes skip what they matched. */
const PHRASES: Array<[RegExp, (m: RegExpExecArray, u: Understood) => string | null]> = [
  // a truck's GVM before any price: "4.5t GVM", "GVM 4500", "gvm under 8t", "over 8 tonne gvm"
  [new RegExp(String.raw`\b(?:${UNDER}\s*|${OVER}\s*)?${MASS}\s*gvm(?=\s|$)`, "g"), (m, u) => gvm(u, m[0], m[1]!, m[2])],
  [new RegExp(String.raw`\bgvm\s*(?:of\s*)?(?:${UNDER}\s*|${OVER}\s*)?${MASS}(?=\s|$)`, "g"), (m, u) => gvm(u, m[0], m[1]!, m[2])],
  // berths: "4 berth", "4-berth", "six berths", "sleeps 4", "sleeps four"
  [
    new RegExp(String.raw`\b(?:${COUNT}\s*-?\s*(?:berths?|sleeper)|sleeps\s*${COUNT})(?=\s|$)`, "g"),
    (m, u) => {
      const n = countOf(m[1] ?? m[2]!);
      if (!(n >= 1 && n <= 12)) return null;
      u.filters.berths = Math.max(u.filters.berths ?? 0, n);
      return `Sleeps ${n}+`;
    },
  ],
  // motorcycles: "LAMS", "LAMS approved", "learner approved", "learner legal"
  [
    /\b(?:lams(?:[\s-]?approved)?|learners?[\s-](?:approved|legal|friendly))(?=\s|$)/g,
    (m, u) => {
      u.filters.lams = true;
      return "LAMS approved";
    },
  ],
  // bodies of two words: "cab chassis", "cab-chassis", "tray top", "prime mover"
  [
    new RegExp(String.raw`\b(${TWO_WORD_BODIES.map((b) => b.replace(" ", "[\\s-]?")).join("|")})(?=\s|$)`, "g"),
    (m, u) => {
      const key = TWO_WORD_BODIES.find((b) => new RegExp(`^${b.replace(" ", "[\\s-]?")}$`).test(m[1]!));
      return key ? body(u, key) : null;
    },
  ],
  // odometer: "under 50,000 km", "less than 80k kms"
  [
    new RegExp(String.raw`\b${UNDER}\s*(\d[\d,]*)(k)?\s*(${DISTANCE})(?=\s|$)`, "g"),
    (m, u) => {
      const max = amount(m[1]!, m[2]);
      if (max === null) return null;
      u.odometer = { ...u.odometer, max };
      return rangeLabel("odometer", { max }, /^mi/.test(m[3] ?? "") ? "mi" : "km");
    },
  ],
  // after a stated odometer (which wins): "low kms", "low km", "low-kms", "low mileage", "low miles"
  [
    /\blow[\s-]*(kms?|kilometres|kilometers|k's|mileage|miles|odometer)(?=\s|$)/g,
    (m, u) => {
      if (u.odometer.max !== undefined) return null;
      u.odometer = { ...u.odometer, max: LOW_ODOMETER };
      return rangeLabel("odometer", { max: LOW_ODOMETER }, m[1] === "miles" ? "mi" : "km");
    },
  ],
  // a price range: "$20-30k", "20k to 30k", "$20,000 - $30,000"
  [
    new RegExp(String.raw`(?<![\w$])${MONEY}\s*(?:-|–|to)\s*${MONEY}(?=\s|$)`, "g"),
    (m, u) => {
      const k = m[2] ?? m[4];
      let min = amount(m[1]!, m[2] ?? (m[4] && Number(m[1]!.replace(/,/g, "")) < 1000 ? k : undefined));
      let max = amount(m[3]!, m[4]);
      if (min === null || max === null) return null;
      // two years ("2018-2020") are a year range
      if (!m[0].includes("$") && !k && isYear(min) && isYear(max)) {
        u.year = { min: Math.min(min, max), max: Math.max(min, max) };
        return rangeLabel("year", u.year);
      }
      if (min > max) [min, max] = [max, min];
      u.price = { min, max };
      return rangeLabel("price", u.price);
    },
  ],
  // years: "2020 or newer", "2020+", "from 2020", "newer than 2019", "after 2019", "before 2015"
  [
    /\b((?:19|20)\d\d)\s*(?:or newer|or later|and newer|and later|and up|onwards|\+)(?=\s|$)/g,
    (m, u) => {
      const y = Number(m[1]);
      if (!isYear(y)) return null;
      u.year = { ...u.year, min: y };
      return rangeLabel("year", { min: y });
    },
  ],
  [
    /\b(from|since|newer than|after|older than|before)\s+((?:19|20)\d\d)(?=\s|$)/g,
    (m, u) => {
      const y = Number(m[2]);
      if (!isYear(y)) return null;
      if (m[1] === "older than" || m[1] === "before") {
        u.year = { ...u.year, max: y - 1 };
        return rangeLabel("year", { max: y - 1 });
      }
      const min = m[1] === "newer than" || m[1] === "after" ? y + 1 : y;
      u.year = { ...u.year, min };
      return rangeLabel("year", { min });
    },
  ],
  // prices: "under 40000", "under $40k", "over 20k", "from $15,000"
  [
    new RegExp(String.raw`(?<!\w)(${UNDER}|${OVER})\s*${MONEY}(?=\s|$)`, "g"),
    (m, u) => {
      const n = amount(m[2]!, m[3]);
      if (n === null || n < 1000) return null;
      if (new RegExp(`^${UNDER}$`).test(m[1]!)) {
        u.price = { ...u.price, max: n };
        return rangeLabel("price", { max: n });
      }
      u.price = { ...u.price, min: n };
      return rangeLabel("price", { min: n });
    },
  ],
  // seats: "7 seater", "7 seats", "7-seater", "seven seater"
  [
    /\b(\d{1,2}|two|four|five|six|seven|eight|nine|ten|twelve)\s*-?\s*(?:seater|seaters|seats|seat)(?=\s|$)/g,
    (m, u) => {
      const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!]!;
      if (!(n >= 1 && n <= 20)) return null;
      u.filters.seats = Math.max(u.filters.seats ?? 0, n);
      return `${n}+ seats`;
    },
  ],
  // a bare price: "$30k", "$25,000"
  [
    new RegExp(String.raw`(?<![\w$])\$(\d[\d,]*(?:\.\d+)?)(k)?(?=\s|$)`, "g"),
    (m, u) => {
      const n = amount(m[1]!, m[2]);
      if (n === null || n < 1000) return null;
      u.price = { ...u.price, max: n };
      return rangeLabel("price", { max: n });
    },
  ],
];

/**
 * A range filter as a chip says it: "Under $40,000", "$20,000–$30,000", "From $15,000"; "2020 or
 * newer", "2014 or older", "2018–2020"; "Under 50,000 km". Null for an open range.
 */
export function rangeLabel(dimension: "price" | "year" | "odometer", r: Range, unit: "km" | "mi" = "km"): string | null {
  const { min, max } = r;
  if (min === undefined && max === undefined) return null;
  const f = dimension === "price" ? formatPrice : dimension === "year" ? String : (n: number) => `${formatCount(n)} ${unit}`;
  const bare = dimension === "odometer" ? formatCount : f;
  if (min !== undefined && max !== undefined) return min === max ? f(min) : `${bare(min)}–${f(max)}`;
  if (dimension === "year") return min !== undefined ? `${min} or newer` : `${max} or older`;
  return max !== undefined ? `Under ${f(max)}` : `${dimension === "price" ? "From" : "Over"} ${f(min!)}`;
}

const add = <T>(list: T[] | undefined, v: T, same: (a: T, b: T) => boolean = (a, b) => a === b): T[] =>
  list?.some((x) => same(x, v)) ? list : [...(list ?? []), v];

/** One word of the vocabularies: what it sets and its chip, or null when it is a keyword. */
function word(w: string, u: Understood, allowed: readonly CarType[]): string | null {
  const s = singular(w);
  if (Object.hasOwn(COLOURS, w)) {
    u.filters.colour = add(u.filters.colour, COLOURS[w]!);
    return COLOURS[w]!.replace(/^./, (c) => c.toUpperCase());
  }
  for (const key of [w, s]) if (Object.hasOwn(BODIES, key)) return body(u, key);
  if (CHEAP.has(w)) {
    u.filters.cheap = true;
    return "Cheapest third by price";
  }
  if (w === "family") {
    u.filters.family = true;
    return `Family: ${FAMILY.seats}+ seats, SUV, wagon or people mover`;
  }
  if (Object.hasOwn(FUELS, w)) {
    const [label, fuel] = FUELS[w]!;
    u.filters.fuel = add(u.filters.fuel, fuel);
    return label;
  }
  if (Object.hasOwn(TRANSMISSIONS, w)) {
    const [label, t] = TRANSMISSIONS[w]!;
    u.filters.transmission = add(u.filters.transmission, t);
    return label;
  }
  if (Object.hasOwn(DRIVES, w)) {
    const [label, drives] = DRIVES[w]!;
    u.filters.drive = [...new Set([...(u.filters.drive ?? []), ...drives])];
    return label;
  }
  if (Object.hasOwn(CONDITIONS, w) && allowed.includes(CONDITIONS[w]![1])) {
    const [label, type] = CONDITIONS[w]!;
    u.carTypes = add(u.carTypes, type);
    return label;
  }
  return null;
}

/** At most this many characters are read (the search box's own limit is 80). */
const MAX_LENGTH = 120;

/**
 * The keywords as filters, chips and the rest (see the top of this file). `carTypes`: the types the
 * route covers; "used" on a route without used cars is no filter (it stays a keyword).
 */
export function understandKeywords(q: string, carTypes: readonly CarType[] = ["new", "demo", "used"]): Understood {
  const text = q.slice(0, MAX_LENGTH).toLowerCase().replace(/\s+/g, " ").trim();
  const u: Understood = { rest: "", filters: {}, carTypes: [], price: {}, year: {}, odometer: {}, terms: [], withoutRest: "" };
  if (!text) return u;
  const found: Array<{ start: number; end: number; label: string }> = [];
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  for (const [pattern, apply] of PHRASES) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken(start, end)) continue;
      const label = apply(m, u);
      if (label) found.push({ start, end, label });
    }
  }
  // the single words left
  const fillers: typeof found = [];
  const wordPattern = /[^\s,;/+&]+/g;
  for (let m = wordPattern.exec(text); m; m = wordPattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (taken(start, end)) continue;
    const w = m[0].replace(/^[("']+|[)"'.!?]+$/g, "");
    const label = word(w, u, carTypes);
    if (label) found.push({ start, end, label });
    else if (FILLERS.has(w)) fillers.push({ start, end, label: "" });
  }
  // "car" in "cheap family car" only says what is searched for; alone it stays a keyword
  if (found.length) found.push(...fillers);
  const cut = (spans: Array<{ start: number; end: number }>) => {
    let out = "";
    let at = 0;
    for (const s of [...spans].sort((a, b) => a.start - b.start)) {
      out += `${text.slice(at, s.start)} `;
      at = s.end;
    }
    return (out + text.slice(at)).replace(/\s+/g, " ").trim();
  };
  u.rest = cut(found);
  u.withoutRest = [...found]
    .sort((a, b) => a.start - b.start)
    .map((f) => text.slice(f.start, f.end))
    .join(" ");
  u.terms = [...found]
    .sort((a, b) => a.start - b.start)
    .filter((f) => f.label)
    .map((f) => ({ label: f.label, without: cut([f]) }));
  return u;
}

/**
 * The search as the keywords mean it: what they understood joins the filters (a car type is added to
 * those chosen; a price, year or odometer bound fills only a bound the filters leave open) and the
 * keywords left are matched as words. Every search of the stock goes through this (the search
 * pages, the counts of saved searches).
 */
export function withKeywords(q: SearchQuery, allowed: readonly CarType[]): { query: SearchQuery; understood: Understood } {
  const u = understandKeywords(q.q, allowed);
  if (u.terms.length === 0) return { query: q, understood: u };
  const bounds = (mine: Range, theirs: Range): Range => ({
    ...((mine.min ?? theirs.min) !== undefined ? { min: mine.min ?? theirs.min } : {}),
    ...((mine.max ?? theirs.max) !== undefined ? { max: mine.max ?? theirs.max } : {}),
  });
  return {
    query: {
      ...q,
      q: u.rest,
      carTypes:
        q.carTypes.length && u.carTypes.length ? [...new Set([...q.carTypes, ...u.carTypes])] : q.carTypes.length ? q.carTypes : u.carTypes,
      price: bounds(q.price, u.price),
      year: bounds(q.year, u.year),
      odometer: bounds(q.odometer, u.odometer),
    },
    understood: u,
  };
}
