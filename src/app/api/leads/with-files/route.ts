import { liveLeadRoutes } from "@/server/leads/handlers";

const routes = liveLeadRoutes();
// POST /api/leads/with-files — multipart: lead + files (images and PDFs, 10 MB each, at most 5)
export const POST = routes.withFiles;
