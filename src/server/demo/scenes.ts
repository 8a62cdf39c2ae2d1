import { escapeMarkup } from "@/domain/format/markup";
import { own } from "@/domain/own";
import { initials, vehicleDrawing } from "@/domain/artwork/svg";
import { DEMO_SITES } from "./sites";

/*
 * The demo dealers' own pictures, drawn here because the demo reaches no image host: a hero banner
 * per trade (the site record's logo.banner) and the drawn dealers' logos. Pure:
 * the same name always gives the same SVG, and only names from these tables are ever drawn.
 */

type Vehicle = { body: string; colour: string; x: number; y: number; scale: number };
type Scene = { label: string; sky: [string, string]; ground: string; backdrop: string; vehicles: Vehicle[] };

const hills = (fill: string, base = 220) =>
  `<path d="M0 ${base} Q120 ${base - 70} 240 ${base - 20} T480 ${base - 40} T800 ${base - 10} L800 300 L0 300 Z" fill="${fill}"/>`;
const sun = (x: number, y: number, fill = "#ffd27a") => `<circle cx="${x}" cy="${y}" r="34" fill="${fill}" opacity="0.9"/>`;
const road = (fill = "#51575d") =>
  `<rect y="246" width="800" height="54" fill="${fill}"/><path d="M0 273 H800" stroke="#f4f4f4" stroke-width="3" stroke-dasharray="28 22"/>`;
const skyline = (fill: string) =>
  `<path d="M0 230 V170 H40 V140 H70 V185 H110 V120 H150 V160 H190 V100 H230 V175 H270 V150 H310 V190 H350 V130 H395 V170 H440 V110 H480 V165 H520 V145 H560 V180 H600 V125 H640 V160 H690 V140 H730 V175 H800 V230 Z" fill="${fill}"/>`;
const pines = (fill: string) =>
  Array.from({ length: 9 }, (_, i) => {
    const x = 440 + i * 42 + (i % 2) * 9;
    const h = 70 + (i % 3) * 18;
    return `<path d="M${x} ${205 - h} L${x + 18} 205 L${x - 18} 205 Z" fill="${fill}"/>`;
  }).join("");
const lake = `<path d="M0 232 Q200 222 400 230 T800 228 V262 H0 Z" fill="#7fb3d5"/>`;
const sea = `<rect y="196" width="800" height="40" fill="#4f9bc6"/><path d="M0 236 Q200 226 400 236 T800 234 V300 H0 Z" fill="#e9d8a6"/>`;

export const SCENES: Record<string, Scene> = {
  showroom: {
    label: "A row of cars on the road outside the dealership at dusk",
    sky: ["#2b4a7e", "#f0a46a"],
    ground: "#3c4248",
    backdrop: skyline("#1f3357") + road(),
    vehicles: [
      { body: "suv", colour: "White", x: 40, y: 118, scale: 0.85 },
      { body: "sedan", colour: "Soul Red", x: 290, y: 126, scale: 0.8 },
      { body: "hatch", colour: "Blue", x: 540, y: 130, scale: 0.78 },
    ],
  },
  motorcycles: {
    label: "Two motorcycles on a mountain road",
    sky: ["#5d9bd3", "#f5d9a8"],
    ground: "#6b8f4e",
    backdrop: sun(650, 70) + hills("#7a8fa6", 190) + hills("#6b8f4e", 232) + road(),
    vehicles: [
      { body: "naked", colour: "Blue", x: 140, y: 120, scale: 0.95 },
      { body: "adventure", colour: "Black", x: 420, y: 120, scale: 0.95 },
    ],
  },
  campers: {
    label: "A campervan and a caravan parked by the beach",
    sky: ["#6fb7e6", "#fde6c2"],
    ground: "#e9d8a6",
    backdrop: sun(120, 70) + sea,
    vehicles: [
      { body: "campervan", colour: "White", x: 80, y: 116, scale: 0.9 },
      { body: "caravan", colour: "Silver", x: 430, y: 116, scale: 0.85 },
    ],
  },
  trucks: {
    label: "A prime mover and a tipper on an outback highway",
    sky: ["#e7a35a", "#f7e2b5"],
    ground: "#c4773d",
    backdrop: sun(700, 80, "#fff1c1") + hills("#b2652f", 236) + road("#45403b"),
    vehicles: [
      { body: "prime mover", colour: "Red", x: 60, y: 110, scale: 0.95 },
      { body: "tipper", colour: "White", x: 420, y: 110, scale: 0.95 },
    ],
  },
  rv: {
    label: "A motorhome and a fifth wheel beside a lake in the pines",
    sky: ["#8ec5e8", "#eef6f1"],
    ground: "#5f8b5b",
    backdrop: hills("#a3b8c9", 180) + pines("#2f5d3a") + lake + `<rect y="262" width="800" height="38" fill="#5f8b5b"/>`,
    vehicles: [
      { body: "motorhome", colour: "White", x: 60, y: 120, scale: 0.9 },
      { body: "fifth wheel", colour: "Grey", x: 420, y: 120, scale: 0.85 },
    ],
  },
  coast: {
    label: "An SUV and a hatch on a coast road by the sea",
    sky: ["#78b9e6", "#fdebc8"],
    ground: "#e9d8a6",
    backdrop: sun(680, 64) + sea + road("#5a5f63"),
    vehicles: [
      { body: "suv", colour: "Blue", x: 120, y: 124, scale: 0.82 },
      { body: "hatch", colour: "White", x: 470, y: 132, scale: 0.76 },
    ],
  },
  country: {
    label: "A ute and a wagon on a country road between green hills",
    sky: ["#9cc9ec", "#f3f1dc"],
    ground: "#6b8f4e",
    backdrop: sun(110, 72) + hills("#93a97a", 196) + hills("#6b8f4e", 236) + road(),
    vehicles: [
      { body: "ute", colour: "Silver", x: 80, y: 118, scale: 0.86 },
      { body: "wagon", colour: "Grey", x: 450, y: 126, scale: 0.8 },
    ],
  },
  city: {
    label: "A sedan and an SUV in the city by day",
    sky: ["#a9d2f0", "#eef4f8"],
    ground: "#3c4248",
    backdrop: skyline("#8796a8") + road(),
    vehicles: [
      { body: "sedan", colour: "Black", x: 90, y: 128, scale: 0.8 },
      { body: "suv", colour: "Soul Red", x: 450, y: 120, scale: 0.84 },
    ],
  },
};

/** The scene that shows a site template's trade. */
export const sceneForTemplate = (template: string): string =>
  template === "motorcycles" || template === "campers" || template === "rv"
    ? template
    : template.startsWith("truck")
      ? "trucks"
      : "showroom";

const COLOURS: Record<string, string> = {
  White: "#f2f2f0",
  "Soul Red": "#9e1b22",
  Blue: "#1f5fa8",
  Black: "#222428",
  Silver: "#c5c9cc",
  Red: "#c0392b",
  Grey: "#7d8287",
};

function vehicle({ body, colour, x, y, scale }: Vehicle): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">${vehicleDrawing(body, COLOURS[colour] ?? "#9aa0a6")}</g>`;
}

/** A hero banner, 1600×600 by default (the page crops it to its box). */
export function sceneSvg(name: string): string | null {
  const s = own(SCENES, name);
  if (!s) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 300" width="1600" height="600" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeMarkup(s.label)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient></defs>
<rect width="800" height="300" fill="url(#sky)"/><rect y="230" width="800" height="70" fill="${s.ground}"/>${s.backdrop}${s.vehicles.map(vehicle).join("")}</svg>`;
}

/**
 * A demo dealer's logo: `{slug}` is the wordmark for the header (white, on the brand
 * colour), `{slug}-mark` the small square logo (`thumb`: the phone's header, the chat, the tab icon).
 */
export function dealerLogoSvg(file: string): string | null {
  const mark = file.endsWith("-mark");
  const site = DEMO_SITES.find((s) => s.drawnLogo && s.slug === (mark ? file.slice(0, -5) : file));
  if (!site) return null;
  const text = escapeMarkup(site.name);
  const letters = escapeMarkup(initials(site.name));
  const { primary, secondary } = site.colours;
  if (mark)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${text}">
<rect width="64" height="64" rx="12" fill="${primary}"/><path d="M8 44 L24 26 L34 36 L42 28 L56 44 Z" fill="${secondary}"/>
<text x="32" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="13" font-weight="700" fill="#ffffff">${letters}</text></svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 260 48" width="260" height="48" role="img" aria-label="${text}">
<path d="M2 40 L18 18 L28 30 L36 22 L52 40 Z" fill="${secondary}"/>
<text x="62" y="34" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" fill="#ffffff">${text}</text></svg>`;
}
