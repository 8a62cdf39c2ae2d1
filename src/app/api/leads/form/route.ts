import { leadRoutes } from "@/server/leads/handlers";

const routes = leadRoutes(false);
// POST /api/leads/form — an enquiry form posted without JavaScript: 303 to /success, or back to the form
export const POST = routes.form;
