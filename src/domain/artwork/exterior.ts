import type { Look } from "./look";
import { extent, f, project, renderBlocks, shade, type Block, type Camera, type Pt, type Role } from "./project";

/*
 * The outside of a drawn vehicle: its blocks (body, glass house, cab and load body, wheels) built
 * from its look, and the cameras the gallery's outside views use.
 */

const WHITE_BOX = "#f3f3f1";

type P = Pt & { role?: Role };
const pt = (x: number, y: number, role?: Role): P => ({ x, y, role });

/** Points on a circle's arc (degrees, counter-clockwise from +x), for arches and tyres. */
function arc(cx: number, cy: number, r: number, a0: number, a1: number, n: number): Pt[] {
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / n) * Math.PI) / 180;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}
const points = (ps: Pt[]) => ps.map((p) => `${f(p.x)},${f(p.y)}`).join(" ");

/* ---------- details on the front and back faces (s across the width, t along the edge) ---------- */

function headlights(look: Look): string {
  const lamp = (s0: number) => {
    const m = s0 < 50 ? 0 : 1; // mirror the right lamp
    const x = (s: number) => (m ? 100 - s : s);
    const lens = "#f4f1e6",
      rim = "#3b3d40";
    switch (look.headlight) {
      case "round":
        return `<ellipse cx="${x(16)}" cy="40" rx="10" ry="26" fill="${rim}"/><ellipse cx="${x(16)}" cy="40" rx="7.5" ry="20" fill="${lens}"/>`;
      case "swept":
        return `<polygon points="${x(3)},12 ${x(30)},30 ${x(28)},52 ${x(4)},46" fill="${rim}"/><polygon points="${x(6)},18 ${x(26)},32 ${x(25)},44 ${x(7)},40" fill="${lens}"/>`;
      case "split":
        return `<rect x="${Math.min(x(3), x(29))}" y="8" width="26" height="9" rx="3" fill="#fbfbf7"/><rect x="${Math.min(x(6), x(24))}" y="40" width="18" height="24" rx="4" fill="${rim}"/><circle cx="${x(15)}" cy="52" r="5" fill="${lens}" transform="translate(0 0)"/>`;
      case "square":
        return `<rect x="${Math.min(x(4), x(26))}" y="12" width="22" height="46" rx="2" fill="${rim}"/><rect x="${Math.min(x(6), x(24))}" y="16" width="18" height="38" fill="${lens}"/>`;
      default:
        return `<rect x="${Math.min(x(3), x(31))}" y="14" width="28" height="22" rx="8" fill="${rim}"/><rect x="${Math.min(x(5), x(29))}" y="18" width="24" height="6" rx="3" fill="#fbfbf7"/><rect x="${Math.min(x(8), x(26))}" y="26" width="18" height="7" rx="3" fill="${lens}"/>`;
    }
  };
  return lamp(0) + lamp(100);
}

function grille(look: Look, fill: string): string {
  const dark = "#15171a",
    chrome = "#c7cbd0";
  switch (look.grille) {
    case "hexagon":
      return `<polygon points="34,30 66,30 72,60 62,95 38,95 28,60" fill="${dark}"/><path d="M32 48 H68 M30 64 H70 M33 80 H67" stroke="#3c4046" stroke-width="3"/>`;
    case "twin":
      return `<rect x="34" y="24" width="14" height="52" rx="6" fill="${dark}" stroke="${chrome}" stroke-width="2"/><rect x="52" y="24" width="14" height="52" rx="6" fill="${dark}" stroke="${chrome}" stroke-width="2"/>`;
    case "mesh":
      return `<polygon points="30,22 70,22 76,88 24,88" fill="${dark}"/><path d="M30 40 H72 M28 58 H74 M26 76 H75 M40 22 V88 M50 22 V88 M60 22 V88" stroke="#454950" stroke-width="1.5"/>`;
    case "closed":
      return `<rect x="30" y="34" width="40" height="8" rx="4" fill="${dark}"/><rect x="28" y="70" width="44" height="14" rx="5" fill="${shade(fill, 0.55)}"/>`;
    case "bars":
      return `<rect x="30" y="14" width="40" height="80" rx="3" fill="${dark}"/><path d="M30 32 H70 M30 52 H70 M30 72 H70" stroke="${chrome}" stroke-width="7"/>`;
    default:
      return `<rect x="32" y="26" width="36" height="34" rx="6" fill="${dark}"/><path d="M34 36 H66 M34 44 H66 M34 52 H66" stroke="#50545b" stroke-width="2.5"/><circle cx="50" cy="43" r="5" fill="${chrome}"/>`;
  }
}

function taillights(look: Look): string {
  const red = "#b5121b",
    glow = "#e8434a";
  switch (look.taillight) {
    case "bar":
      return `<rect x="3" y="74" width="94" height="12" rx="3" fill="${red}"/><rect x="6" y="77" width="88" height="4" fill="${glow}"/>`;
    case "vertical":
      return `<rect x="2" y="36" width="10" height="58" rx="3" fill="${red}"/><rect x="88" y="36" width="10" height="58" rx="3" fill="${red}"/><rect x="4" y="40" width="4" height="50" fill="${glow}"/><rect x="92" y="40" width="4" height="50" fill="${glow}"/>`;
    case "round":
      return `<circle cx="13" cy="72" r="9" fill="${red}"/><circle cx="87" cy="72" r="9" fill="${red}"/><circle cx="13" cy="72" r="4" fill="${glow}"/><circle cx="87" cy="72" r="4" fill="${glow}"/>`;
    default:
      return `<polygon points="2,60 26,64 26,90 2,94" fill="${red}"/><polygon points="98,60 74,64 74,90 98,94" fill="${red}"/><rect x="5" y="70" width="18" height="4" fill="${glow}"/><rect x="77" y="70" width="18" height="4" fill="${glow}"/>`;
  }
}

const plate = (t: number, h = 16) =>
  `<rect x="38" y="${t}" width="24" height="${h}" rx="1.5" fill="#f7f7f2" stroke="#333" stroke-width="0.8"/><rect x="41" y="${t + h * 0.35}" width="18" height="${h * 0.3}" fill="#3b3f46"/>`;

function faceDetail(look: Look, fill: string, role: Role): string {
  switch (role) {
    case "nose":
      return grille(look, fill) + headlights(look);
    case "apron":
      return `<polygon points="18,10 82,10 76,70 24,70" fill="#1c1d20"/>${plate(16, 24)}`;
    case "tail":
      return `<rect x="0" y="0" width="100" height="12" fill="${shade(fill, 0.6)}"/>${taillights(look)}${plate(24, 18)}`;
    case "rearglass":
      // t runs up the glass from its base
      return `<rect x="25" y="88" width="50" height="4" rx="2" fill="#a3121a"/><path d="M50 8 L26 58" stroke="#111" stroke-width="2"/>`;
    case "glass":
      return `<polygon points="8,12 30,8 60,92 40,96" fill="#ffffff" opacity="0.12"/>`;
    case "tub":
      return `<rect x="5" y="3" width="90" height="94" fill="#2b2c2f"/><path d="M20 3 V97 M35 3 V97 M50 3 V97 M65 3 V97 M80 3 V97" stroke="#3d3f43" stroke-width="3"/>`;
    default:
      return "";
  }
}

/* ---------- wheels ---------- */

function rim(look: Look, r: number): string {
  const R = r * 0.62;
  const n = { five: 5, multi: 10, turbine: 7, six: 6, mesh: 14 }[look.rim];
  const w = { five: R * 0.3, multi: R * 0.11, turbine: R * 0.22, six: R * 0.2, mesh: R * 0.08 }[look.rim];
  const skew = look.rim === "turbine" ? " skewX(-25)" : "";
  const spokes =
    look.rim === "six"
      ? Array.from({ length: 6 }, (_, i) => {
          const a = (i * Math.PI) / 3;
          return `<circle cx="${f(Math.cos(a) * R * 0.6)}" cy="${f(Math.sin(a) * R * 0.6)}" r="${f(R * 0.16)}" fill="#2a2b2e"/>`;
        }).join("")
      : Array.from(
          { length: n },
          (_, i) =>
            `<rect x="${f(R * 0.18)}" y="${f(-w / 2)}" width="${f(R * 0.8)}" height="${f(w)}" fill="${look.rimColour}" transform="rotate(${f((360 / n) * i)})${skew}"/>`,
        ).join("");
  const base = look.rim === "six" ? look.rimColour : "#35373b";
  return `<circle r="${f(R)}" fill="${base}"/>${look.rim === "six" ? "" : `<circle r="${f(R * 0.75)}" fill="#7b7e83"/>`}${spokes}<circle r="${f(R)}" fill="none" stroke="${look.rimColour}" stroke-width="${f(R * 0.1)}"/><circle r="${f(R * 0.2)}" fill="${look.rimColour}" stroke="#2a2b2e" stroke-width="1"/>${look.rim === "mesh" ? `<circle r="${f(R * 0.5)}" fill="none" stroke="${look.rimColour}" stroke-width="${f(R * 0.06)}"/>` : ""}`;
}

function wheel(look: Look, x: number, r: number, z0: number, z1: number, layer: number): Block {
  return {
    outline: arc(x, r, r, 0, -345, 23).map((p) => ({ ...p, role: "tread" as Role })),
    z0,
    z1,
    fill: "#222326",
    layer,
    side: `<circle cx="${f(x)}" cy="${f(r)}" r="${f(r * 0.86)}" fill="#2c2d30"/><g transform="translate(${f(x)} ${f(r)})">${rim(look, r)}</g>`,
  };
}

/* ---------- bodies ---------- */

/** `sill`: the height of the body's lower edge at the wheels, where its arches open (none on a truck's chassis) */
export type Build = { blocks: Block[]; length: number; front: number; wheels: number[]; cab: [number, number]; sill?: number };

const sideWindows = (outline: Pt[], frame: string, pillars: number[], belt: number, top: number) =>
  `<polygon points="${points(outline)}" fill="#27323d" stroke="${frame}" stroke-width="5" stroke-linejoin="round"/>${pillars
    .map((x) => `<rect x="${f(x - 3.5)}" y="${f(belt)}" width="7" height="${f(top - belt)}" fill="${frame}"/>`)
    .join("")}<polygon points="${points(outline.slice(0, 2))} ${f(outline[1]!.x + 18)},${f(top - 4)}" fill="#ffffff" opacity="0.08"/>`;

function arches(look: Look, axles: number[], bottom: number, tint: string): string {
  return axles
    .map(
      (x) =>
        `<polygon points="${points(arc(x, look.wheel, look.wheel + 5, 180, 0, 12))} ${f(x + look.wheel + 5)},${f(bottom - 1)} ${f(x - look.wheel - 5)},${f(bottom - 1)}" fill="${tint}"/>`,
    )
    .join("");
}

function passenger(look: Look, fill: string): Build {
  const { length: L, height: H, width: W, ride } = look;
  const belt = H * look.belt;
  const beltRear = belt + look.wedge;
  const xf = L - (L - look.wheelbase) * 0.55,
    xr = xf - look.wheelbase;
  const wsBase = L * (1 - look.bonnet);
  const noseTop = belt - 6 - (look.kind === "boxy" ? 0 : 6);
  const ute = look.family === "utility";
  const notch = look.family === "sedan" || look.family === "convertible";
  const cabBack = L * 0.44;
  const tailTop = ute ? belt + 8 : notch ? beltRear + 2 : beltRear - 2;
  const lower: P[] = [
    pt(0, ride + 12, "tail"),
    pt(4, tailTop, ute ? "tub" : "top"),
    ...(ute ? [pt(cabBack, tailTop, "plain"), pt(cabBack, belt, "top")] : []),
    pt(wsBase, belt, "top"),
    pt(L - 6, noseTop, "nose"),
    pt(L, ride + (noseTop - ride) * 0.3, "apron"),
    pt(L - 12, ride, "bottom"),
    pt(10, ride, "bottom"),
  ];
  const wsTop = wsBase - L * look.rake;
  // a roadster's soft top covers the two seats only, behind it a long rear deck
  const rearX =
    look.family === "convertible"
      ? [L * 0.3, L * 0.38]
      : notch
        ? [L * 0.2, L * 0.33]
        : look.family === "hatch"
          ? [L * 0.03, L * (look.rearRake + 0.08)]
          : ute
            ? [cabBack + 4, cabBack + 8]
            : [6, 6 + L * look.rearRake];
  const rearBase = ute ? belt : notch ? beltRear : beltRear - 1;
  const rearTop = H - (ute ? 0 : look.roofDrop);
  const house: P[] = [
    pt(rearX[0]!, rearBase, "rearglass"),
    pt(rearX[1]!, rearTop, "top"),
    pt((rearX[1]! + wsTop) / 2, H, "top"),
    pt(wsTop, H - 2, "glass"),
    pt(wsBase, belt, "bottom"),
  ];
  const inset = W * 0.09;
  const frame = look.family === "convertible" ? "#1f2023" : fill;
  const mid = (wsBase + rearX[1]!) / 2;
  const pillars = [mid, ...(look.family === "wagon" || look.family === "suv" ? [rearX[1]! + (mid - rearX[1]!) * 0.3] : [])];
  const doors = [wsBase - 6, mid + 2, ...(ute || look.family === "convertible" ? [] : [Math.max(rearX[0]!, xr + look.wheel + 8)])];
  const guard = look.cladding ? "#2b2c2f" : "#18191b";
  const side = `${look.cladding ? arches({ ...look, wheel: look.wheel + 6 }, [xr, xf], ride, guard) : ""}${arches(look, [xr, xf], ride, "#18191b")}<rect x="${f(xr - look.wheel)}" y="${f(ride)}" width="${f(xf - xr + 2 * look.wheel)}" height="${look.cladding ? 10 : 6}" fill="${look.cladding ? guard : shade(fill, 0.55)}"/>${doors
    .map(
      (x) =>
        `<path d="M${f(x)} ${f(ride + 10)} V${f(belt + (beltRear - belt) * (1 - x / L))}" stroke="${shade(fill, 0.6)}" stroke-width="1.4"/>`,
    )
    .join("")}${doors
    .slice(0, -1)
    .map((x) => `<rect x="${f(x - 16)}" y="${f(belt - 12)}" width="9" height="3" rx="1.5" fill="${shade(fill, 0.5)}"/>`)
    .join(
      "",
    )}<path d="M8 ${f(beltRear - 8)} L${f(wsBase + (L - wsBase) * 0.5)} ${f(belt - 10)}" stroke="${shade(fill, 1.25)}" stroke-width="1.5"/>`;
  const houseSide = sideWindows(house, frame, pillars, belt, rearTop);
  const mirror = (z0: number, z1: number): Block => ({
    outline: [pt(wsBase - 18, belt + 2), pt(wsBase - 16, belt + 16), pt(wsBase - 2, belt + 15), pt(wsBase, belt + 2)],
    z0,
    z1,
    fill: frame,
    layer: 0.5,
  });
  const blocks: Block[] = [
    { outline: lower, z0: 0, z1: W, fill, side, face: (r) => faceDetail(look, fill, r) },
    { outline: house, z0: inset, z1: W - inset, fill: frame, side: houseSide, face: (r) => faceDetail(look, fill, r), layer: 0.2 },
    mirror(-14, 4),
    { ...mirror(W - 4, W + 14), layer: -0.2 },
  ];
  return { blocks, length: L, front: L, wheels: [xr, xf], cab: [wsTop - 30, L], sill: ride };
}

function van(look: Look, fill: string, bus: boolean): Build {
  const { length: L, height: H, width: W, ride } = look;
  const belt = H * 0.5;
  const xf = L - 80,
    xr = xf - look.wheelbase * 0.95;
  const noseTop = belt - 10;
  const outline: P[] = [
    pt(0, ride + 10, "tail"),
    pt(3, H, "top"),
    pt(L - 95, H, "glass"),
    pt(L - 45, belt + 6, "top"),
    pt(L - 6, noseTop, "nose"),
    pt(L, ride + 20, "apron"),
    pt(L - 10, ride, "bottom"),
    pt(10, ride, "bottom"),
  ];
  const winTop = H - 14;
  const cabWin = `<polygon points="${f(L - 100)},${f(belt + 8)} ${f(L - 100)},${f(winTop)} ${f(L - 97)},${f(winTop)} ${f(L - 52)},${f(belt + 10)}" fill="#27323d"/>`;
  const rows = bus
    ? Array.from(
        { length: Math.floor((L - 140) / 62) },
        (_, i) => `<rect x="${f(14 + i * 62)}" y="${f(belt + 12)}" width="54" height="${f(winTop - belt - 16)}" rx="4" fill="#27323d"/>`,
      ).join("")
    : `<path d="M${f(L - 110)} ${f(ride + 10)} V${f(H - 8)} M${f(L - 250)} ${f(ride + 10)} V${f(H - 8)}" stroke="${shade(fill, 0.6)}" stroke-width="1.5"/><rect x="${f(L - 260)}" y="${f(belt)}" width="4" height="14" fill="${shade(fill, 0.5)}"/>`;
  const side = `${arches(look, [xr, xf], ride, "#18191b")}<rect x="10" y="${f(ride)}" width="${f(L - 20)}" height="8" fill="${shade(fill, 0.55)}"/>${cabWin}${rows}`;
  const face = (r: Role) =>
    r === "tail"
      ? `<rect x="0" y="0" width="100" height="8" fill="#2a2b2e"/><rect x="8" y="58" width="38" height="30" rx="3" fill="#27323d"/><rect x="54" y="58" width="38" height="30" rx="3" fill="#27323d"/><path d="M50 8 V96" stroke="#222" stroke-width="1.2"/><rect x="1" y="14" width="6" height="30" fill="#b5121b"/><rect x="93" y="14" width="6" height="30" fill="#b5121b"/>${plate(10, 10)}`
      : faceDetail(look, fill, r);
  const mirror = (z0: number, z1: number, layer: number): Block => ({
    outline: [pt(L - 100, belt + 8), pt(L - 98, belt + 40), pt(L - 88, belt + 40), pt(L - 86, belt + 8)],
    z0,
    z1,
    fill: "#222",
    layer,
  });
  return {
    blocks: [{ outline, z0: 0, z1: W, fill, side, face }, mirror(-14, 2, 0.5), mirror(W - 2, W + 14, -0.2)],
    length: L,
    front: L,
    wheels: [xr, xf],
    cab: [L - 130, L],
    sill: ride,
  };
}

function truck(look: Look, fill: string): Build {
  const { length: L, width: W } = look;
  const conventional = /kenworth/i.test(look.name);
  const cabH = look.height * 0.95;
  const cabLen = look.kind === "prime mover" ? 230 : 170;
  const nose = conventional ? 150 : 0;
  const cab0 = L - cabLen - nose;
  const floor = look.wheel * 2 + 8;
  const xf = L - (conventional ? 110 : 70),
    xr = Math.min(cab0 - 50, xf - look.wheelbase);
  const axles = look.kind === "prime mover" ? [xr - look.wheel * 2.2, xr, xf] : [xr, xf];
  const belt = floor + (cabH - floor) * 0.45;
  const cab: P[] = [
    pt(cab0, floor - 10, "plain"),
    pt(cab0, cabH, "top"),
    pt(cab0 + cabLen - 18, cabH, "glass"),
    pt(cab0 + cabLen - 4, belt + 10, "nose"),
    pt(cab0 + cabLen, floor - 6, "apron"),
    pt(cab0 + cabLen - 8, floor - 30, "bottom"),
  ];
  const cabSide = `<polygon points="${f(cab0 + cabLen - 80)},${f(belt + 16)} ${f(cab0 + cabLen - 80)},${f(cabH - 16)} ${f(cab0 + cabLen - 24)},${f(cabH - 16)} ${f(cab0 + cabLen - 14)},${f(belt + 16)}" fill="#27323d" stroke="${shade(fill, 0.7)}" stroke-width="3"/><path d="M${f(cab0 + cabLen - 88)} ${f(floor)} V${f(cabH - 10)}" stroke="${shade(fill, 0.6)}" stroke-width="1.5"/><rect x="${f(cab0 + 10)}" y="${f(floor - 26)}" width="34" height="12" fill="#444"/>`;
  const blocks: Block[] = [
    {
      outline: cab,
      z0: 0,
      z1: W,
      fill,
      side: cabSide,
      face: (r) =>
        r === "nose"
          ? grille({ ...look, grille: "bars" }, fill) + headlights({ ...look, headlight: "square" }).replace(/cy="40"/g, 'cy="70"')
          : faceDetail(look, fill, r),
      layer: 0.1,
    },
    {
      outline: [pt(0, look.wheel * 1.25), pt(0, floor), pt(L - 30, floor), pt(L - 30, look.wheel * 1.25)],
      z0: W * 0.2,
      z1: W * 0.8,
      fill: "#2a2b2e",
      layer: -0.5,
    },
  ];
  if (conventional)
    blocks.push({
      outline: [pt(L - nose, floor), pt(L - nose, cabH * 0.72, "top"), pt(L - 10, cabH * 0.66, "nose"), pt(L, floor - 30, "bottom")],
      z0: W * 0.1,
      z1: W * 0.9,
      fill,
      face: (r) => (r === "nose" ? grille({ ...look, grille: "bars" }, fill) : ""),
    });
  const deck = floor + 6;
  const bodyEnd = cab0 - 12;
  if (look.kind === "pantech") {
    const top = cabH + 25;
    blocks.push({
      outline: [pt(4, deck, "tail"), pt(4, top, "top"), pt(bodyEnd, top, "plain"), pt(bodyEnd, deck, "bottom")],
      z0: -4,
      z1: W + 4,
      fill: WHITE_BOX,
      side: `<rect x="4" y="${f(top - 26)}" width="${f(bodyEnd - 4)}" height="14" fill="${fill}"/><path d="M4 ${f(deck + 4)} H${f(bodyEnd)}" stroke="#bbb" stroke-width="2"/>`,
      face: (r) =>
        r === "tail"
          ? `<path d="M4 4 H96 V96 H4 Z M4 20 H96 M4 36 H96 M4 52 H96 M4 68 H96 M4 84 H96" stroke="#b9bcc0" stroke-width="1.5" fill="none"/><rect x="44" y="4" width="12" height="4" fill="#666"/>`
          : "",
    });
  } else if (look.kind === "prime mover") {
    blocks.push({
      outline: [pt(axles[0]! - 40, deck), pt(axles[0]! - 40, deck + 8, "top"), pt(axles[1]! + 40, deck + 8), pt(axles[1]! + 40, deck)],
      z0: W * 0.15,
      z1: W * 0.85,
      fill: "#3a3b3e",
    });
    blocks.push({
      outline: [pt(cab0 - 10, floor), pt(cab0 - 10, cabH + 40, "top"), pt(cab0 - 2, cabH + 40), pt(cab0 - 2, floor)],
      z0: 2,
      z1: 12,
      fill: "#c9ccd1",
      layer: 0.3,
    });
  } else {
    const tipper = look.kind === "tipper";
    const sideH = tipper ? 80 : 28;
    blocks.push({
      outline: [
        pt(6, deck, "tail"),
        pt(tipper ? 0 : 6, deck + sideH, "tub"),
        pt(bodyEnd, deck + sideH, "plain"),
        pt(bodyEnd, deck, "bottom"),
      ],
      z0: 0,
      z1: W,
      fill: tipper ? fill : "#8d9096",
      side: tipper
        ? `<path d="M10 ${f(deck + 20)} H${f(bodyEnd - 6)} M10 ${f(deck + 50)} H${f(bodyEnd - 6)}" stroke="${shade(fill, 0.7)}" stroke-width="4"/>`
        : "",
      face: (r) =>
        r === "tub"
          ? faceDetail(look, fill, "tub")
          : r === "tail"
            ? `<rect x="2" y="10" width="8" height="30" fill="#b5121b"/><rect x="90" y="10" width="8" height="30" fill="#b5121b"/>`
            : "",
    });
    if (!tipper)
      blocks.push({
        outline: [pt(bodyEnd - 8, deck), pt(bodyEnd - 8, cabH - 20, "top"), pt(bodyEnd, cabH - 20), pt(bodyEnd, deck)],
        z0: 0,
        z1: W,
        fill: "#6d7076",
      });
  }
  return { blocks, length: L, front: L, wheels: axles, cab: [cab0 - 10, L] };
}

function camper(look: Look, fill: string): Build {
  if (look.kind === "campervan") {
    const base = van({ ...look, height: look.height * 0.82 }, WHITE_BOX, false);
    const H = look.height * 0.82;
    base.blocks.push({
      outline: [pt(10, H), pt(10, look.height, "top"), pt(look.length - 150, look.height, "plain"), pt(look.length - 110, H)],
      z0: 10,
      z1: look.width - 10,
      fill: shade(fill, 1.1),
      layer: 0.3,
    });
    base.blocks[0]!.side += `<rect x="10" y="${f(H * 0.42)}" width="${f(look.length - 140)}" height="10" fill="${fill}"/>`;
    return base;
  }
  const { length: L, height: H, width: W, ride } = look;
  const cabLen = 190;
  const cabH = 215;
  const front = van({ ...look, length: L, height: cabH, width: W - 10 }, WHITE_BOX, false);
  const cab = front.blocks[0]!;
  cab.outline = cab.outline.filter((p) => p.x > L - cabLen - 40);
  cab.outline.unshift(pt(L - cabLen, ride + 10, "plain"), pt(L - cabLen, cabH - 10, "top"));
  cab.z0 = 5;
  cab.z1 = W - 5;
  const boxFloor = ride + 32;
  const lutonTip = L - cabLen * 0.3;
  const box: P[] = [
    pt(0, boxFloor, "tail"),
    pt(0, H, "top"),
    pt(lutonTip - 30, H, "glass"),
    pt(lutonTip, cabH + 8, "bottom"),
    pt(L - cabLen, cabH + 8, "plain"),
    pt(L - cabLen, boxFloor, "bottom"),
  ];
  const stripe = `<path d="M0 ${f(boxFloor + 30)} H${f(L - cabLen)} L${f(lutonTip - 10)} ${f(H - 30)}" stroke="${fill}" stroke-width="9" fill="none"/>`;
  const wins = `<rect x="40" y="${f(H - 110)}" width="70" height="45" rx="6" fill="#27323d"/><rect x="${f(L - cabLen - 150)}" y="${f(H - 110)}" width="90" height="45" rx="6" fill="#27323d"/><rect x="${f(L - cabLen - 45)}" y="${f(boxFloor + 10)}" width="36" height="${f(H - boxFloor - 40)}" rx="3" fill="#e2e3e0" stroke="#9a9c9f" stroke-width="1.5"/>`;
  return {
    blocks: [
      ...front.blocks.filter((b) => b !== cab),
      cab,
      {
        outline: box,
        z0: 0,
        z1: W,
        fill: WHITE_BOX,
        side: stripe + wins + arches(look, front.wheels, boxFloor, "#18191b"),
        face: (r) =>
          r === "tail"
            ? `<rect x="30" y="40" width="40" height="34" rx="4" fill="#27323d"/><rect x="3" y="8" width="8" height="22" fill="#b5121b"/><rect x="89" y="8" width="8" height="22" fill="#b5121b"/>${plate(6, 10)}`
            : "",
        layer: -0.1,
      },
    ],
    length: L,
    front: L,
    wheels: front.wheels,
    cab: [L - cabLen - 20, L],
  };
}

function caravan(look: Look, fill: string): Build {
  const { length: L, height: H, width: W } = look;
  const rounded = look.kind === "rounded";
  const fifth = look.kind === "fifth wheel";
  const floor = look.wheel * 2 + 6;
  const c = rounded ? 70 : 14;
  const outline: P[] = fifth
    ? [
        pt(0, floor, "tail"),
        pt(0, H, "top"),
        pt(L + 60, H, "nose"),
        pt(L + 70, H - 90, "bottom"),
        pt(L - 20, H - 90, "plain"),
        pt(L - 20, floor, "bottom"),
      ]
    : [
        pt(0, floor + c * 0.3, "tail"),
        ...arc(c, H - c, c, 180, 90, 4).map((p) => ({ ...p, role: "top" as Role })),
        ...arc(L - c, H - c, c, 90, 0, 4).map((p, i) => ({ ...p, role: (i === 4 ? "nose" : "top") as Role })),
        pt(L, floor + c * 0.3, "bottom"),
        pt(L - 10, floor, "bottom"),
        pt(10, floor, "bottom"),
      ];
  const body = rounded ? "#cfd3d8" : WHITE_BOX;
  const ax = fifth ? [L * 0.38, L * 0.38 - look.wheel * 2.3] : L > 700 ? [L * 0.45, L * 0.45 + look.wheel * 2.3] : [L * 0.47];
  const side = `<path d="M6 ${f(floor + 40)} H${f(L - 6)}" stroke="${fill}" stroke-width="12"/><path d="M6 ${f(floor + 58)} H${f(L - 6)}" stroke="${shade(fill, 1.3)}" stroke-width="4"/><rect x="50" y="${f(H - 120)}" width="80" height="50" rx="8" fill="#27323d"/><rect x="${f(L * 0.62)}" y="${f(H - 120)}" width="100" height="50" rx="8" fill="#27323d"/><rect x="${f(L * 0.2)}" y="${f(floor + 8)}" width="40" height="${f(H - floor - 40)}" rx="4" fill="${shade(body, 0.92)}" stroke="#888" stroke-width="1.5"/>${arches(look, ax, floor, "#18191b")}${
    rounded
      ? Array.from(
          { length: 8 },
          (_, i) => `<path d="M${f(40 + i * ((L - 80) / 7))} ${f(floor)} V${f(H - 20)}" stroke="#b4b8bd" stroke-width="1"/>`,
        ).join("")
      : ""
  }`;
  const blocks: Block[] = [
    {
      outline,
      z0: 0,
      z1: W,
      fill: body,
      side,
      face: (r) =>
        r === "tail"
          ? `<rect x="4" y="10" width="8" height="26" fill="#b5121b"/><rect x="88" y="10" width="8" height="26" fill="#b5121b"/><rect x="25" y="50" width="50" height="26" rx="4" fill="#27323d"/>${plate(8, 12)}`
          : r === "nose"
            ? `<rect x="15" y="20" width="70" height="30" rx="5" fill="#27323d"/>`
            : "",
    },
  ];
  if (!fifth) {
    blocks.push({
      outline: [pt(L - 10, floor - 6), pt(L - 10, floor + 2, "top"), pt(L + 130, floor - 4, "plain"), pt(L + 130, floor - 12)],
      z0: W * 0.45,
      z1: W * 0.55,
      fill: "#3a3b3e",
      layer: 0.4,
    });
    blocks.push({
      outline: [pt(L + 20, floor), pt(L + 20, floor + 50, "top"), pt(L + 55, floor + 50), pt(L + 55, floor)],
      z0: W * 0.3,
      z1: W * 0.7,
      fill: "#e0e2e4",
      layer: 0.3,
    });
  }
  return { blocks, length: L + (fifth ? 70 : 130), front: L, wheels: ax, cab: [L - 40, L + 130], sill: floor };
}

export function build(look: Look, fill: string): Build {
  const b =
    look.family === "van" || look.family === "bus"
      ? van(look, fill, look.family === "bus")
      : look.family === "truck"
        ? truck(look, fill)
        : look.family === "camper"
          ? camper(look, fill)
          : look.family === "caravan"
            ? caravan(look, fill)
            : passenger(look, fill);
  return b;
}

/* ---------- cameras and framing ---------- */

export const CAMERAS = {
  front34: { ex: [0.82, 0.17], ey: [0, -1], ez: [0.5, -0.24] },
  front34b: { ex: [-0.82, 0.17], ey: [0, -1], ez: [-0.5, -0.24] },
  rear34: { ex: [-0.82, -0.17], ey: [0, -1], ez: [0.5, -0.24] },
  side: { ex: [1, 0], ey: [0, -1], ez: [0.04, -0.09] },
  otherSide: { ex: [-1, 0], ey: [0, -1], ez: [-0.04, -0.09] },
  front: { ex: [0, 0.12], ey: [0, -1], ez: [1, 0] },
  rear: { ex: [0, -0.12], ey: [0, -1], ez: [-1, 0] },
  rearHigh: { ex: [-0.7, -0.34], ey: [0, -0.85], ez: [0.55, -0.36] },
} satisfies Record<string, Camera>;
export type CameraName = keyof typeof CAMERAS;

/**
 * A vehicle seen by a camera, framed in the 400 × 225 picture: the whole vehicle, or (`focus`)
 * a part of it, from x0 to x1 along its length and up to a height, filling the frame (a close-up).
 */
export function exterior(look: Look, fill: string, camera: CameraName, focus?: { x0: number; x1: number; y1: number }): string {
  const c: Camera = CAMERAS[camera];
  const b = build(look, fill);
  const { width: W } = look;
  const facing = Math.abs(c.ez[0]) < 0.9; // the near side shows
  const tyre = Math.min(30, W * 0.14);
  const wheels = b.wheels.flatMap((x, i) => [
    { ...wheel(look, x, look.wheel, 4, 4 + tyre, facing ? 1 : -1), clip: facing && b.sill !== undefined ? `arch${i}` : undefined },
    wheel(look, x, look.wheel, W - 4 - tyre, W - 4, -1),
  ]);
  // a near wheel shows through its arch and below the body, never over the body's side
  const far = 99999;
  const clips =
    facing && b.sill !== undefined
      ? b.wheels
          .map((x, i) => {
            const sill = b.sill!;
            const arch = arc(x, look.wheel, look.wheel + 5, 180, 0, 12).map((p) => ({ x: p.x, y: Math.max(p.y, sill) }));
            const open = [{ x: -far, y: sill }, ...arch, { x: far, y: sill }, { x: far, y: -far }, { x: -far, y: -far }];
            return `<clipPath id="arch${i}"><polygon points="${open.map((p) => project(c, p.x, p.y, 0).map(f).join(",")).join(" ")}"/></clipPath>`;
          })
          .join("")
      : "";
  const blocks = [...b.blocks, ...wheels];
  const box = focus
    ? extent(c, [
        {
          outline: [pt(focus.x0, 0), pt(focus.x0, focus.y1), pt(focus.x1, focus.y1), pt(focus.x1, 0)],
          z0: 0,
          z1: camera === "front" || camera === "rear" ? W : 0,
          fill,
        },
      ])
    : extent(c, blocks);
  const w = box.x1 - box.x0,
    h = box.y1 - box.y0;
  const k = focus ? Math.min(400 / w, 225 / h) : Math.min(340 / w, 150 / h);
  const tx = 200 - ((box.x0 + box.x1) / 2) * k,
    ty = (focus ? 112 : 186) - (focus ? (box.y0 + box.y1) / 2 : box.y1) * k;
  const shadow = [
    project(c, -10, 0, -12),
    project(c, b.length + 10, 0, -12),
    project(c, b.length + 10, 0, W + 12),
    project(c, -10, 0, W + 12),
  ];
  const kk = Math.round(k * 1000) / 1000;
  return `<g transform="matrix(${kk} 0 0 ${kk} ${f(tx)} ${f(ty)})"><polygon points="${shadow.map((p) => p.map(f).join(",")).join(" ")}" fill="#000" opacity="0.22"/>${clips ? `<defs>${clips}</defs>` : ""}${renderBlocks(c, blocks)}</g>`;
}
