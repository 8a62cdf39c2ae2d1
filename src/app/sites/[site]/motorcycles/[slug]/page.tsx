import { vehicleRoute } from "../../_routes/vehicle";

// GET /motorcycles/{slug} — vehicle detail (404 on a site whose template uses another base)
const { generateMetadata, Page } = vehicleRoute("/motorcycles");
export { generateMetadata };
export default Page;
