import { leadFormPage } from "../_routes/form";

// GET /careers — the careers form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("careers", "/careers");
export { generateMetadata };
export default Page;
