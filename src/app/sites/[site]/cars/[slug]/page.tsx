import { vehicleRoute } from "../../_routes/vehicle";

// GET /cars/{slug} — vehicle detail (404 on a site whose template uses another base)
const { generateMetadata, Page } = vehicleRoute("/cars");
export { generateMetadata };
export default Page;
