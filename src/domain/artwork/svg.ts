import { escapeMarkup } from "../format/markup";
import { own } from "../own";
import { BRAND_EMBLEMS } from "../site/brands";

/*
 * The platform's own drawings, served as SVG under /photos for every dealer: a body type's outline
 * ("shop by type"), a brand's emblem where the dealership has no logo of its own, and the "photo
 * coming soon" placeholder. Pure: the same name always gives the same SVG, and only names from these
 * tables are drawn. The demo dealers' pictures (src/server/demo) draw their cars with the same shapes.
 */

const SHAPES: Record<string, string> = {
  hatch: "M60 150 L85 105 Q95 92 115 90 L210 88 Q235 88 250 110 L275 120 Q300 124 305 140 L305 160 L60 160 Z",
  sedan: "M45 150 L70 120 L110 95 Q120 90 135 90 L215 90 Q230 90 245 105 L265 122 L315 130 Q330 135 330 150 L330 160 L45 160 Z",
  wagon: "M45 150 L70 112 Q80 92 100 92 L265 90 Q285 90 295 112 L318 128 Q330 134 330 150 L330 160 L45 160 Z",
  suv: "M45 155 L55 108 Q62 82 90 80 L255 80 Q280 80 292 104 L318 120 Q332 126 332 145 L332 160 L45 160 Z",
  utility: "M40 150 L45 110 Q50 86 75 84 L170 84 Q185 84 195 104 L200 118 L335 118 L335 160 L40 160 Z",
  convertible: "M50 150 L70 128 L150 122 L175 104 L185 104 L200 124 L300 128 Q325 132 328 148 L328 160 L50 160 Z",
  van: "M40 160 L40 85 Q42 62 70 60 L280 60 Q300 60 312 90 L330 120 Q336 130 336 150 L336 160 Z",
  bus: "M30 160 L30 70 Q32 52 55 52 L320 52 Q342 52 344 76 L346 160 Z",
  truck: "M30 160 L30 60 L215 60 L215 160 Z M222 160 L222 80 L285 80 Q300 80 310 100 L330 122 L340 130 L340 160 Z",
  camper: "M30 160 L30 70 Q32 50 60 50 L250 50 Q270 50 285 72 L300 96 L335 110 Q345 116 345 140 L345 160 Z",
  caravan: "M50 150 L50 70 Q52 50 80 50 L300 50 Q325 50 328 80 L330 150 L360 150 L360 156 L330 156 L330 160 L50 160 Z",
  motorcycle: "M95 150 L140 110 L175 112 L200 92 L230 92 L245 110 L275 118 L255 130 L200 132 L170 148 Z",
};

export function shapeFor(body: string): keyof typeof SHAPES {
  const b = body.toLowerCase();
  // towed first: a "travel trailer" is a caravan, not a trail bike
  if (/caravan|trailer|fifth wheel/.test(b)) return "caravan";
  if (/\b(naked|sport|adventure|enduro|trail|motorcycle)\b/.test(b)) return "motorcycle";
  if (/motorhome|campervan|camper|class/.test(b)) return "camper";
  if (/cab chassis|tipper|prime mover|tray|pantech|truck/.test(b)) return "truck";
  if (b === "suv") return "suv";
  return (Object.hasOwn(SHAPES, b) ? b : "sedan") as keyof typeof SHAPES;
}

const WHEELS: Partial<Record<keyof typeof SHAPES, Array<[number, number]>>> = {
  motorcycle: [
    [110, 152],
    [265, 152],
  ],
  truck: [
    [80, 162],
    [150, 162],
    [300, 162],
  ],
  caravan: [[190, 162]],
  bus: [
    [85, 162],
    [295, 162],
  ],
};

/** A body type's outline in a colour, with its glass and wheels, in a 400×225 box. */
export function vehicleDrawing(body: string, fill: string): string {
  const shape = shapeFor(body);
  const wheels = WHEELS[shape] ?? [
    [105, 162],
    [280, 162],
  ];
  const r = shape === "motorcycle" ? 24 : 20;
  return `<path d="${SHAPES[shape]}" fill="${fill}" stroke="#222" stroke-width="2"/>
${shape === "motorcycle" ? "" : `<path d="M120 100 L200 98 L200 118 L112 120 Z" fill="#9fc3e0" opacity="0.8"/>`}
${wheels.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#222"/><circle cx="${x}" cy="${y}" r="${r / 2.2}" fill="#bbb"/>`).join("")}`;
}

/** Brand emblems: a roundel in the brand's colour with its initials, and the name beside it. */
export const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

export function brandEmblemSvg(slug: string): string | null {
  const brand = own(BRAND_EMBLEMS, slug);
  if (!brand) return null;
  const { name, colour } = brand;
  const text = escapeMarkup(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${text} logo">
<circle cx="40" cy="40" r="30" fill="${colour}"/><circle cx="40" cy="40" r="24" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.7"/>
<text x="40" y="47" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="#ffffff">${escapeMarkup(initials(name))}</text>
<text x="82" y="48" font-family="Arial, Helvetica, sans-serif" font-size="${name.length > 12 ? 16 : 21}" font-weight="700" fill="${colour}">${text}</text></svg>`;
}

/** A body type's outline on a light ground (the slug's dashes are spaces: "prime-mover"); unknown bodies draw as a sedan. */
export function bodyTypeSvg(slug: string): string | null {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  const body = slug.replace(/-/g, " ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="20 30 360 160" width="360" height="160" role="img" aria-label="${escapeMarkup(body)}">
<rect x="20" y="30" width="360" height="160" fill="#f1f3f5"/>${vehicleDrawing(body, "#5f6b73")}</svg>`;
}

export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" width="800" height="450" role="img" aria-label="Photo coming soon">
<rect width="400" height="225" fill="#eceff1"/><text x="200" y="120" text-anchor="middle" font-family="sans-serif" font-size="20" fill="#5f6b73">Photo coming soon</text></svg>`;
