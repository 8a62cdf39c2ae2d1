import { cancelRoute } from "@/server/bookings/bookings-api";

// POST /api/bookings/cancel {token} — cancels the booking of a confirmation's link; its slot is free again
export const POST = cancelRoute;
