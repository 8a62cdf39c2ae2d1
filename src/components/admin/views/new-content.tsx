import { BackLink } from "@/components/admin/back-link";
import { ContentEditor } from "@/components/admin/content-editor";
import { KIND_LABELS, type EditableKind } from "@/domain/content/edit";

/** A new page, post or offer; `publishedOn` is today in the site's time zone. */
export function NewContentView({ siteId, kind, publishedOn }: { siteId: number; kind: EditableKind; publishedOn: string }) {
  return (
    <div className="max-w-3xl">
      <BackLink href={`/sites/${siteId}/content`}>Content</BackLink>
      <h1 className="mb-4 text-2xl font-extrabold">New {KIND_LABELS[kind].toLowerCase()}</h1>
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <ContentEditor siteId={siteId} entryId={null} kind={kind} values={{ published_on: publishedOn }} />
      </div>
    </div>
  );
}
