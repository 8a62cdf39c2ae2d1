import { leadFormPage } from "../_routes/form";

// GET /fleet — the fleet form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("fleet", "/fleet");
export { generateMetadata };
export default Page;
