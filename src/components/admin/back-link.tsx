import Link from "next/link";

/** The way back up from a back-office page (← Stock, ← Content). */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <p className="mb-2">
      <Link href={href} className="text-sm font-semibold underline">
        ← {children}
      </Link>
    </p>
  );
}
