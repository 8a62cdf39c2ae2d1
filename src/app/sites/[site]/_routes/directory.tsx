import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationsDirectory } from "@/components/locations/locations-directory";
import { requestNow } from "@/server/clock";
import { reviewsService } from "@/server/reviews-service";
import { getSiteContext } from "@/server/site-context";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<{ type?: string | string[] }> };

/** /dealerships and /our-locations: one directory page at two addresses; its reviews loaded here. */
export function directoryPage(path: string, title: string) {
  const metadata: Metadata = { title };
  async function Page({ params, searchParams }: Props) {
    const ctx = await getSiteContext((await params).site);
    if (!ctx) notFound();
    const type = (await searchParams).type;
    const [summary, items] = ctx.features.reviews ? await Promise.all([reviewsService.summary(ctx.site.id), reviewsService.list(ctx.site.id, 3)]) : [null, []];
    return <LocationsDirectory ctx={ctx} path={path} type={typeof type === "string" ? type : undefined} now={requestNow()} reviews={{ summary, items }} />;
  }
  return { metadata, Page };
}
