import "server-only";
import { requireOperator } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listSites } from "@/server/repositories/sites";

/** The operators' console: every site, draft or published. */
export async function loadConsole() {
  await requireOperator();
  const sites = await listSites(await getDb());
  return {
    sites: sites.map((s) => ({
      id: s.id,
      name: s.name,
      slug: s.slug,
      domainName: s.domainName,
      template: s.template,
      published: s.published,
    })),
  };
}
