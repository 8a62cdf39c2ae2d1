import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import { addDays } from "@/domain/reports/range";

/*
 * A report's days are the site's own. These turn a site's dates into the instants that
 * bound them, in SQL, for every report's query (leads, the team, stock, the rollup).
 */

/** The first instant of a date ("YYYY-MM-DD") in a time zone. */
export const dayStart = (day: string, tz: string): SQL => sql`((${day}::date)::timestamp at time zone ${tz})`;

/** A timestamp column falls on the days from..to (both included) in a time zone. */
export const onDays = (col: AnyColumn | SQL, from: string, to: string, tz: string): SQL =>
  sql`${col} >= ${dayStart(from, tz)} and ${col} < ${dayStart(addDays(to, 1), tz)}`;
