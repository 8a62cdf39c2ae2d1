import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { allowedMethods, exportedMethods, routeFor, routeSegments, type Route, type RouteMethod } from "@/domain/http/routes";
import { log } from "@/server/base/log";

/*
 * The API routes and the methods each exports, read once from src/app's route files:
 * the edge answers 405 with the route's own Allow header for a method it has no handler for, and
 * lets every exported method (DELETE included) through. Without the source folder (a deployment
 * that ships only the build), nothing is refused here and Next answers 405 itself.
 */
let table: Route[] | null | undefined;

function scan(dir: string, rel: string, out: Route[]) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) scan(path.join(dir, e.name), rel ? `${rel}/${e.name}` : e.name, out);
    else if (e.name === "route.ts" || e.name === "route.js") {
      const segments = routeSegments(rel);
      if (segments) out.push({ segments, methods: exportedMethods(readFileSync(path.join(dir, e.name), "utf8")) });
    }
  }
}

/** Every route file under src/app, with its methods; null when the source is not here. */
export function routeTable(appDir = path.join(process.cwd(), "src", "app")): Route[] | null {
  if (table !== undefined) return table;
  try {
    const out: Route[] = [];
    scan(appDir, "", out);
    table = out;
  } catch (err) {
    log.warn({ err: (err as Error).message }, "route table unavailable: Next answers unsupported methods itself");
    table = null;
  }
  return table;
}

/** The methods the route at this path answers (its Allow header), or null when no route file matches it. */
export function allowFor(pathname: string): RouteMethod[] | null {
  const routes = routeTable();
  const route = routes && routeFor(routes, pathname);
  return route ? allowedMethods(route.methods) : null;
}
