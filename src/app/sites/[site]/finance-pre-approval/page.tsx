import { leadFormPage } from "../_routes/form";

// GET /finance-pre-approval — the finance-pre-approval form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("finance-pre-approval", "/finance-pre-approval");
export { generateMetadata };
export default Page;
