import { leadFormPage } from "../_routes/form";

// GET /finance — the finance form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("finance", "/finance");
export { generateMetadata };
export default Page;
