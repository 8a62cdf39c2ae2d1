// PUT /api/admin/sites/{siteId}/vehicles/{id} — a hand edit of one car
import { putVehicle } from "@/server/admin/api/stock";

export const dynamic = "force-dynamic";
export const PUT = putVehicle;
