import { liveLeadRoutes } from "@/server/leads/handlers";

const routes = liveLeadRoutes();
// PUT /api/leads/{lead_id} — updates a lead of this site
export async function PUT(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return routes.update(req, (await params).id);
}
