import type { Metadata } from "next";
import { SearchResults } from "@/components/stock/search-results";
import { loadSearch, searchMetadata, type SearchRouteProps } from "../../../_routes/search";

export async function generateMetadata(props: SearchRouteProps): Promise<Metadata> {
  return searchMetadata(props);
}

// GET /search/{variant}/{make}[/{model}] and /search/{variant}/body/{body} — a search landing page: the same search with
// the filter applied, its own H1, title and description from the site's templates; 404 for what the site does not stock
export default async function SearchLandingPage(props: SearchRouteProps) {
  return <SearchResults {...await loadSearch(props)} />;
}
