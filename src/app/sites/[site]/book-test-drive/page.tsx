import { leadFormPage } from "../_routes/form";

// GET /book-test-drive — the test-drive form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("test-drive", "/book-test-drive");
export { generateMetadata };
export default Page;
