import { blogPostRoute } from "../../_routes/blog";

// GET /news/{slug} — one post: date, author, picture and text (404 for an unknown or scheduled post)
const route = blogPostRoute("/news");
export const generateMetadata = route.generateMetadata;
export default route.Page;
