import "server-only";
import { notFound } from "next/navigation";
import { offerState } from "@/domain/content/content";
import type { ContentEntry } from "@/domain/content/types";
import { contentFormValues, EDITABLE_KINDS, publicContentHref, type EditableKind } from "@/domain/content/edit";
import { localTime } from "@/domain/locations/hours";
import { parseSiteId } from "@/domain/platform/contract";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { getContentById, listContent } from "@/server/repositories/content";
import { getSiteById } from "@/server/repositories/sites";
import { featuresOf } from "@/server/site/context";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** Whether an entry shows on the website now: not yet, no more (an offer past its end), or live. */
const stateOf = (kind: EditableKind, e: ContentEntry, now: number): "Scheduled" | "Ended" | "Live" =>
  e.publishedAt.getTime() > now ? "Scheduled" : kind === "offer" && offerState(e, now) === "ended" ? "Ended" : "Live";

/** A site's pages, blog posts and offers, each with its address on the website and whether it is live (managers and owners). */
export async function loadContentList(params: SiteParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/content");
  const db = await getDb();
  const record = await getSiteById(db, site.id);
  const rules = await featuresOf(db, record!);
  const now = serverNow();
  const lists = await Promise.all(EDITABLE_KINDS.map(async (kind) => ({ kind, entries: await listContent(db, site.id, kind) })));
  return {
    site: { id: site.id, name: site.name, timezone: site.timezone },
    lists: lists.map(({ kind, entries }) => ({
      kind,
      entries: entries.map((e) => ({
        id: e.id,
        title: e.title,
        path: publicContentHref(kind, e.slug, rules),
        publishedAt: e.publishedAt,
        state: stateOf(kind, e, now),
      })),
    })),
  };
}

/** A new page, post or offer of the kind the query asks for (a page by default), dated today in the site's time zone. */
export async function loadNewContent(params: SiteParams, searchParams: SearchParams) {
  const { site } = await requireStaffSite((await params).siteId, "sites/[siteId]/content/new");
  const raw = oneParam(await searchParams, "kind");
  const kind: EditableKind = (EDITABLE_KINDS as readonly string[]).includes(String(raw)) ? (raw as EditableKind) : "page";
  return { siteId: site.id, kind, publishedOn: localTime(serverNow(), site.timezone).date };
}

/** One page, post or offer of the site, its form's values and its address on the website; a 404 for another kind or another site's. */
export async function loadContent(params: Promise<{ siteId: string; id: string }>, searchParams: SearchParams) {
  const p = await params;
  const created = (await searchParams).created === "1";
  const { site } = await requireStaffSite(p.siteId, "sites/[siteId]/content/[id]");
  const id = parseSiteId(p.id);
  const db = await getDb();
  const entry = id === null ? null : await getContentById(db, site.id, id);
  if (!entry || !(EDITABLE_KINDS as readonly string[]).includes(entry.kind)) notFound();
  const kind = entry.kind as EditableKind;
  const record = await getSiteById(db, site.id);
  const href = new URL(publicContentHref(kind, entry.slug, await featuresOf(db, record!)), site.url).toString();
  return {
    siteId: site.id,
    entry: { id: entry.id, title: entry.title },
    kind,
    created,
    href,
    values: contentFormValues(entry, site.timezone),
  };
}
