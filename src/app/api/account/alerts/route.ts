import { alertRoutes } from "@/server/auth/account-api";

export const dynamic = "force-dynamic";

// PUT /api/account/alerts {vehicle_id | search_id, alerts} — a watched car's or a saved search's email alert on or off
export const { PUT } = alertRoutes;
