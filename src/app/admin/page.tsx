import { redirect } from "next/navigation";
import { requireStaff } from "@/server/admin/pages";

// GET / on the back-office host: the leads inbox (an operator: the sites console), or the sign-in page
export default async function AdminHome() {
  const staff = await requireStaff();
  redirect(staff.operator ? "/platform" : "/leads");
}
