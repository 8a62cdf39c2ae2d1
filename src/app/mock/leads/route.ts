import { leadRoutes } from "@/server/leads/handlers";

const routes = leadRoutes(true);
// POST /mock/leads — creates a lead: {lead:{…}} → 201 {lead:{id,…}}; 422 {error, errors:{field:message}}
export const POST = routes.create;
