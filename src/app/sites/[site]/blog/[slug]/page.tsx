import { blogPostRoute } from "../../_routes/blog";

// GET /blog/{slug} — one post: date, author, picture and text (404 for an unknown or scheduled post)
const route = blogPostRoute("/blog");
export const generateMetadata = route.generateMetadata;
export default route.Page;
