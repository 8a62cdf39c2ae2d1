/** A site's state in the console: published, or a draft the public sees as "coming soon". */
export function SiteStatus({ published, testId }: { published: boolean; testId?: string }) {
  return published ? (
    <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900" data-testid={testId}>
      Published
    </span>
  ) : (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900" data-testid={testId}>
      Draft
    </span>
  );
}
