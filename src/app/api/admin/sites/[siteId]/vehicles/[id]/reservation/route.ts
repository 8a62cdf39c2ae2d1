// POST /api/admin/sites/{siteId}/vehicles/{id}/reservation — releases a car's online reservation or converts it to the sale
import { postReservation } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const POST = postReservation;
