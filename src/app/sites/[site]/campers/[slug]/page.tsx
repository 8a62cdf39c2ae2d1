import { vehicleRoute } from "../../_routes/vehicle";

// GET /campers/{slug} — vehicle detail (404 on a site whose template uses another base)
const { generateMetadata, Page } = vehicleRoute("/campers");
export { generateMetadata };
export default Page;
