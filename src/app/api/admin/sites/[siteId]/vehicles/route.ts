// POST /api/admin/sites/{siteId}/vehicles — adds a car by hand
import { postVehicle } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const POST = postVehicle;
