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
  // seat and bar heights in proportion to the wheelbase: a trail bike sits higher than a road bike
  const up = (look.height - 110) / 400;
  return {
    rear,
    front: rear + wb,
    r,
    ground: 190,
    seat: 190 - wb * ((tall ? 0.6 : 0.5) + up),
    bar: 190 - wb * ((tall ? 0.78 : 0.68) + up),
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
  const { rear, front, r, ground, seat, bar } = geometry(look);
  const wb = front - rear;
  const ay = ground - r;
  const at = (share: number) => rear + wb * share;
  const offRoad = look.kind === "enduro" || look.kind === "trail";
  const head = { x: at(0.78), y: bar + 16 };
  const pivot = { x: at(0.4), y: ay - 8 };
  const metal = "#b8bcc1",
    black = "#1c1c1e";
  const engine = offRoad
    ? `<path d="M${f(at(0.42))} ${f(ay + 4)} L${f(at(0.44))} ${f(ay - 34)} L${f(at(0.62))} ${f(ay - 40)} L${f(at(0.66))} ${f(ay - 2)} Z" fill="#4a4c50"/>`
    : `<path d="M${f(at(0.38))} ${f(ay + 8)} L${f(at(0.4))} ${f(ay - 30)} L${f(at(0.5))} ${f(seat + 14)} L${f(at(0.68))} ${f(seat + 12)} L${f(at(0.72))} ${f(ay - 18)} L${f(at(0.66))} ${f(ay + 14)} Z" fill="#4a4c50"/><path d="M${f(at(0.5))} ${f(seat + 22)} H${f(at(0.68))} M${f(at(0.49))} ${f(seat + 30)} H${f(at(0.69))} M${f(at(0.48))} ${f(seat + 38)} H${f(at(0.7))}" stroke="#6e7176" stroke-width="2.5"/><ellipse cx="${f(at(0.52))}" cy="${f(ay - 4)}" rx="10" ry="9" fill="#5c5f64"/>`;
  const exhaust =
    look.kind === "sport"
      ? `<path d="M${f(at(0.7))} ${f(ay - 10)} Q${f(at(0.66))} ${f(ay + 16)} ${f(at(0.5))} ${f(ay + 14)}" stroke="#8d9196" stroke-width="6" fill="none"/><rect x="${f(at(0.4))}" y="${f(ay + 4)}" width="${f(wb * 0.12)}" height="13" rx="5" fill="#2b2c2f"/>`
      : `<path d="M${f(at(0.7))} ${f(ay - 10)} Q${f(at(0.62))} ${f(ay + 16)} ${f(at(0.4))} ${f(ay + 4)} L${f(at(0.22))} ${f(offRoad ? seat + 18 : ay - 14)}" stroke="#9ea2a7" stroke-width="6" fill="none"/><rect x="${f(at(0.08))}" y="${f(offRoad ? seat + 10 : ay - 24)}" width="${f(wb * 0.2)}" height="14" rx="6" fill="#b5b9be" transform="rotate(${offRoad ? -14 : -8} ${f(at(0.18))} ${f(offRoad ? seat + 17 : ay - 17)})"/>`;
  const frame = `<path d="M${f(rear)} ${f(ay)} L${f(pivot.x)} ${f(pivot.y)}" stroke="#2e2f32" stroke-width="7"/><path d="M${f(pivot.x)} ${f(pivot.y)} L${f(at(0.42))} ${f(seat + 8)} L${f(head.x)} ${f(head.y)} M${f(at(0.42))} ${f(seat + 8)} L${f(at(0.08))} ${f(seat - 2)}" stroke="#2e2f32" stroke-width="5" fill="none"/><path d="M${f(rear + 4)} ${f(ay - 4)} L${f(at(0.3))} ${f(seat + 6)}" stroke="${offRoad ? metal : "#333"}" stroke-width="5"/>`;
  const fork = `<path d="M${f(front)} ${f(ay)} L${f(head.x)} ${f(head.y)}" stroke="${look.kind === "sport" ? "#c9a227" : metal}" stroke-width="7"/>`;
  const tank = `<path d="M${f(at(0.46))} ${f(seat - 2)} Q${f(at(0.5))} ${f(seat - 26)} ${f(at(0.7))} ${f(seat - 24)} L${f(at(0.76))} ${f(seat - 8)} L${f(at(0.72))} ${f(seat + 12)} L${f(at(0.47))} ${f(seat + 10)} Z" fill="${fill}"/><path d="M${f(at(0.52))} ${f(seat - 14)} Q${f(at(0.6))} ${f(seat - 24)} ${f(at(0.7))} ${f(seat - 20)}" stroke="${shade(fill, 1.4)}" stroke-width="3" fill="none"/>`;
  const seatShape = `<path d="M${f(at(0.12))} ${f(seat - 6)} Q${f(at(0.3))} ${f(seat - 2)} ${f(at(0.47))} ${f(seat - 4)} L${f(at(0.47))} ${f(seat + 6)} L${f(at(0.14))} ${f(seat + 4)} Z" fill="${black}"/><path d="M${f(at(-0.08))} ${f(seat - 12)} L${f(at(0.16))} ${f(seat - 4)} L${f(at(0.16))} ${f(seat + 10)} L${f(at(-0.02))} ${f(seat + 2)} Z" fill="${offRoad ? "#f2f2f0" : fill}"/><rect x="${f(at(-0.09))}" y="${f(seat - 13)}" width="8" height="5" fill="#c0141c"/>`;
  const guard = offRoad
    ? `<path d="M${f(head.x - 6)} ${f(head.y + 26)} Q${f(front + 6)} ${f(head.y + 12)} ${f(front + r * 0.9)} ${f(head.y + 30)}" stroke="#f2f2f0" stroke-width="7" fill="none"/>`
    : `<path d="M${f(front - r * 0.85)} ${f(ay - r * 0.55)} Q${f(front)} ${f(ay - r * 1.35)} ${f(front + r * 0.85)} ${f(ay - r * 0.45)}" stroke="${shade(fill, 0.8)}" stroke-width="5" fill="none"/>`;
  const lampX = head.x + 10;
  const lamp =
    look.kind === "sport"
      ? `<path d="M${f(at(0.5))} ${f(seat + 8)} L${f(head.x - 10)} ${f(head.y - 20)} L${f(front + 6)} ${f(head.y + 14)} L${f(front - 6)} ${f(ay - 4)} L${f(at(0.44))} ${f(ay + 6)} L${f(at(0.46))} ${f(ay - 20)} Z" fill="${fill}"/><path d="M${f(head.x - 10)} ${f(head.y - 20)} L${f(head.x + 2)} ${f(head.y - 34)} L${f(front - 2)} ${f(head.y + 4)} Z" fill="#3b4a58" opacity="0.85"/><path d="M${f(at(0.56))} ${f(ay - 22)} L${f(at(0.84))} ${f(ay - 26)}" stroke="${shade(fill, 1.35)}" stroke-width="4"/><polygon points="${f(front - 8)},${f(head.y + 8)} ${f(front + 6)},${f(head.y + 14)} ${f(front - 4)},${f(head.y + 20)}" fill="#f4f1e6"/>`
      : look.kind === "adventure"
        ? `<path d="M${f(head.x - 8)} ${f(head.y - 6)} L${f(head.x + 4)} ${f(head.y - 42)} L${f(head.x + 16)} ${f(head.y - 38)} L${f(head.x + 12)} ${f(head.y)} Z" fill="#3b4a58" opacity="0.85"/><path d="M${f(head.x - 6)} ${f(head.y - 4)} L${f(head.x + 20)} ${f(head.y + 2)} L${f(front + 16)} ${f(head.y + 26)} L${f(head.x + 2)} ${f(head.y + 26)} Z" fill="${fill}"/><rect x="${f(head.x + 10)}" y="${f(head.y + 4)}" width="10" height="8" fill="#f4f1e6"/><path d="M${f(at(0.46))} ${f(seat + 14)} L${f(at(0.72))} ${f(seat + 10)} L${f(at(0.76))} ${f(ay - 12)} L${f(at(0.5))} ${f(ay - 6)} Z" fill="${shade(fill, 0.85)}" opacity="0.9"/>`
        : offRoad
          ? `<path d="M${f(lampX - 6)} ${f(head.y - 6)} L${f(lampX + 8)} ${f(head.y - 10)} L${f(lampX + 12)} ${f(head.y + 22)} L${f(lampX - 2)} ${f(head.y + 22)} Z" fill="#f2f2f0"/><rect x="${f(lampX + 2)}" y="${f(head.y + 2)}" width="6" height="8" fill="#f4f1e6"/>`
          : `<circle cx="${f(lampX)}" cy="${f(head.y + 4)}" r="${look.headlight === "round" ? 12 : 9}" fill="#2a2b2e"/><circle cx="${f(lampX + 2)}" cy="${f(head.y + 4)}" r="${look.headlight === "round" ? 9 : 6}" fill="#f4f1e6"/>`;
  const bars = `<path d="M${f(head.x - 14)} ${f(head.y - 18)} L${f(head.x + 2)} ${f(head.y - 8)}" stroke="${black}" stroke-width="5"/><path d="M${f(head.x - 8)} ${f(head.y - 16)} L${f(head.x - 14)} ${f(head.y - 36)}" stroke="${black}" stroke-width="2"/><ellipse cx="${f(head.x - 16)}" cy="${f(head.y - 38)}" rx="6" ry="4" fill="${black}"/>`;
  return `<ellipse cx="200" cy="${ground + 2}" rx="${f(wb / 2 + r + 10)}" ry="7" fill="#000" opacity="0.2"/>${wheel(look, rear, ay, r, false)}${frame}${exhaust}${engine}${tank}${seatShape}${wheel(look, front, ay, r, true)}${fork}${guard}${lamp}${bars}<path d="M${f(rear)} ${f(ay)} L${f(at(0.42))} ${f(ay - 2)}" stroke="#555" stroke-width="2"/>`;
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
  return `<ellipse cx="200" cy="196" rx="60" ry="8" fill="#000" opacity="0.2"/><rect x="186" y="130" width="28" height="66" rx="12" fill="#1c1c1e"/>${back ? "" : `<rect x="178" y="${top + 50}" width="8" height="90" fill="#b8bcc1"/><rect x="214" y="${top + 50}" width="8" height="90" fill="#b8bcc1"/>`}<path d="M150 120 Q200 100 250 120 L240 150 H160 Z" fill="${shade(fill, 0.8)}"/><rect x="165" y="110" width="70" height="20" rx="6" fill="#4a4c50"/>${face}<path d="M125 ${top + 42} Q200 ${top + 30} 275 ${top + 42}" stroke="#1c1c1e" stroke-width="6" fill="none"/><rect x="118" y="${top + 36}" width="16" height="12" rx="4" fill="#2a2b2e"/><rect x="266" y="${top + 36}" width="16" height="12" rx="4" fill="#2a2b2e"/><path d="M140 ${top + 38} L130 ${top + 12} M260 ${top + 38} L270 ${top + 12}" stroke="#1c1c1e" stroke-width="2.5"/><ellipse cx="128" cy="${top + 8}" rx="12" ry="8" fill="#1c1c1e"/><ellipse cx="272" cy="${top + 8}" rx="12" ry="8" fill="#1c1c1e"/>`;
}

const plate = (y: number) => `<rect x="184" y="${y}" width="32" height="18" rx="2" fill="#f7f7f2" stroke="#333"/>`;
