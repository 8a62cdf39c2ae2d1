import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PageSection } from "@/components/ui/page";

/** A page that does not exist on a known site: say so, and offer a way on. */
export default function SiteNotFound() {
  return (
    <PageSection width="narrow" className="py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-neutral-700">The page you were looking for has moved or no longer exists.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/search/new-used-and-demo-cars" className={buttonVariants()}>
          Search our stock
        </Link>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Go to the home page
        </Link>
      </div>
    </PageSection>
  );
}
