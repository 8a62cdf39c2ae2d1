import { leadFormPage } from "../../_routes/form";

// GET /pages/book-a-service — the service form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("service", "/pages/book-a-service");
export { generateMetadata };
export default Page;
