import { leadFormPage } from "../_routes/form";

// GET /service — the service form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("service", "/service");
export { generateMetadata };
export default Page;
