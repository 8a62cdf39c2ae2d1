import { mockLeadRoutes } from "@/server/leads/handlers";

const routes = mockLeadRoutes();
// POST /mock/leads/form — the demo site's plain form post (stored as mock, never delivered)
export const POST = routes.form;
