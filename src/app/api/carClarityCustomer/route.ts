import { carHistoryRoute } from "@/server/leads/lookup-api";

export const dynamic = "force-dynamic";

// POST /api/carClarityCustomer {lead: {lead_id}} — a trade-in lead goes on to the car history provider
export const POST = carHistoryRoute;
