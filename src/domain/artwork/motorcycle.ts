import type { Look } from "./look";
import { f, shade } from "./project";

/*
 * A drawn motorcycle. The side view is built from its look (a sport bike's fairing, a naked bike's
 * round lamp and bare engine, an adventure bike's beak and tall screen, a trail bike's high guard
 * and thin seat); the other views turn, mirror or come close to it, and the cockpit, front and back
 * are drawn on their own.
 */

type Geo = { rear: number; front: number; r: number; ground: number; seat: number; bar: number };

function geometry(look: Look): Geo {
  const tall = look.kind === "adventure" || look.kind === "enduro" || look.kind === "trail";
  const r = look.wheel * (tall ? 1.1 : 1);
  const wb = look.wheelbase * 0.95;
  const rear = 200 - wb / 2;
  return {
    rear,
    front: rear + wb,
    r,
    ground: 190,
    seat: 190 - look.height * (tall ? 0.95 : 0.78),
    bar: 190 - look.height * (tall ? 1.12 : 0.9),
  };
}

function wheel(look: Look, x: number, y: number, r: number, disc: boolean): string {
  const spokes = look.kind === "enduro" || look.kind === "trail" ? 18 : look.rim === "five" ? 5 : look.rim === "six" ? 6 : 3;
  const thin = spokes > 10;
  return `<g transform="translate(${f(x)} ${f(y)})"><circle r="${f(r)}" fill="#1c1c1e"/><circle r="${f(r * 0.78)}" fill="#3a3b3e"/>${Array.from(
    { length: spokes },
    (_, i) =>
      `<rect x="0" y="${thin ? -0.4 : -2.2}" width="${f(r * 0.76)}" height="${thin ? 0.8 : 4.4}" fill="${look.rimColour}" transform="rotate(${f((360 / spokes) * i + 10)})"/>`,
  ).join(
    "",
  )}<circle r="${f(r * 0.76)}" fill="none" stroke="${look.rimColour}" stroke-width="2.5"/>${disc ? `<circle r="${f(r * 0.45)}" fill="none" stroke="#a9adb2" stroke-width="5"/>` : ""}<circle r="${f(r * 0.12)}" fill="#888"/></g>`;
}

/** The bike from its left, front to the right, on a ground line at y 190. */
export function bikeSide(look: Look, fill: string): string {
  const g = geometry(look);
  const { rear, front, r, ground, seat, bar } = g;
  const ay = ground - r;
  const engine = `<path d="M${f(rear + 58)} ${f(ay - 8)} L${f(rear + 70)} ${f(ay - 46)} L${f(front - 60)} ${f(ay - 48)} L${f(front - 48)} ${f(ay - 6)} L${f(rear + 80)} ${f(ay + 12)} Z" fill="#4a4c50"/><path d="M${f(rear + 78)} ${f(ay - 36)} H${f(front - 62)} M${f(rear + 76)} ${f(ay - 26)} H${f(front - 60)} M${f(rear + 74)} ${f(ay - 16)} H${f(front - 58)}" stroke="#6e7176" stroke-width="2.5"/>`;
  const exhaust =
    look.kind === "sport"
      ? `<path d="M${f(front - 60)} ${f(ay + 4)} Q${f(rear + 90)} ${f(ay + 16)} ${f(rear + 50)} ${f(ay - 6)}" stroke="#8d9196" stroke-width="7" fill="none"/><rect x="${f(rear + 30)}" y="${f(ay - 20)}" width="34" height="14" rx="6" fill="#2b2c2f" transform="rotate(-18 ${f(rear + 47)} ${f(ay - 13)})"/>`
      : `<path d="M${f(front - 60)} ${f(ay)} Q${f(rear + 100)} ${f(ay + 14)} ${f(rear + 40)} ${f(seat + 22)}" stroke="#9ea2a7" stroke-width="6" fill="none"/><rect x="${f(rear + 24)}" y="${f(seat + 14)}" width="40" height="13" rx="6" fill="#b5b9be" transform="rotate(-12 ${f(rear + 44)} ${f(seat + 20)})"/>`;
  const frame = `<path d="M${f(rear)} ${f(ay)} L${f(rear + 70)} ${f(ay - 20)} L${f(front - 50)} ${f(seat - 4)} M${f(rear)} ${f(ay)} L${f(rear + 40)} ${f(seat + 14)}" stroke="#2e2f32" stroke-width="6" fill="none"/><path d="M${f(front)} ${f(ay)} L${f(front - 26)} ${f(bar + 14)}" stroke="#b8bcc1" stroke-width="6"/>`;
  const tank = `<path d="M${f(front - 78)} ${f(seat - 2)} Q${f(front - 70)} ${f(seat - 26)} ${f(front - 34)} ${f(seat - 22)} L${f(front - 30)} ${f(seat + 16)} L${f(front - 80)} ${f(seat + 14)} Z" fill="${fill}"/><path d="M${f(front - 72)} ${f(seat - 10)} Q${f(front - 60)} ${f(seat - 22)} ${f(front - 40)} ${f(seat - 18)}" stroke="${shade(fill, 1.4)}" stroke-width="3" fill="none"/>`;
  const seatShape = `<path d="M${f(rear + 30)} ${f(seat - 6)} Q${f(rear + 60)} ${f(seat - 4)} ${f(front - 80)} ${f(seat - 2)} L${f(front - 78)} ${f(seat + 8)} L${f(rear + 34)} ${f(seat + 6)} Z" fill="#1b1b1d"/><path d="M${f(rear + 8)} ${f(seat - 8)} L${f(rear + 40)} ${f(seat - 2)} L${f(rear + 40)} ${f(seat + 12)} L${f(rear + 16)} ${f(seat + 4)} Z" fill="${look.kind === "enduro" || look.kind === "trail" ? "#f2f2f0" : fill}"/><rect x="${f(rear + 4)}" y="${f(seat - 8)}" width="8" height="5" fill="#c0141c"/>`;
  const guard =
    look.kind === "enduro" || look.kind === "trail"
      ? `<path d="M${f(front - 20)} ${f(bar + 40)} Q${f(front + 10)} ${f(bar + 30)} ${f(front + 36)} ${f(bar + 48)}" stroke="#f2f2f0" stroke-width="7" fill="none"/>`
      : `<path d="M${f(front - 28)} ${f(ay - r * 0.9)} A${f(r)} ${f(r)} 0 0 1 ${f(front + r * 0.8)} ${f(ay - r * 0.45)}" stroke="${shade(fill, 0.8)}" stroke-width="5" fill="none"/>`;
  const lamp =
    look.kind === "sport"
      ? `<path d="M${f(front - 40)} ${f(seat + 20)} L${f(front - 30)} ${f(bar - 10)} L${f(front + 2)} ${f(bar + 26)} L${f(front - 8)} ${f(ay - 6)} L${f(front - 52)} ${f(ay - 2)} Z" fill="${fill}"/><path d="M${f(front - 30)} ${f(bar - 10)} L${f(front - 18)} ${f(bar - 22)} L${f(front - 6)} ${f(bar + 8)} Z" fill="#3b4a58" opacity="0.85"/><polygon points="${f(front - 10)},${f(bar + 18)} ${f(front + 2)},${f(bar + 26)} ${f(front - 6)},${f(bar + 30)}" fill="#f4f1e6"/>`
      : look.kind === "adventure"
        ? `<path d="M${f(front - 34)} ${f(bar + 2)} L${f(front - 20)} ${f(bar - 34)} L${f(front - 8)} ${f(bar - 30)} L${f(front - 14)} ${f(bar + 10)} Z" fill="#3b4a58" opacity="0.85"/><path d="M${f(front - 30)} ${f(bar + 6)} L${f(front - 4)} ${f(bar + 12)} L${f(front + 8)} ${f(bar + 34)} L${f(front - 24)} ${f(bar + 34)} Z" fill="${fill}"/><rect x="${f(front - 14)}" y="${f(bar + 14)}" width="10" height="8" fill="#f4f1e6"/>`
        : look.kind === "enduro" || look.kind === "trail"
          ? `<path d="M${f(front - 28)} ${f(bar + 4)} L${f(front - 10)} ${f(bar)} L${f(front - 6)} ${f(bar + 30)} L${f(front - 24)} ${f(bar + 28)} Z" fill="#f2f2f0"/><rect x="${f(front - 14)}" y="${f(bar + 10)}" width="6" height="8" fill="#f4f1e6"/>`
          : `<circle cx="${f(front - 14)}" cy="${f(bar + 20)}" r="${look.headlight === "round" ? 12 : 9}" fill="#2a2b2e"/><circle cx="${f(front - 12)}" cy="${f(bar + 20)}" r="${look.headlight === "round" ? 9 : 6}" fill="#f4f1e6"/>`;
  const bars = `<path d="M${f(front - 36)} ${f(bar)} L${f(front - 22)} ${f(bar + 6)}" stroke="#1c1c1e" stroke-width="5"/><path d="M${f(front - 30)} ${f(bar)} L${f(front - 36)} ${f(bar - 20)}" stroke="#1c1c1e" stroke-width="2"/><ellipse cx="${f(front - 38)}" cy="${f(bar - 22)}" rx="6" ry="4" fill="#1c1c1e"/>`;
  return `<ellipse cx="200" cy="${ground + 2}" rx="${f((front - rear) / 2 + r + 10)}" ry="7" fill="#000" opacity="0.2"/>${wheel(look, rear, ay, r, false)}${exhaust}${frame}${engine}${tank}${seatShape}${guard}${wheel(look, front, ay, r, true)}${lamp}${bars}<path d="M${f(rear)} ${f(ay)} L${f(rear + 66)} ${f(ay - 6)}" stroke="#555" stroke-width="3"/>`;
}

/** Where on the side view a close-up looks: the engine, the front wheel, the tank, the exhaust, the rear wheel. */
export function bikeFocus(look: Look, part: "engine" | "wheel" | "tank" | "exhaust" | "chain" | "lamp"): [number, number, number] {
  const g = geometry(look);
  const ay = g.ground - g.r;
  const at: Record<typeof part, [number, number, number]> = {
    engine: [(g.rear + g.front) / 2, ay - 20, 2.4],
    wheel: [g.front, ay, 2.6],
    tank: [g.front - 60, g.seat, 2.6],
    exhaust: [g.rear + 50, ay, 2.6],
    chain: [g.rear + 20, ay, 2.4],
    lamp: [g.front - 14, g.bar + 16, 3.4],
  };
  return at[part];
}

/** The rider's view: bars, clocks, mirrors and the road ahead. */
export function bikeCockpit(look: Look, fill: string): string {
  const tft = look.digital || look.kind === "sport" || look.kind === "adventure";
  const clocks = tft
    ? `<rect x="160" y="92" width="80" height="48" rx="6" fill="#0f1418" stroke="#333" stroke-width="3"/><rect x="166" y="98" width="68" height="36" fill="#1e3b52"/><path d="M172 126 Q200 100 228 126" stroke="#5fd0ff" stroke-width="3" fill="none"/>`
    : `<circle cx="200" cy="116" r="26" fill="#111" stroke="#999" stroke-width="3"/><path d="M200 116 L186 100" stroke="#e8552a" stroke-width="2.5"/>`;
  return `<rect width="400" height="225" fill="#cfe0ee"/><rect y="120" width="400" height="105" fill="#8f988f"/><polygon points="180,120 220,120 300,225 100,225" fill="#555b5e"/><path d="M200 130 V225" stroke="#eee" stroke-width="3" stroke-dasharray="12 10"/>${
    look.kind === "adventure" || look.kind === "sport" ? `<path d="M140 100 L170 20 H230 L260 100 Z" fill="#3b4a58" opacity="0.45"/>` : ""
  }<path d="M0 170 Q100 130 170 140 M400 170 Q300 130 230 140" stroke="#1c1c1e" stroke-width="12" fill="none"/><rect x="0" y="160" width="40" height="30" rx="8" fill="#222"/><rect x="360" y="160" width="40" height="30" rx="8" fill="#222"/><ellipse cx="60" cy="90" rx="26" ry="16" fill="#1c1c1e"/><ellipse cx="340" cy="90" rx="26" ry="16" fill="#1c1c1e"/><ellipse cx="60" cy="90" rx="20" ry="11" fill="#9fb2c2"/><ellipse cx="340" cy="90" rx="20" ry="11" fill="#9fb2c2"/>${clocks}<path d="M150 225 Q200 150 250 225 Z" fill="${fill}"/><circle cx="200" cy="200" r="8" fill="#2a2b2e"/>`;
}

/** Head-on: the front tyre, forks, lamp and screen, bars and mirrors. */
export function bikeFront(look: Look, fill: string, back = false): string {
  const sport = look.kind === "sport";
  const tall = look.kind === "adventure" || look.kind === "enduro" || look.kind === "trail";
  const top = tall ? 40 : 60;
  const face = back
    ? `<path d="M168 ${top + 40} L232 ${top + 40} L220 ${top + 70} L180 ${top + 70} Z" fill="${fill}"/><rect x="182" y="${top + 56}" width="36" height="8" rx="3" fill="#c0141c"/>${plate(top + 78)}<rect x="150" y="130" width="26" height="40" rx="10" fill="#a9adb2"/>`
    : sport
      ? `<path d="M150 ${top + 20} L250 ${top + 20} L232 140 L168 140 Z" fill="${fill}"/><polygon points="160,${top + 60} 190,${top + 66} 190,${top + 76} 164,${top + 70}" fill="#f4f1e6"/><polygon points="240,${top + 60} 210,${top + 66} 210,${top + 76} 236,${top + 70}" fill="#f4f1e6"/><path d="M172 ${top + 20} L182 ${top - 20} H218 L228 ${top + 20} Z" fill="#3b4a58" opacity="0.8"/>`
      : look.kind === "adventure"
        ? `<path d="M165 ${top + 10} H235 L226 ${top + 80} H174 Z" fill="${fill}"/><rect x="184" y="${top + 40}" width="32" height="16" rx="4" fill="#f4f1e6"/><path d="M170 ${top + 10} L176 ${top - 40} H224 L230 ${top + 10} Z" fill="#3b4a58" opacity="0.7"/>`
        : `<circle cx="200" cy="${top + 40}" r="${look.headlight === "round" ? 24 : 18}" fill="#2a2b2e"/><circle cx="200" cy="${top + 40}" r="${look.headlight === "round" ? 18 : 13}" fill="#f4f1e6"/>`;
  return `<ellipse cx="200" cy="196" rx="60" ry="8" fill="#000" opacity="0.2"/><rect x="186" y="130" width="28" height="66" rx="12" fill="#1c1c1e"/>${back ? "" : `<rect x="178" y="${top + 50}" width="8" height="90" fill="#b8bcc1"/><rect x="214" y="${top + 50}" width="8" height="90" fill="#b8bcc1"/>`}<path d="M150 120 Q200 100 250 120 L240 150 H160 Z" fill="${shade(fill, 0.8)}"/><rect x="165" y="110" width="70" height="20" rx="6" fill="#4a4c50"/>${face}<path d="M110 ${top + 20} H290" stroke="#1c1c1e" stroke-width="6"/><path d="M130 ${top + 20} L120 ${top - 6} M270 ${top + 20} L280 ${top - 6}" stroke="#1c1c1e" stroke-width="2.5"/><ellipse cx="118" cy="${top - 10}" rx="12" ry="8" fill="#1c1c1e"/><ellipse cx="282" cy="${top - 10}" rx="12" ry="8" fill="#1c1c1e"/>`;
}

const plate = (y: number) => `<rect x="184" y="${y}" width="32" height="18" rx="2" fill="#f7f7f2" stroke="#333"/>`;
