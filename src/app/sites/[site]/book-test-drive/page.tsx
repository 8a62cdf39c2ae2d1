import { leadFormPage } from "@/components/forms/form-page";

// GET /book-test-drive — the test-drive form (SPEC §2; site redirects and switches apply)
const { generateMetadata, Page } = leadFormPage("test-drive", "/book-test-drive");
export { generateMetadata };
export default Page;
