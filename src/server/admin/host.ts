import "server-only";
import { hostName } from "@/domain/site/tenant";
import { env } from "@/server/env";

/** Is this request for the dealer back-office's host (ADMIN_HOST, any port)? */
export function isAdminHost(host: string | null | undefined): boolean {
  return hostName(host) === env().ADMIN_HOST;
}
