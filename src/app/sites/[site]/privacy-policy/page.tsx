import type { Metadata } from "next";
import { requireSite, type SiteParams } from "../_routes/site";
import { StoredPageRoute, storedPageMetadata } from "../_routes/stored-page";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return storedPageMetadata(await requireSite(params, "/privacy-policy"), "privacy-policy");
}

// GET /privacy-policy — the site's stored legal page (404 where the site has none)
export default async function PrivacyPolicyPage({ params }: Props) {
  return <StoredPageRoute ctx={await requireSite(params, "/privacy-policy")} slug="privacy-policy" />;
}
