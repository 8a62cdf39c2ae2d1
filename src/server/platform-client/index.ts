import "server-only";
import { env, platformBaseUrl } from "@/server/base/env";
import { log } from "@/server/base/log";
import { createAnswerCache } from "./answer-cache";
import { createPlatformClient, type PlatformClient } from "./client";
import { remember } from "@/server/base/remember";

export { PlatformUnavailableError, PlatformContractError, PlatformHttpError } from "./client";

/**
 * This process's client of the dashboard, or null when it reads site data from its own database
 * (PLATFORM_API_URL unset: the single-process default). One per process — Next's bundle and the
 * compiled server share it (remember.ts), so the server's error pages know whether the
 * dashboard is reachable.
 */
export function platformClient(): PlatformClient | null {
  return remember("platform-client", makePlatformClient);
}

function makePlatformClient(): PlatformClient | null {
  const e = env();
  const baseUrl = platformBaseUrl(e);
  if (!baseUrl) return null;
  const platformLog = log.child({ component: "platform-client" });
  return createPlatformClient({
    baseUrl,
    credentials:
      e.PLATFORM_API_USER && e.PLATFORM_API_PASSWORD ? { user: e.PLATFORM_API_USER, password: e.PLATFORM_API_PASSWORD } : undefined,
    cache: createAnswerCache({ dir: e.PLATFORM_CACHE_DIR, onError: (err, what) => platformLog.warn({ err, what }, "platform cache file") }),
    revalidateMs: e.PLATFORM_REVALIDATE_SECONDS * 1000,
    log: platformLog,
  });
}

/** False while the dashboard is unreachable (its last request failed every attempt); true without one. */
export function isPlatformUp(): boolean {
  const c = platformClient();
  return !c || c.state.up;
}
