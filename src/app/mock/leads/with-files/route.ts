import { mockLeadRoutes } from "@/server/leads/handlers";

const routes = mockLeadRoutes();
// POST /mock/leads/with-files — multipart: lead + files (images and PDFs, 10 MB each, at most 5)
export const POST = routes.withFiles;
