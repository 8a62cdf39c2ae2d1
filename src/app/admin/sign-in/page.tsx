import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { StaffSignInForm } from "@/components/admin/auth-forms";
import { isAdminHost } from "@/server/admin/host";
import { currentStaff } from "@/server/admin/staff-auth";

export const metadata: Metadata = { title: "Sign in" };

// GET /sign-in — staff sign-in (accounts come from an owner's invitation)
export default async function StaffSignInPage() {
  const h = await headers();
  if (!isAdminHost(h.get("host"))) notFound();
  if (await currentStaff(h)) redirect("/leads");
  return (
    <div className="mx-auto max-w-md rounded-lg border border-neutral-200 bg-white p-6">
      <h1 className="mb-1 text-2xl font-extrabold">Staff sign-in</h1>
      <p className="mb-5 text-neutral-700">For dealership staff. Shoppers sign in on the dealer&apos;s own website.</p>
      <StaffSignInForm />
    </div>
  );
}
