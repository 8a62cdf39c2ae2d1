"use client";

import { useMemo } from "react";
import { footerViewHtml, type FooterView } from "./footer-html";

/** The site's footer: find us, opening hours, the footer menus, contact and social links, drawn from its view (footer-html.ts). */
export function SiteFooter({ view }: { view: FooterView }) {
  const html = useMemo(() => footerViewHtml(view), [view]);
  return <footer className="mt-16 bg-neutral-900 text-neutral-200" data-area="footer" dangerouslySetInnerHTML={{ __html: html }} />;
}
