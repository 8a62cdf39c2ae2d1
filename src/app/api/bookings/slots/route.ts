import { slotsRoute } from "@/server/bookings/bookings-api";

// GET /api/bookings/slots?kind=service|test-drive&date=YYYY-MM-DD&location_id=… | &vehicle={stock number} → 200 {slots:[{start,end,available}]}
export const GET = slotsRoute;
