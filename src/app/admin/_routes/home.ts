import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { decodeFormFlash } from "@/domain/http/form-flash";
import { SIGN_IN_FLASH_COOKIE, SIGN_IN_FLASH_SITE } from "@/server/admin/api/session";
import { requestStaff, requireStaff } from "@/server/admin/pages";
import { oneParam, type SearchParams } from "./params";

/** The back-office's front door: the leads inbox (an operator: the sites console), or the sign-in page. */
export async function redirectHome(): Promise<never> {
  const staff = await requireStaff();
  redirect(staff.operator ? "/platform" : "/leads");
}

/** The sign-in page is for those not signed in: the others go to their first page. */
export async function redirectSignedIn(): Promise<void> {
  const staff = await requestStaff();
  if (staff) redirect(staff.operator ? "/platform" : "/leads");
}

const SIGN_IN_FIELDS = new Set(["email", "password", "form"]);

/**
 * The sign-in page: the signed-in go on; a sign-in refused without JavaScript comes back here with
 * the email typed and the messages, read once from its one-minute cookie for this attempt.
 */
export async function loadSignIn(searchParams: SearchParams) {
  await redirectSignedIn();
  const f = decodeFormFlash(
    (await cookies()).get(SIGN_IN_FLASH_COOKIE)?.value,
    SIGN_IN_FLASH_SITE,
    oneParam(await searchParams, "attempt"),
    (k) => SIGN_IN_FIELDS.has(k),
  );
  return { email: f?.values.email ?? "", errors: f?.errors ?? {} };
}
