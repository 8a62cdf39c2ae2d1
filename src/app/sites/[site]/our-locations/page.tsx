import { directoryPage } from "../_routes/directory";

// GET /our-locations?type=… — the location list (the same directory as /dealerships)
const { metadata, Page } = directoryPage("/our-locations", "Our Locations");
export { metadata };
export default Page;
