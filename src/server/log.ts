import pino from "pino";
import { env } from "./env";

export const log = pino({ level: env().LOG_LEVEL, base: { app: "dealer-platform" } });

/** Every log line about a tenant carries its siteId. */
export const siteLog = (siteId: number) => log.child({ siteId });
