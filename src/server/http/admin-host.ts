import "server-only";
import { hostName } from "@/domain/site/tenant";
import { env } from "@/server/base/env";

/** Is this request for the dealer back-office's host (ADMIN_HOST, any port)? */
export function isAdminHost(host: string | null | undefined): boolean {
  return hostName(host) === env().ADMIN_HOST;
}

/**
 * The back-office's address for links in mail sent without a request to answer (a lead assigned in
 * turn): a local back-office on this server's port, else https on ADMIN_HOST.
 */
export function adminOrigin(): string {
  const e = env();
  return /(^|\.)localhost$/.test(e.ADMIN_HOST) ? `http://${e.ADMIN_HOST}:${e.PORT}` : `https://${e.ADMIN_HOST}`;
}
