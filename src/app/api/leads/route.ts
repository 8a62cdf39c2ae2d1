import { leadRoutes } from "@/server/leads/handlers";

const routes = leadRoutes(false);
// POST /api/leads — creates a lead: {lead:{…}} → 201 {lead:{id,…}}; 422 {error, errors:{field:message}}
export const POST = routes.create;
