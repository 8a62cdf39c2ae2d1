import "server-only";
import { notFound } from "next/navigation";
import { parseSiteId } from "@/domain/platform/contract";
import type { SiteFeatureFlags } from "@/domain/site/types";
import { requireOperator } from "@/server/admin/pages";
import { widgetsFormState } from "@/server/admin/widgets-form";
import { checkSiteDomain } from "@/server/platform/domain-check";
import { siteRecordAnswer } from "@/server/platform/site-records";
import type { SearchParams, SiteParams } from "./params";

/** One site in the operators' console: its record as the platform API answers it, its widgets form and, when asked, its domain's check; a 404 for an unknown site. */
export async function loadConsoleSite(params: SiteParams, searchParams: SearchParams) {
  const operator = await requireOperator();
  const id = parseSiteId((await params).siteId);
  const site = id === null ? null : await siteRecordAnswer(id);
  if (!site) notFound();
  const flags = Object.fromEntries(Object.entries(site.features).map(([k, f]) => [k, f.value])) as SiteFeatureFlags;
  const widgets = await widgetsFormState(site.id, site.integrations, flags, (await searchParams).widgets);
  // the custom domain's DNS and certificate: only when the operator asks (it may take a few seconds)
  const domainCheck = (await searchParams).check === "domain" ? await checkSiteDomain(operator.id, site) : null;
  return { site, widgets, domainCheck };
}
