import "server-only";
import { headers } from "next/headers";
import type { RegoStep } from "@/domain/lookups/lookup";
import { lookupForPage } from "@/server/leads/lookup-api";
import type { SiteContext } from "@/server/site/context";
import { oneParam, type SearchParams } from "./site";

/**
 * The trade-in's rego step posted without JavaScript (a GET of the page with `?rego=&state=`): looked
 * up here so that the page draws the next step; null when no rego was asked (the page as it always is).
 * The page cache never keeps such a page (isPersonalPage).
 */
export async function regoStep(ctx: SiteContext, searchParams: SearchParams): Promise<RegoStep | null> {
  const q = await searchParams;
  const rego = oneParam(q.rego);
  if (rego === undefined) return null;
  const address = (await headers()).get("x-real-ip") ?? "unknown";
  return lookupForPage(ctx, { rego, state: oneParam(q.state) }, address);
}
