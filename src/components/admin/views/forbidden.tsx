import Link from "next/link";
import { forbiddenMessage } from "@/domain/staff/pages";

/** A back-office page the staff member's role may not open (403): which roles can, and the way back to their leads. */
export function ForbiddenView({ path }: { path: string }) {
  return (
    <div className="mx-auto max-w-xl py-10" data-testid="forbidden">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">403</p>
      <h1 className="text-2xl font-extrabold">Not for your role</h1>
      <p className="mt-2 text-neutral-800" data-testid="forbidden-message">
        {forbiddenMessage(path)}
      </p>
      <p className="mt-4">
        <Link href="/leads" className="font-semibold underline">
          Back to the leads
        </Link>
      </p>
    </div>
  );
}
