// PUT, POST /api/admin/sites/{siteId}/vehicles/{id} — a hand edit of one car (POST: the editor's plain form post)
import { postVehicleEdit, putVehicle } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const PUT = putVehicle;
export const POST = postVehicleEdit;
