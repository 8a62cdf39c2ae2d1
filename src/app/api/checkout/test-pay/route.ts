import { testPayRoute } from "@/server/store/checkout-service";

export const dynamic = "force-dynamic";

// POST /api/checkout/test-pay — the local test payment provider's page answering (demo and tests only)
export const POST = testPayRoute;
