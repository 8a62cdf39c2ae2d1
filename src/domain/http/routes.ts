/*
 * Which methods each API route answers: taken from what each route file exports, so a
 * method is refused with 405 and an `Allow` header only where its route has no handler, and every
 * handler a route exports (DELETE included) is reachable. Pure: the server reads the files once.
 */

export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
const isMethod = (s: string): s is RouteMethod => (ROUTE_METHODS as readonly string[]).includes(s);

/**
 * The HTTP methods a route file exports: `export const GET = …`, `export async function POST(…)`,
 * `export const { POST, DELETE } = …` and `export { handler as PUT }`.
 */
export function exportedMethods(source: string): RouteMethod[] {
  const found = new Set<RouteMethod>();
  const add = (name: string) => {
    const n = name
      .trim()
      .split(/\s+as\s+/)
      .pop()!
      .trim();
    if (isMethod(n)) found.add(n);
  };
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(?:function\s*\*?|const|let|var)\s+([A-Z]+)\b/gm)) add(m[1]!);
  for (const m of source.matchAll(/^export\s+(?:const|let|var)\s*\{([^}]*)\}\s*=/gm)) m[1]!.split(",").forEach(add);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) m[1]!.split(",").forEach(add);
  return ROUTE_METHODS.filter((x) => found.has(x));
}

/** What a route answers, as its Allow header says: its own methods, HEAD with GET, and OPTIONS (Next implements both). */
export function allowedMethods(exported: readonly RouteMethod[]): RouteMethod[] {
  const set = new Set<RouteMethod>([...exported, "OPTIONS"]);
  if (set.has("GET")) set.add("HEAD");
  return ROUTE_METHODS.filter((m) => set.has(m));
}

export type Route = { segments: string[]; methods: RouteMethod[] };

/** A route file's folder (relative to src/app, "/" separated) as URL segments: route groups "(x)" are not part of the URL. */
export function routeSegments(folder: string): string[] | null {
  const parts = folder.split("/").filter(Boolean);
  if (parts.some((p) => p.startsWith("_") || p.startsWith("@"))) return null; // private folders and slots are not routes
  return parts.filter((p) => !(p.startsWith("(") && p.endsWith(")")));
}

/** How specific a match is, segment by segment: static beats [param] beats [...rest] beats [[...optional]] (Next's order). */
const rank = (seg: string) => (seg.startsWith("[[...") ? 3 : seg.startsWith("[...") ? 2 : seg.startsWith("[") ? 1 : 0);

function matches(route: string[], path: string[]): boolean {
  for (let i = 0; i < route.length; i++) {
    const seg = route[i]!;
    if (seg.startsWith("[[...")) return i === route.length - 1 && path.length >= i;
    if (seg.startsWith("[...")) return i === route.length - 1 && path.length > i;
    if (i >= path.length) return false;
    if (!seg.startsWith("[") && seg !== path[i]) return false;
  }
  return route.length === path.length;
}

/** The route a path reaches (its most specific match), or null when none does (Next answers 404). */
export function routeFor(routes: readonly Route[], pathname: string): Route | null {
  const path = pathname.split("?")[0]!.split("/").filter(Boolean);
  let best: Route | null = null;
  for (const r of routes) {
    if (!matches(r.segments, path)) continue;
    if (!best) best = r;
    else
      for (let i = 0; i < Math.max(best.segments.length, r.segments.length); i++) {
        const [a, b] = [rank(r.segments[i] ?? "[[..."), rank(best.segments[i] ?? "[[...")];
        if (a !== b) {
          if (a < b) best = r;
          break;
        }
      }
  }
  return best;
}
