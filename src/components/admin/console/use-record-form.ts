import { useRouter } from "next/navigation";
import type { z } from "zod";
import { useSend } from "../use-send";

/**
 * A console form that adds a record to one of a site's lists (locations, dealerships) or changes one of
 * them: the server's schema first, then POST to the list or PUT to the record, the form emptied after
 * an add, the page's data read again.
 */
export function useRecordForm(list: string, id: number | undefined) {
  const router = useRouter();
  const sending = useSend();
  const save = async (form: HTMLFormElement, schema: z.ZodType, record: unknown, prefix: string) => {
    if (!sending.check(schema, record, "Please check the highlighted fields.", prefix)) return;
    const adding = id === undefined;
    if (await sending.send(adding ? list : `${list}/${id}`, { method: adding ? "POST" : "PUT", json: record })) {
      if (adding) form.reset();
      router.refresh();
    }
  };
  return { ...sending, save };
}
