import { redirect } from "next/navigation";
import { requireStaff } from "@/server/admin/pages";

// GET / on the back-office host: the leads inbox (or the sign-in page)
export default async function AdminHome() {
  await requireStaff();
  redirect("/leads");
}
