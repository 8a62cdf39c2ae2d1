/*
 * A small parallel projection for the demo's vehicle drawings: a vehicle is a few solid "blocks",
 * each a side outline (x along the vehicle from its tail, y up from the ground) pushed out across
 * the width (z, 0 the near side). A camera says where one unit along x, y and z lands on the
 * picture; faces turned away are left out and the rest are painted far to near. Details (lights,
 * grilles, windows, wheels) are drawn flat and laid onto a face with an affine transform, so one
 * grille drawing serves every angle.
 */

export type Pt = { x: number; y: number };
export type V2 = [number, number];
export type Camera = { ex: V2; ey: V2; ez: V2 };

/** An outline's edge kind: what is painted on the face it sweeps out. */
export type Role = "plain" | "top" | "nose" | "apron" | "tail" | "glass" | "screen" | "rearglass" | "bottom" | "tub" | "tread";

export type Block = {
  /** the side outline, clockwise (tail, top, nose, bottom); each point's role names the edge to the next point */
  outline: Array<Pt & { role?: Role }>;
  z0: number;
  z1: number;
  fill: string;
  /** drawn on the near side, in outline coordinates (x, y up) */
  side?: string;
  /** drawn on a swept face, in face coordinates: s 0…100 across the width, t 0…100 along the edge */
  face?: (role: Role) => string;
  /** the order among blocks: higher is drawn later (a wheel in front of the body) */
  layer?: number;
  /** the id of a clip path the block is seen through (a wheel through its arch) */
  clip?: string;
};

export const f = (n: number) => String(Math.round(n * 10) / 10);

/** The direction a camera looks along (into the picture), in vehicle space. */
export function viewDirection({ ex, ey, ez }: Camera): [number, number, number] {
  const a = [ex[0], ey[0], ez[0]] as const;
  const b = [ex[1], ey[1], ez[1]] as const;
  let v: [number, number, number] = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  // the near side (z = 0) faces the camera; seen square from the front or back, the top does
  const flip = Math.abs(v[2]) > 1e-6 ? v[2] < 0 : v[1] > 0;
  if (flip) v = [-v[0], -v[1], -v[2]];
  return v;
}

export function project(c: Camera, x: number, y: number, z: number): V2 {
  return [x * c.ex[0] + y * c.ey[0] + z * c.ez[0], x * c.ex[1] + y * c.ey[1] + z * c.ez[1]];
}

/** The SVG transform that lays outline coordinates (x, y up) onto the plane at depth z. */
export function planeMatrix(c: Camera, z: number): string {
  const [ox, oy] = project(c, 0, 0, z);
  return `matrix(${[c.ex[0], c.ex[1], c.ey[0], c.ey[1], ox, oy].map(f).join(" ")})`;
}

const shade = (hex: string, k: number) => {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(k >= 1 ? v + (255 - v) * (k - 1) : v * k)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => ch(v).toString(16).padStart(2, "0")).join("")}`;
};
export { shade };

const LIGHT: [number, number, number] = [0.35, 0.85, -0.4];
const GLASS = "#27323d";

function faceFill(role: Role, fill: string, normal: [number, number, number]): string {
  if (role === "glass" || role === "screen" || role === "rearglass") return GLASS;
  if (role === "tread") return "#1b1b1d";
  if (role === "bottom") return "#222";
  const lit = normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2];
  return shade(fill, 0.62 + 0.5 * Math.max(0, lit));
}

/** Paints blocks seen by a camera: far faces first, the near side last, details on top. */
export function renderBlocks(c: Camera, blocks: Block[]): string {
  const v = viewDirection(c);
  const depth = (x: number, y: number, z: number) => x * v[0] + y * v[1] + z * v[2];
  const centre = (b: Block) => {
    const n = b.outline.length;
    const cx = b.outline.reduce((s, p) => s + p.x, 0) / n;
    const cy = b.outline.reduce((s, p) => s + p.y, 0) / n;
    return depth(cx, cy, (b.z0 + b.z1) / 2);
  };
  const ordered = blocks.map((b) => ({ b, d: centre(b) })).sort((p, q) => (p.b.layer ?? 0) - (q.b.layer ?? 0) || q.d - p.d);
  return ordered.map(({ b }) => renderBlock(c, b, v, depth)).join("");
}

function renderBlock(c: Camera, b: Block, v: [number, number, number], depth: (x: number, y: number, z: number) => number): string {
  const pts = b.outline;
  const poly = (z: number) => pts.map((p) => project(c, p.x, p.y, z).map(f).join(",")).join(" ");
  const out: string[] = [];
  // the far side shows only when the camera looks at it (never in these views, but kept honest)
  if (v[2] < -1e-6) out.push(`<polygon points="${poly(b.z1)}" fill="${shade(b.fill, 0.7)}"/>`);
  const faces = pts.flatMap((a, i) => {
    const p = pts[(i + 1) % pts.length]!;
    const dx = p.x - a.x,
      dy = p.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) return [];
    const normal: [number, number, number] = [-dy / len, dx / len, 0];
    if (normal[0] * v[0] + normal[1] * v[1] >= -1e-6) return [];
    return [{ a, p, normal, role: a.role ?? "plain", d: depth((a.x + p.x) / 2, (a.y + p.y) / 2, (b.z0 + b.z1) / 2) }];
  });
  faces.sort((m, n) => n.d - m.d);
  for (const { a, p, normal, role } of faces) {
    const q = [project(c, a.x, a.y, b.z0), project(c, p.x, p.y, b.z0), project(c, p.x, p.y, b.z1), project(c, a.x, a.y, b.z1)];
    out.push(`<polygon points="${q.map((x) => x.map(f).join(",")).join(" ")}" fill="${faceFill(role, b.fill, normal)}"/>`);
    const detail = b.face?.(role);
    if (detail) {
      // (s, t) in 0…100: s across the width (z0 → z1), t along the edge (a → p)
      const [ox, oy] = project(c, a.x, a.y, b.z0);
      const [sx, sy] = project(c, 0, 0, (b.z1 - b.z0) / 100);
      const [tx, ty] = project(c, (p.x - a.x) / 100, (p.y - a.y) / 100, 0);
      out.push(
        `<g transform="matrix(${[sx, sy, tx, ty, ox, oy].map((n) => String(Math.round(n * 1000) / 1000)).join(" ")})">${detail}</g>`,
      );
    }
  }
  if (v[2] > 1e-6) {
    out.push(`<polygon points="${poly(b.z0)}" fill="${b.fill}"/>`);
    if (b.side) out.push(`<g transform="${planeMatrix(c, b.z0)}">${b.side}</g>`);
  }
  return b.clip ? `<g clip-path="url(#${b.clip})">${out.join("")}</g>` : out.join("");
}

/** The box a set of blocks fills on the picture, for framing. */
export function extent(c: Camera, blocks: Block[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const b of blocks)
    for (const p of b.outline)
      for (const z of [b.z0, b.z1]) {
        const [x, y] = project(c, p.x, p.y, z);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  return { x0, y0, x1, y1 };
}
