import type { Metadata } from "next";
import { BackLink } from "@/components/admin/back-link";
import { ContentEditor } from "@/components/admin/content-editor";
import { EDITABLE_KINDS, KIND_LABELS, type EditableKind } from "@/domain/content/edit";
import { localTime } from "@/domain/locations/hours";
import { requireStaffSite } from "@/server/admin/pages";
import { serverNow } from "@/server/clock";

export const metadata: Metadata = { title: "New content" };

// GET /sites/{siteId}/content/new?kind=page|post|offer
export default async function NewContent({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await requireStaffSite((await params).siteId, "settings.edit");
  const raw = (await searchParams).kind;
  const kind: EditableKind = (EDITABLE_KINDS as readonly string[]).includes(String(raw)) ? (raw as EditableKind) : "page";
  return (
    <div className="max-w-3xl">
      <BackLink href={`/sites/${site.id}/content`}>Content</BackLink>
      <h1 className="mb-4 text-2xl font-extrabold">New {KIND_LABELS[kind].toLowerCase()}</h1>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <ContentEditor siteId={site.id} entryId={null} kind={kind} values={{ published_on: localTime(serverNow(), site.timezone).date }} />
      </div>
    </div>
  );
}
