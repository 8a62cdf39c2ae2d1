import type { Metadata } from "next";
import { ConsoleView } from "@/components/admin/views/console";
import { loadConsole } from "@/app/admin/_routes/console";

export const metadata: Metadata = { title: "Sites" };

// GET /platform — operators: every site, draft or published, and a new site from a name, a slug, a template and a domain
export default async function ConsolePage() {
  return <ConsoleView {...await loadConsole()} />;
}
