import type { Metadata } from "next";
import { StoredPage } from "@/components/content/content-views";
import { requireSite, type SiteParams } from "../_routes/site";
import { loadStoredPage, storedPageMetadata } from "../_routes/stored-page";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return storedPageMetadata(await requireSite(params, "/privacy-policy"), "privacy-policy");
}

// GET /privacy-policy — the site's stored legal page (404 where the site has none)
export default async function PrivacyPolicyPage({ params }: Props) {
  return <StoredPage {...await loadStoredPage(await requireSite(params, "/privacy-policy"), "privacy-policy")} />;
}
