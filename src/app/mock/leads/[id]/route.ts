import { mockLeadRoutes } from "@/server/leads/handlers";

const routes = mockLeadRoutes();
// PUT /mock/leads/{lead_id} — updates a lead of this site
export async function PUT(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return routes.update(req, (await params).id);
}
