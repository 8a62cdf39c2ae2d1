import { putOpeningHours } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const PUT = putOpeningHours;
