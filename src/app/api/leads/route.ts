import { liveLeadRoutes } from "@/server/leads/handlers";

const routes = liveLeadRoutes();
// POST /api/leads — creates a lead: {lead:{…}} → 201 {lead:{id,…}}; 422 {error, errors:{field:message}}
export const POST = routes.create;
