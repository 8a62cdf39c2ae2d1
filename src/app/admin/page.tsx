import { redirectHome } from "@/app/admin/_routes/home";

// GET / on the back-office host: the leads inbox (an operator: the sites console), or the sign-in page
export default async function AdminHome() {
  await redirectHome();
}
