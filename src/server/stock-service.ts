import { cache } from "react";
import { getDb } from "@/server/db";
import { SqlVehicleSearch, type VehicleSearch } from "@/server/search/vehicle-search";

/** The platform's search implementation (SQL on the configured database). */
export const getVehicleSearch = cache(async (): Promise<VehicleSearch> => new SqlVehicleSearch(await getDb()));
