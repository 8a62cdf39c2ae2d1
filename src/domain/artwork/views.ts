import { exterior, build, type CameraName } from "./exterior";
import { bed, boot, cargo, dashboard, engineBay, instruments, kitchen, living, rearSeats, saloon, seats, tray } from "./interior";
import type { Family, Look } from "./look";
import { bikeCockpit, bikeFocus, bikeFront, bikeSide } from "./motorcycle";

/*
 * A demo gallery's views, in order, per body type: photo 1 is the front three-quarter, 2 the side,
 * 3 the rear three-quarter, 4 to 6 the inside and the load space, then closer and other angles, so
 * no two photos of a car's gallery are the same drawing (up to the demo's largest gallery, 14).
 * Beyond the table the views come round again on another background.
 */

type Draw = (look: Look, fill: string) => string;
/** outside views stand on the ground under a sky; inside views fill the picture themselves */
export type View = { name: string; outside: boolean; draw: Draw };

const out = (name: string, draw: Draw): View => ({ name, outside: true, draw });
const inside = (name: string, draw: Draw): View => ({ name, outside: false, draw });
const cam = (camera: CameraName) => (look: Look, fill: string) => exterior(look, fill, camera);

/** A close-up of part of the outside: from x0 to x1 along the vehicle (shares of its length) and up to a share of its height. */
const close = (camera: CameraName, part: (look: Look) => [number, number, number]) => (look: Look, fill: string) => {
  const [x0, x1, y1] = part(look);
  return exterior(look, fill, camera, { x0, x1, y1 });
};
const frontWheel = (look: Look): [number, number, number] => {
  const x = build(look, "#000").wheels.at(-1)!;
  return [x - look.wheel * 1.6, x + look.wheel * 1.6, look.wheel * 2.3];
};
const rearWheels = (look: Look): [number, number, number] => {
  const axles = build(look, "#000").wheels;
  return [axles[0]! - look.wheel * 1.4, axles.at(-2)! + look.wheel * 1.4, look.wheel * 2.4];
};
const cabOf = (look: Look): [number, number, number] => {
  const [x0, x1] = build(look, "#000").cab;
  return [x0, x1, look.height];
};
const drawbar = (look: Look): [number, number, number] => [look.length - 60, look.length + 140, look.height * 0.6];
const door = (look: Look): [number, number, number] => [look.length * 0.12, look.length * 0.45, look.height];

const FRONT34 = out("front three-quarter", cam("front34"));
const SIDE = out("side", cam("side"));
const REAR34 = out("rear three-quarter", cam("rear34"));
const FRONT = out("front", cam("front"));
const REAR = out("rear", cam("rear"));
const WHEEL = out("wheel", close("side", frontWheel));
const OTHER_SIDE = out("other side", cam("otherSide"));
const FRONT34_OTHER = out("front three-quarter, other side", cam("front34b"));
const DASHBOARD = inside("dashboard", dashboard);
const INSTRUMENTS = inside("instruments", instruments);

const CAR: View[] = [
  FRONT34,
  SIDE,
  REAR34,
  DASHBOARD,
  inside("seats", seats),
  inside("boot", boot),
  FRONT,
  REAR,
  WHEEL,
  inside("engine bay", engineBay),
  OTHER_SIDE,
  INSTRUMENTS,
  inside("rear seats", rearSeats),
  FRONT34_OTHER,
];

const replace = (views: View[], at: Record<number, View>) => views.map((v, i) => at[i + 1] ?? v);

/** The bike, larger in the frame, its wheels on the ground line. */
const big = (t: string) => (l: Look, c: string) =>
  `<g transform="matrix(1.3 0 0 1.3 -60 -62)"><g transform="${t}">${bikeSide(l, c)}</g></g>`;

const BIKE: View[] = [
  out("front three-quarter", big("matrix(0.8 0.1 0 1 50 -22)")),
  out("side", big("")),
  out("rear three-quarter", big("matrix(-0.8 0.1 0 1 350 -22)")),
  out("other side", big("matrix(-1 0 0 1 400 0)")),
  inside("cockpit", bikeCockpit),
  ...(["engine", "wheel", "tank", "exhaust", "chain", "lamp"] as const).map((part, i) =>
    out(["engine", "front wheel", "tank and seat", "exhaust", "rear wheel and chain", "headlight"][i]!, (l, c) => {
      const [x, y, k] = bikeFocus(l, part);
      return `<g transform="matrix(${k} 0 0 ${k} ${200 - x * k} ${112 - y * k})">${bikeSide(l, c)}</g>`;
    }),
  ),
  out("front", (l, c) => `<g transform="matrix(1.2 0 0 1.2 -40 -36)">${bikeFront(l, c)}</g>`),
  out("rear", (l, c) => `<g transform="matrix(1.2 0 0 1.2 -40 -36)">${bikeFront(l, c, true)}</g>`),
  out("front three-quarter, other side", big("matrix(-0.8 -0.1 0 1 350 18)")),
];

export const GALLERIES: Record<Family, View[]> = {
  hatch: CAR,
  sedan: CAR,
  wagon: CAR,
  suv: CAR,
  convertible: CAR,
  utility: replace(CAR, { 6: inside("tray", tray) }),
  van: replace(CAR, { 6: inside("cargo area", (l, c) => cargo(l, c)), 13: inside("cargo area, side door", (l, c) => cargo(l, c, true)) }),
  bus: replace(CAR, { 6: inside("passenger seats", saloon) }),
  truck: replace(CAR, {
    4: inside("cab", (l, c) => dashboard(l, c, true)),
    6: out("body", cam("rearHigh")),
    10: out("cab, close", close("side", cabOf)),
    13: out("rear wheels", close("side", rearWheels)),
  }),
  camper: replace(CAR, {
    5: inside("living area", living),
    6: inside("bed", bed),
    10: inside("kitchen", kitchen),
    13: inside("seats", seats),
  }),
  caravan: [
    FRONT34,
    SIDE,
    REAR34,
    inside("living area", living),
    inside("bed", bed),
    inside("kitchen", kitchen),
    FRONT,
    REAR,
    WHEEL,
    out("drawbar", close("side", drawbar)),
    OTHER_SIDE,
    out("entry door", close("side", door)),
    inside("living area, looking forward", (l, c) => living(l, c, "front")),
    FRONT34_OTHER,
  ],
  motorcycle: BIKE,
};

/** The view a gallery's photo n (from 1) shows. */
export function viewFor(family: Family, n: number): View {
  const views = GALLERIES[family];
  return views[(Math.max(1, Math.floor(n)) - 1) % views.length]!;
}

/** The names of a gallery's first photos, in order (the documentation and the tests read these). */
export const viewNames = (family: Family, count: number) => Array.from({ length: count }, (_, i) => viewFor(family, i + 1).name);
