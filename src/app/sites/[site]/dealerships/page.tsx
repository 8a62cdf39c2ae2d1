import { directoryPage } from "../_routes/directory";

// GET /dealerships?type=sales|service|parts|buying — every location card, filterable by type
const { metadata, Page } = directoryPage("/dealerships", "Our Dealerships");
export { metadata };
export default Page;
