import { StaffSignInForm } from "@/components/admin/auth-forms";

/** Staff sign-in (accounts come from an owner's invitation). */
export function SignInView({ email, errors }: { email: string; errors: Record<string, string> }) {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-neutral-200 bg-white p-6">
      <h1 className="mb-1 text-2xl font-extrabold">Staff sign-in</h1>
      <p className="mb-5 text-neutral-700">For dealership staff. Shoppers sign in on the dealer&apos;s own website.</p>
      <StaffSignInForm email={email} errors={errors} />
    </div>
  );
}
