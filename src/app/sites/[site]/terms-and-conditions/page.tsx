import type { Metadata } from "next";
import { requireSite, type SiteParams } from "../_routes/site";
import { StoredPageRoute, storedPageMetadata } from "../_routes/stored-page";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return storedPageMetadata(await requireSite(params, "/terms-and-conditions"), "terms-and-conditions");
}

// GET /terms-and-conditions — the site's stored legal page (404 where the site has none)
export default async function TermsAndConditionsPage({ params }: Props) {
  return <StoredPageRoute ctx={await requireSite(params, "/terms-and-conditions")} slug="terms-and-conditions" />;
}
