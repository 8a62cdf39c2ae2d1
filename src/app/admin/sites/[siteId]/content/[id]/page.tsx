import type { Metadata } from "next";
import { BackLink } from "@/components/admin/back-link";
import { notFound } from "next/navigation";
import { ContentEditor } from "@/components/admin/content-editor";
import { contentFormValues, EDITABLE_KINDS, KIND_LABELS, publicContentHref, type EditableKind } from "@/domain/content/edit";
import { parseSiteId } from "@/domain/platform/contract";
import { featuresOf } from "@/server/site-context";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { getContentById } from "@/server/repositories/content";
import { getSiteById } from "@/server/repositories/sites";

export const metadata: Metadata = { title: "Edit content" };

// GET /sites/{siteId}/content/{id}[?created=1] — one page, post or offer (just created: says so)
export default async function EditContent({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const p = await params;
  const created = (await searchParams).created === "1";
  const { site } = await requireStaffSite(p.siteId, "settings.edit");
  const id = parseSiteId(p.id);
  const db = await getDb();
  const entry = id === null ? null : await getContentById(db, site.id, id);
  if (!entry || !(EDITABLE_KINDS as readonly string[]).includes(entry.kind)) notFound();
  const kind = entry.kind as EditableKind;
  const record = await getSiteById(db, site.id);
  const href = new URL(publicContentHref(kind, entry.slug, await featuresOf(db, record!)), site.url).toString();
  return (
    <div className="max-w-3xl">
      <BackLink href={`/sites/${site.id}/content`}>Content</BackLink>
      <h1 className="text-2xl font-extrabold">
        {KIND_LABELS[kind]}: {entry.title}
      </h1>
      {created && (
        <p
          role="status"
          className="mt-3 rounded-md border border-green-700 bg-green-50 p-3 font-semibold text-green-900"
          data-testid="content-created"
        >
          Created. The website shows it now.
        </p>
      )}
      <p className="mb-4 mt-2 text-sm">
        On the website:{" "}
        <a href={href} className="break-all underline" target="_blank" rel="noopener">
          {href}
        </a>
      </p>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <ContentEditor siteId={site.id} entryId={entry.id} kind={kind} values={contentFormValues(entry, site.timezone)} />
      </div>
    </div>
  );
}
