import { eventsRoute } from "@/server/analytics/events-api";

export const dynamic = "force-dynamic";

// POST /api/events — analytics events on sites with the analytics_events switch (docs/features/analytics-chat-widgets.md)
export const POST = eventsRoute;
