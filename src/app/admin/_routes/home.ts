import "server-only";
import { redirect } from "next/navigation";
import { requestStaff, requireStaff } from "@/server/admin/pages";

/** The back-office's front door: the leads inbox (an operator: the sites console), or the sign-in page. */
export async function redirectHome(): Promise<never> {
  const staff = await requireStaff();
  redirect(staff.operator ? "/platform" : "/leads");
}

/** The sign-in page is for those not signed in: the others go to their leads. */
export async function redirectSignedIn(): Promise<void> {
  if (await requestStaff()) redirect("/leads");
}
