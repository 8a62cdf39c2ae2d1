import type { Metadata } from "next";
import { RulesView } from "@/components/admin/views/rules";
import { loadRules } from "@/app/admin/_routes/rules";

export const metadata: Metadata = { title: "Feature rules" };

// GET /platform/rules — operators: the feature rules (flags derived from site id, slug, name, group or manufacturer)
export default async function RulesPage() {
  return <RulesView {...await loadRules()} />;
}
