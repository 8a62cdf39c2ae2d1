import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getSiteContext } from "@/server/site-context";
import { LocationsDirectory } from "./locations-directory";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<{ type?: string | string[] }> };

/** /dealerships and /our-locations: one directory page at two addresses. */
export function directoryPage(path: string, title: string) {
  const metadata: Metadata = { title };
  async function Page({ params, searchParams }: Props) {
    const ctx = await getSiteContext((await params).site);
    if (!ctx) notFound();
    const type = (await searchParams).type;
    return <LocationsDirectory ctx={ctx} path={path} type={typeof type === "string" ? type : undefined} />;
  }
  return { metadata, Page };
}
