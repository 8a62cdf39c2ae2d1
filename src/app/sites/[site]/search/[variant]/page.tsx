import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { contentMetadata } from "../../_routes/content";
import { requireSite, type SearchParams } from "../../_routes/site";
import { SearchResults } from "@/components/stock/search-results";
import { isSearchVariant, parseSearch, searchHref } from "@/domain/stock/search";
import { searchStock } from "@/server/stock-service";
import { requestNow } from "@/server/clock";
import { searchTitle } from "@/components/stock/search-title";

type Props = {
  params: Promise<{ site: string; variant: string }>;
  searchParams: SearchParams;
};

async function load({ params, searchParams }: Props) {
  const { variant } = await params;
  const ctx = await requireSite(params);
  if (!isSearchVariant(variant)) notFound();
  const query = parseSearch(variant, await searchParams, ctx.site.defaultSort);
  return { ctx, query };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { ctx, query } = await load(props);
  const title = searchTitle(query.variant, ctx);
  const cities = [...new Set(ctx.locations.map((l) => l.address.city))].join(" and ");
  return contentMetadata(ctx, {
    title,
    description: `${title} for sale at ${ctx.site.name} in ${cities}. Filter by make, model, price and more.`,
    // one canonical URL per filter state; page 2+ and sorts are not separate documents
    path: searchHref({ ...query, page: 1, sort: ctx.site.defaultSort as typeof query.sort }, ctx.site.defaultSort),
  });
}

// GET /search/{new-used-and-demo-cars|new-and-demo-cars|used-cars}?… — server-rendered, URL-driven search
export default async function SearchPage(props: Props) {
  const { ctx, query } = await load(props);
  const now = requestNow();
  const result = await searchStock(ctx, query, now);
  return <SearchResults ctx={ctx} query={query} result={result} now={now} />;
}
