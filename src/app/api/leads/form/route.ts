import { liveLeadRoutes } from "@/server/leads/handlers";

const routes = liveLeadRoutes();
// POST /api/leads/form — an enquiry form posted without JavaScript: 303 to /success, or back to the form
export const POST = routes.form;
