import { BackLink } from "@/components/admin/back-link";
import { ContentEditor } from "@/components/admin/content-editor";
import { KIND_LABELS, type ContentEdit, type EditableKind } from "@/domain/content/edit";

export type ContentProps = {
  siteId: number;
  entry: { id: number; title: string };
  kind: EditableKind;
  /** just created: the page says so */
  created: boolean;
  /** its address on the website */
  href: string;
  values: Record<keyof ContentEdit, string>;
};

/** One page, post or offer: its address on the website and its editor. */
export function ContentView({ siteId, entry, kind, created, href, values }: ContentProps) {
  return (
    <div className="max-w-3xl">
      <BackLink href={`/sites/${siteId}/content`}>Content</BackLink>
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
        <ContentEditor siteId={siteId} entryId={entry.id} kind={kind} values={values} />
      </div>
    </div>
  );
}
