import { shapeFor } from "./svg";

/*
 * A drawn vehicle's "look": the proportions, grille, lights, wheels and cabin trim that make one
 * model read differently from another of the same body type. It is derived from the make and model
 * name alone (a seeded choice from a few families, and small changes within the body type's ranges),
 * so the same model always looks the same and no table has to list every model.
 */

export type Family =
  "hatch" | "sedan" | "wagon" | "suv" | "convertible" | "utility" | "van" | "bus" | "truck" | "camper" | "caravan" | "motorcycle";

export const GRILLES = ["slots", "hexagon", "twin", "mesh", "closed", "bars"] as const;
export const HEADLIGHTS = ["slim", "round", "swept", "split", "square"] as const;
export const TAILLIGHTS = ["bar", "wrap", "vertical", "round"] as const;
export const RIMS = ["five", "multi", "turbine", "six", "mesh"] as const;
export const TRIMS = ["#2a2b2e", "#55585d", "#b9a78a", "#7a4a2e"] as const;
/**
 * A make's face: its grille is the same on every model (as a brand's is), so two makes' cars of the
 * same body type differ at a glance; the model picks the lamps and proportions. A make not listed
 * gets a seeded grille.
 */
const BRAND_GRILLES: Record<string, (typeof GRILLES)[number]> = {
  Suzuki: "slots",
  Mazda: "mesh",
  "Mercedes-Benz": "slots",
  Skoda: "bars",
  KGM: "twin",
  Toyota: "hexagon",
  Ford: "mesh",
  Hyundai: "mesh",
  Kia: "twin",
  Mitsubishi: "bars",
  Volkswagen: "slots",
  Nissan: "twin",
  Honda: "slots",
  Subaru: "hexagon",
};

/** Truck bodies, camper layouts and motorcycle kinds are chosen by body type, not by chance. */
export type Look = {
  family: Family;
  /** what the drawing is of, for the picture's label */
  name: string;
  /** lengths in drawing units (about a centimetre each) */
  length: number;
  height: number;
  width: number;
  wheelbase: number;
  wheel: number;
  ride: number;
  /** shares of the length: the bonnet's and the windscreen's run, how far back the roof ends */
  bonnet: number;
  rake: number;
  roofEnd: number;
  /** height of the window line above the ground, as a share of the height; how much it rises to the tail */
  belt: number;
  wedge: number;
  /** how far forward the rear window leans (a share of the length), and the roof's fall to the tail */
  rearRake: number;
  roofDrop: number;
  /** plastic guards round the wheel arches (a crossover's) */
  cladding: boolean;
  grille: (typeof GRILLES)[number];
  headlight: (typeof HEADLIGHTS)[number];
  taillight: (typeof TAILLIGHTS)[number];
  rim: (typeof RIMS)[number];
  rimColour: string;
  trim: string;
  /** dashboard: the size of the centre screen (0 none … 2 wide) and whether the dials are a screen */
  screen: 0 | 1 | 2;
  digital: boolean;
  spokes: 3 | 4;
  /** the body behind a truck's cab, or a motorcycle's kind */
  kind: string;
};

/** FNV-1a: a stable 32-bit hash of a name, the seed of its look. */
export function hashName(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A seeded sequence of numbers in [0, 1) from a name (the same name, the same sequence). */
function seeded(name: string) {
  let a = hashName(name);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The body type a catalogue body names (a "tipper" is a truck, a "travel trailer" a caravan): the outline's. */
export const familyOf = (body: string): Family => shapeFor(body) as Family;

/** [length, height, width, wheelbase share, wheel radius, ride height] ranges per body type. */
const SIZES: Record<Family, Array<[number, number]>> = {
  hatch: [
    [400, 435],
    [142, 152],
    [176, 182],
    [0.6, 0.64],
    [30, 33],
    [12, 15],
  ],
  sedan: [
    [455, 485],
    [138, 146],
    [180, 186],
    [0.6, 0.63],
    [32, 35],
    [12, 14],
  ],
  wagon: [
    [465, 490],
    [146, 160],
    [180, 186],
    [0.58, 0.62],
    [32, 35],
    [14, 20],
  ],
  suv: [
    [415, 490],
    [160, 190],
    [180, 198],
    [0.56, 0.62],
    [34, 39],
    [18, 24],
  ],
  convertible: [
    [390, 400],
    [122, 126],
    [172, 174],
    [0.58, 0.6],
    [30, 32],
    [11, 12],
  ],
  utility: [
    [520, 540],
    [178, 188],
    [186, 196],
    [0.58, 0.6],
    [37, 40],
    [22, 26],
  ],
  van: [
    [590, 660],
    [255, 275],
    [200, 202],
    [0.55, 0.6],
    [36, 38],
    [16, 18],
  ],
  bus: [
    [530, 700],
    [220, 270],
    [190, 205],
    [0.52, 0.6],
    [36, 44],
    [16, 20],
  ],
  truck: [
    [620, 760],
    [250, 300],
    [200, 250],
    [0.5, 0.56],
    [44, 52],
    [20, 24],
  ],
  camper: [
    [560, 760],
    [260, 320],
    [210, 235],
    [0.55, 0.6],
    [36, 40],
    [16, 20],
  ],
  caravan: [
    [600, 850],
    [260, 300],
    [225, 245],
    [0.5, 0.5],
    [34, 38],
    [20, 26],
  ],
  motorcycle: [
    [200, 225],
    [110, 150],
    [75, 95],
    [0.64, 0.7],
    [30, 36],
    [14, 26],
  ],
};

const TRUCK_KINDS: Array<[RegExp, string]> = [
  [/tipper/, "tipper"],
  [/pantech/, "pantech"],
  [/prime mover/, "prime mover"],
  [/tray/, "tray"],
];

function kindOf(family: Family, body: string, name: string): string {
  const b = body.toLowerCase();
  if (family === "truck") return TRUCK_KINDS.find(([re]) => re.test(b))?.[1] ?? "tray";
  if (family === "motorcycle") return /sport|adventure|enduro|trail/.exec(b)?.[0] ?? "naked";
  if (family === "camper") return /campervan/.test(b) ? "campervan" : "motorhome";
  if (family === "caravan") return /fifth wheel/.test(b) ? "fifth wheel" : /airstream/i.test(name) ? "rounded" : "caravan";
  if (family === "suv") return /jimny|landcruiser|everest|rexton/i.test(name) ? "boxy" : "crossover";
  if (family === "hatch" || family === "sedan") return /^mercedes/i.test(name) ? "premium" : "plain";
  return "plain";
}

/**
 * The look of a make and model with a catalogue body type. `name` is "Make Model" (e.g.
 * "Skoda Karoq"); without one, the body type's middle-of-the-range look.
 */
export function lookFor(body: string, name?: string): Look {
  const family = familyOf(body);
  const r = name ? seeded(`${name}|${body}`) : () => 0.5;
  const pick = <T>(xs: readonly T[]): T => xs[Math.min(xs.length - 1, Math.floor(r() * xs.length))]!;
  const within = ([lo, hi]: [number, number]) => lo + (hi - lo) * r();
  const [len, hgt, wid, wb, wh, ride] = SIZES[family].map(within) as [number, number, number, number, number, number];
  const kind = kindOf(family, body, name ?? "");
  const boxy = kind === "boxy";
  const look: Look = {
    family,
    name: name ?? body,
    length: Math.round(boxy ? Math.min(len, 450) : len),
    height: Math.round(hgt),
    width: Math.round(wid),
    wheelbase: Math.round(len * wb),
    wheel: Math.round(wh),
    ride: Math.round(ride),
    bonnet: 0.2 + r() * 0.08,
    rake: boxy ? 0.06 + r() * 0.03 : 0.1 + r() * 0.06,
    roofEnd: 0.05 + r() * 0.08,
    belt: 0.55 + r() * 0.08,
    wedge: r() * 10,
    rearRake: boxy ? 0.01 : 0.03 + r() * 0.11,
    roofDrop: boxy ? 0 : r() * 12,
    cladding: family === "suv" && r() < 0.6,
    grille: pick(GRILLES.filter((g) => g !== "closed")),
    headlight: boxy ? pick(["round", "square"] as const) : pick(HEADLIGHTS),
    taillight: pick(TAILLIGHTS),
    rim: family === "truck" || family === "caravan" || family === "camper" ? "six" : pick(RIMS),
    rimColour: pick(["#c9ccd1", "#8e939a", "#3a3d42", "#dadde1"]),
    trim: pick(TRIMS),
    screen: pick([0, 1, 1, 2] as const),
    digital: r() < 0.5,
    spokes: r() < 0.5 ? 3 : 4,
    kind,
  };
  const make = Object.keys(BRAND_GRILLES).find((m) => name?.startsWith(`${m} `));
  if (make) look.grille = BRAND_GRILLES[make]!;
  // an electric car has no grille to breathe through
  if (name && /\bEQ|electric\b/i.test(name)) look.grille = "closed";
  return look;
}
