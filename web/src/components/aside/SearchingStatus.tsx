import { useTranslation } from "react-i18next";
import { Spinner } from "../Icons";

/** Under a people picker: "Searching…" while the server is asked (`usePeopleSearch`), announced; empty otherwise. */
export default function SearchingStatus({ searching }: { searching: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <p role="status" className="flex h-5 items-center gap-1.5 px-2 text-xs text-zinc-500 dark:text-zinc-400">
      {searching && (
        <>
          <Spinner size={12} />
          {t("people_search.searching")}
        </>
      )}
    </p>
  );
}
