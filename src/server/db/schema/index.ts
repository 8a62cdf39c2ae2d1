import "server-only";

/*
 * The database schema, one file per area (drizzle-kit reads this index: `npm run db:generate`).
 * Every child row references its parent together with its site: see docs/decisions/0010.
 */

export * from "./sites";
export * from "./stock";
export * from "./reviews";
export * from "./leads";
export * from "./accounts";
export * from "./customers";
export * from "./orders";
export * from "./infrastructure";
export * from "./content";
export * from "./analytics";
export * from "./staff";
export * from "./bookings";
