import { leadFormPage } from "../_routes/form";

// GET /trade-in — the trade-in form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("trade-in", "/trade-in");
export { generateMetadata };
export default Page;
