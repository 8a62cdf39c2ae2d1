import type { Look } from "./look";
import { f, shade } from "./project";

/*
 * The inside of a drawn vehicle, in the 400 × 225 picture: the dashboard, the seats, the boot or
 * load space, the engine bay, and for campers and caravans the living area, bed and kitchen. Each
 * is a one-point perspective sketch whose trim, screens, dials and wheel follow the look.
 */

const GLASS_OUT = `<linearGradient id="out" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe0ee"/><stop offset="0.62" stop-color="#e9eef0"/><stop offset="0.63" stop-color="#9aa39a"/><stop offset="1" stop-color="#7f877f"/></linearGradient>`;

/** A room in one-point perspective: the back wall's box and the picture's edges joined to it. */
function room(back: [number, number, number, number], walls: { floor: string; wall: string; ceiling: string; back: string }): string {
  const [x0, y0, x1, y1] = back;
  return `<polygon points="0,0 400,0 ${x1},${y0} ${x0},${y0}" fill="${walls.ceiling}"/><polygon points="0,225 400,225 ${x1},${y1} ${x0},${y1}" fill="${walls.floor}"/><polygon points="0,0 ${x0},${y0} ${x0},${y1} 0,225" fill="${walls.wall}"/><polygon points="400,0 ${x1},${y0} ${x1},${y1} 400,225" fill="${shade(walls.wall, 0.9)}"/><rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="${walls.back}"/>`;
}

/** A steering wheel of the look's spokes, centred at (cx, cy). */
function steering(look: Look, cx: number, cy: number, r: number): string {
  const spokes = look.spokes === 3 ? [90, 200, 340] : [20, 160, 200, 340];
  return `<g transform="translate(${cx} ${cy})"><ellipse rx="${r}" ry="${f(r * 0.92)}" fill="none" stroke="#18181a" stroke-width="${f(r * 0.16)}"/>${spokes
    .map((a) => `<rect x="0" y="${f(-r * 0.07)}" width="${f(r * 0.9)}" height="${f(r * 0.14)}" fill="#222326" transform="rotate(${a})"/>`)
    .join("")}<ellipse rx="${f(r * 0.3)}" ry="${f(r * 0.25)}" fill="#2a2b2e"/><circle r="${f(r * 0.08)}" fill="#9a9da2"/></g>`;
}

/** The dials behind the wheel: two round gauges, or one wide screen. */
function cluster(look: Look, cx: number, cy: number, s: number): string {
  if (look.digital)
    return `<rect x="${f(cx - 40 * s)}" y="${f(cy - 14 * s)}" width="${f(80 * s)}" height="${f(28 * s)}" rx="${f(3 * s)}" fill="#0f1418"/><circle cx="${f(cx - 22 * s)}" cy="${f(cy)}" r="${f(10 * s)}" fill="none" stroke="#3fa7d6" stroke-width="${f(2 * s)}"/><circle cx="${f(cx + 22 * s)}" cy="${f(cy)}" r="${f(10 * s)}" fill="none" stroke="#3fa7d6" stroke-width="${f(2 * s)}"/><rect x="${f(cx - 6 * s)}" y="${f(cy - 8 * s)}" width="${f(12 * s)}" height="${f(16 * s)}" fill="#1d3a4a"/>`;
  const dial = (x: number) =>
    `<circle cx="${f(x)}" cy="${f(cy)}" r="${f(13 * s)}" fill="#111" stroke="#777" stroke-width="${f(1.5 * s)}"/>${Array.from(
      { length: 9 },
      (_, i) => {
        const a = ((210 - i * 30) * Math.PI) / 180;
        return `<path d="M${f(x + Math.cos(a) * 10 * s)} ${f(cy - Math.sin(a) * 10 * s)} L${f(x + Math.cos(a) * 12 * s)} ${f(cy - Math.sin(a) * 12 * s)}" stroke="#ddd" stroke-width="${f(0.8 * s)}"/>`;
      },
    ).join("")}<path d="M${f(x)} ${f(cy)} L${f(x - 7 * s)} ${f(cy - 6 * s)}" stroke="#e8552a" stroke-width="${f(1.4 * s)}"/>`;
  return `<rect x="${f(cx - 36 * s)}" y="${f(cy - 16 * s)}" width="${f(72 * s)}" height="${f(32 * s)}" rx="${f(12 * s)}" fill="#1b1c1e"/>${dial(cx - 17 * s)}${dial(cx + 17 * s)}`;
}

/** Looking forward from the back seat's middle: windscreen, dash, wheel on the right (the AU side). */
export function dashboard(look: Look, fill: string, big = false): string {
  const dash = look.trim;
  const screen =
    look.screen === 0
      ? `<rect x="176" y="118" width="48" height="22" rx="2" fill="#111"/><circle cx="186" cy="150" r="5" fill="#333"/><circle cx="214" cy="150" r="5" fill="#333"/>`
      : look.screen === 1
        ? `<rect x="168" y="100" width="64" height="40" rx="3" fill="#0e1216" stroke="#333" stroke-width="2"/><rect x="172" y="104" width="56" height="32" fill="#1e3b52"/>`
        : `<rect x="150" y="94" width="100" height="36" rx="3" fill="#0e1216" stroke="#333" stroke-width="2"/><rect x="154" y="98" width="92" height="28" fill="#24445c"/>`;
  const vent = (x: number) =>
    look.headlight === "round"
      ? `<circle cx="${x}" cy="128" r="10" fill="#1e1f21" stroke="#888" stroke-width="1.5"/>`
      : `<rect x="${x - 16}" y="122" width="32" height="12" rx="3" fill="#1e1f21"/>`;
  return `<defs>${GLASS_OUT}</defs><rect width="400" height="225" fill="url(#out)"/><path d="M0 0 L40 0 L70 95 L0 120 Z M400 0 L360 0 L330 95 L400 120 Z" fill="${shade(fill, 0.5)}"/><rect width="400" height="14" fill="${shade(dash, 0.8)}"/>
<path d="M0 110 Q200 78 400 110 L400 225 L0 225 Z" fill="${dash}"/><path d="M0 140 Q200 120 400 140" stroke="${shade(dash, 1.3)}" stroke-width="2" fill="none"/>${vent(60)}${vent(130)}${vent(270)}${vent(340)}${screen}
<rect x="170" y="150" width="60" height="75" fill="${shade(dash, 0.8)}"/><rect x="192" y="176" width="16" height="26" rx="5" fill="#1c1c1e"/>${cluster(look, 290, 128, 1)}${steering(look, 290, 150, big ? 62 : 52)}`;
}

/** A close look at the dials and the wheel's centre. */
export function instruments(look: Look): string {
  return `<rect width="400" height="225" fill="${shade(look.trim, 0.7)}"/><path d="M0 40 Q200 0 400 40 L400 225 L0 225 Z" fill="${look.trim}"/>${cluster(look, 200, 100, 3.2)}<path d="M40 225 Q200 150 360 225" stroke="#18181a" stroke-width="22" fill="none"/><rect x="175" y="190" width="50" height="35" rx="6" fill="#2a2b2e"/>`;
}

/** A seat in profile (cushion, back, headrest), its front at x. */
function seatSide(x: number, y: number, s: number, trim: string): string {
  const edge = shade(trim, 1.4);
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 0 Q-4 -18 10 -20 L70 -22 Q78 -20 76 -4 L74 6 L4 8 Z" fill="${trim}"/><path d="M66 -18 L92 -110 Q96 -122 84 -124 L68 -124 Q58 -120 56 -108 L44 -20 Z" fill="${shade(trim, 0.9)}"/><rect x="64" y="-150" width="30" height="24" rx="9" fill="${trim}"/><path d="M70 -126 L72 -134 M86 -126 L84 -134" stroke="#777" stroke-width="3"/><path d="M8 -12 L70 -14 M60 -40 L86 -110" stroke="${edge}" stroke-width="1.5" stroke-dasharray="3 3"/><rect x="20" y="8" width="40" height="18" fill="#2a2a2a"/></g>`;
}

/** The front seats through the open driver's door. */
export function seats(look: Look, fill: string): string {
  return `<rect width="400" height="225" fill="${shade(look.trim, 0.55)}"/><rect x="0" y="150" width="400" height="75" fill="#2b2c2e"/><path d="M0 0 H400 V18 H0 Z M0 0 V225 H30 V20 Z M370 20 V225 H400 V0 Z" fill="${fill}"/><rect x="30" y="196" width="340" height="29" fill="${shade(fill, 0.7)}"/><rect x="30" y="186" width="340" height="10" fill="#8a8d92"/>${seatSide(120, 165, 1, look.trim)}${seatSide(250, 150, 0.78, shade(look.trim, 0.85))}<path d="M40 20 Q60 90 38 150" stroke="#222" stroke-width="6" fill="none"/>`;
}

/** The rear bench, seen from the open back door. */
export function rearSeats(look: Look): string {
  const t = look.trim;
  const cushion = (x: number) =>
    `<rect x="${x}" y="74" width="84" height="74" rx="10" fill="${shade(t, 0.95)}"/><rect x="${x + 22}" y="46" width="40" height="26" rx="8" fill="${t}"/><rect x="${x}" y="146" width="84" height="40" rx="8" fill="${shade(t, 1.1)}"/>`;
  return `${room([60, 40, 340, 170], { floor: "#2a2b2d", wall: shade(t, 0.6), ceiling: "#d8d6d0", back: "#b9c7d3" })}${cushion(70)}${cushion(158)}${cushion(246)}<rect x="66" y="186" width="268" height="14" fill="#1d1e20"/>`;
}

/** The boot, tailgate up: floor, seat backs and the opening's frame in the body's colour. */
export function boot(look: Look, fill: string): string {
  const t = look.trim;
  return `<rect width="400" height="225" fill="#cfd7de"/>${room([110, 70, 290, 150], { floor: "#2f3033", wall: "#3a3b3e", ceiling: shade(t, 0.8), back: shade(t, 0.9) })}<rect x="120" y="58" width="70" height="20" rx="6" fill="${t}"/><rect x="210" y="58" width="70" height="20" rx="6" fill="${t}"/><path d="M40 225 L110 150 H290 L360 225 Z" fill="#262729"/><path d="M120 170 H280 M100 190 H300 M80 210 H320" stroke="#333538" stroke-width="2"/><path d="M0 0 H400 V225 H360 L370 30 H30 L40 225 H0 Z" fill="${fill}"/><path d="M30 30 H370" stroke="${shade(fill, 0.6)}" stroke-width="3"/>${rearLamps(look)}`;
}

const rearLamps = (look: Look) =>
  look.taillight === "vertical"
    ? `<rect x="6" y="60" width="18" height="90" rx="4" fill="#b5121b"/><rect x="376" y="60" width="18" height="90" rx="4" fill="#b5121b"/>`
    : `<rect x="0" y="120" width="34" height="30" rx="4" fill="#b5121b"/><rect x="366" y="120" width="34" height="30" rx="4" fill="#b5121b"/>`;

/** A ute's tub from behind, the tailgate down. */
export function tray(look: Look, fill: string): string {
  return `<rect width="400" height="225" fill="#dfe6ea"/><rect x="0" y="160" width="400" height="65" fill="#b9bec1"/><rect x="70" y="10" width="260" height="70" rx="8" fill="${fill}"/><rect x="92" y="20" width="216" height="46" rx="5" fill="#27323d"/><polygon points="40,80 360,80 390,190 10,190" fill="${fill}"/><polygon points="70,84 330,84 352,170 48,170" fill="#2a2b2e"/>${Array.from({ length: 7 }, (_, i) => `<path d="M${f(96 + i * 35)} 86 L${f(76 + i * 41)} 170" stroke="#3c3e42" stroke-width="5"/>`).join("")}<polygon points="10,190 390,190 380,215 20,215" fill="${shade(fill, 0.75)}"/><rect x="14" y="120" width="22" height="50" fill="#b5121b"/><rect x="364" y="120" width="22" height="50" fill="#b5121b"/>`;
}

/** A van's load space from the back doors (or, `fromSide`, from the sliding door). */
export function cargo(look: Look, fill: string, fromSide = false): string {
  const back: [number, number, number, number] = fromSide ? [230, 60, 360, 160] : [120, 50, 280, 165];
  const ply = "#c8a67a";
  return `${room(back, { floor: "#4a4b4e", wall: ply, ceiling: "#e3e3df", back: shade(ply, 0.92) })}<path d="M${back[0]} ${back[1] + 40} L0 ${fromSide ? 70 : 60} M${back[2]} ${back[1] + 40} L400 ${fromSide ? 70 : 60}" stroke="#777a7e" stroke-width="5"/><polygon points="${fromSide ? "60,225 120,170 170,170 150,225" : "20,200 100,160 100,190 40,225"}" fill="#6a5a44"/><polygon points="${fromSide ? "320,160 360,150 360,175 330,190" : "380,200 300,160 300,190 360,225"}" fill="#6a5a44"/><path d="M0 0 V225 H18 V14 H382 V225 H400 V0 Z" fill="${fill}"/>`;
}

/** A bus's aisle from the front: rows of seats to the back window. */
export function saloon(look: Look): string {
  const t = look.trim;
  const rows = Array.from({ length: 6 }, (_, i) => {
    const k = 1 - i * 0.14;
    const w = 80 * k,
      h = 70 * k,
      y = 200 - i * 24 * (1 + k * 0.3);
    const seat = (x: number) =>
      `<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" rx="${f(8 * k)}" fill="${shade(t, 0.8 + i * 0.05)}"/>`;
    return seat(200 - 30 * k - w * 1.9) + seat(200 - 30 * k - w * 0.95) + seat(200 + 30 * k) + seat(200 + 30 * k + w * 0.95);
  })
    .reverse()
    .join("");
  return `${room([160, 60, 240, 120], { floor: "#3b3c3f", wall: "#d9dbdd", ceiling: "#eeeeea", back: "#a9bfd2" })}<path d="M0 40 L160 70 M400 40 L240 70" stroke="#8fb0c8" stroke-width="30"/>${rows}`;
}

/** The engine bay, bonnet up. An electric car's is mostly covers and orange cables. */
export function engineBay(look: Look, fill: string): string {
  const electric = look.grille === "closed";
  const cover = electric ? "#2d2f33" : look.trim === "#b9a78a" ? "#3a3c40" : "#1f2023";
  return `<rect width="400" height="225" fill="#cdd6dc"/><polygon points="30,0 370,0 330,70 70,70" fill="${shade(fill, 0.8)}"/><polygon points="20,225 380,225 340,70 60,70" fill="#3a3c3f"/><polygon points="40,225 360,225 330,100 70,100" fill="#2a2b2e"/><rect x="${electric ? 110 : 140}" y="105" width="${electric ? 180 : 120}" height="70" rx="10" fill="${cover}"/>${
    electric
      ? `<path d="M120 180 Q160 200 200 180 T280 180" stroke="#e07a1f" stroke-width="6" fill="none"/>`
      : `<path d="M155 120 H245 M155 135 H245 M155 150 H245" stroke="#3a3c40" stroke-width="4"/><circle cx="200" cy="160" r="7" fill="#e0b020"/>`
  }<rect x="80" y="110" width="44" height="34" fill="#111"/><circle cx="92" cy="110" r="4" fill="#c03030"/><rect x="290" y="105" width="30" height="36" rx="4" fill="#e8e4d0" opacity="0.9"/><circle cx="305" cy="105" r="6" fill="#1b5fb5"/><circle cx="300" cy="170" r="14" fill="#444"/>${
    look.grille === "hexagon"
      ? `<circle cx="96" cy="175" r="12" fill="#555"/>`
      : `<rect x="82" y="165" width="30" height="22" rx="3" fill="#555"/>`
  }`;
}

/** A camper's or caravan's living area: a dinette under a window, cupboards above. */
export function living(look: Look, fill: string, facing: "back" | "front" = "back"): string {
  const wood = look.trim === "#2a2b2e" ? "#a8845a" : "#d2b48c";
  const back: [number, number, number, number] = facing === "back" ? [90, 60, 310, 170] : [140, 50, 360, 160];
  const [x0, y0, x1, y1] = back;
  const w = x1 - x0;
  return `${room(back, { floor: "#8a7a66", wall: "#ecebe6", ceiling: "#f7f6f2", back: "#e2e0d8" })}<rect x="${x0 + w * 0.2}" y="${y0 + 22}" width="${w * 0.6}" height="40" rx="6" fill="#9fc0d8"/><rect x="${x0}" y="${y0}" width="${w}" height="18" fill="${wood}"/><rect x="${x0 + w * 0.1}" y="${y1 - 55}" width="${w * 0.8}" height="55" rx="6" fill="${fill}"/><rect x="${x0 + w * 0.25}" y="${y1 - 40}" width="${w * 0.5}" height="8" fill="${wood}"/><rect x="${x0 + w * 0.48}" y="${y1 - 32}" width="6" height="32" fill="#777"/><polygon points="0,40 ${x0},${y0 + 5} ${x0},${y0 + 20} 0,70" fill="${wood}"/><rect x="${x0 + w * 0.12}" y="${y1 - 70}" width="${w * 0.22}" height="20" rx="5" fill="${shade(fill, 1.2)}"/><rect x="${x0 + w * 0.66}" y="${y1 - 70}" width="${w * 0.22}" height="20" rx="5" fill="${shade(fill, 1.2)}"/>`;
}

/** The bed at the back, made up, with reading lights. */
export function bed(look: Look, fill: string): string {
  return `${room([70, 50, 330, 150], { floor: "#8a7a66", wall: "#ecebe6", ceiling: "#f7f6f2", back: "#ddd9cf" })}<rect x="80" y="60" width="240" height="20" fill="#b8966a"/><polygon points="60,225 340,225 330,140 70,140" fill="#f5f3ee"/><polygon points="60,225 340,225 334,180 66,180" fill="${fill}"/><rect x="100" y="118" width="80" height="28" rx="10" fill="#ffffff"/><rect x="220" y="118" width="80" height="28" rx="10" fill="#ffffff"/><circle cx="90" cy="96" r="6" fill="#ffe9a8"/><circle cx="310" cy="96" r="6" fill="#ffe9a8"/><rect x="150" y="90" width="100" height="22" rx="4" fill="#9fc0d8"/>`;
}

/** The kitchen bench: sink, cooktop, fridge. */
export function kitchen(look: Look, fill: string): string {
  const top = look.trim === "#b9a78a" ? "#d8d2c4" : "#4a4b4e";
  return `${room([110, 40, 290, 180], { floor: "#8a7a66", wall: "#ecebe6", ceiling: "#f7f6f2", back: "#e8e6de" })}<rect x="110" y="110" width="180" height="70" fill="${shade(fill, 1.15)}"/><rect x="104" y="104" width="192" height="10" fill="${top}"/><rect x="130" y="90" width="50" height="14" rx="4" fill="#c2c6ca"/><circle cx="230" cy="100" r="9" fill="#222"/><circle cx="262" cy="100" r="9" fill="#222"/><rect x="110" y="40" width="180" height="40" fill="#c8a67a"/><path d="M170 40 V80 M230 40 V80" stroke="#8a6d4a" stroke-width="2"/><polygon points="400,0 340,30 340,200 400,225" fill="#e5e7e9"/><path d="M348 110 V140" stroke="#999" stroke-width="4"/>`;
}
