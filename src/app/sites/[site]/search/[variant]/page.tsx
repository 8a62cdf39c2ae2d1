import type { Metadata } from "next";
import { SearchResults } from "@/components/stock/search-results";
import { loadSearch, searchMetadata, type SearchRouteProps } from "../../_routes/search";

export async function generateMetadata(props: SearchRouteProps): Promise<Metadata> {
  return searchMetadata(props);
}

// GET /search/{new-used-and-demo-cars|new-and-demo-cars|used-cars}?… — server-rendered, URL-driven search
export default async function SearchPage(props: SearchRouteProps) {
  return <SearchResults {...await loadSearch(props)} />;
}
