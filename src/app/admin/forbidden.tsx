"use client";

import { usePathname } from "next/navigation";
import { ForbiddenView } from "@/components/admin/views/forbidden";

// a back-office page the staff member's role may not open (403, from forbidden() in its loader): who can open it
export default function Forbidden() {
  return <ForbiddenView path={usePathname() ?? ""} />;
}
