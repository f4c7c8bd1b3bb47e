/** The files screen's grid or list view, kept on this device. */
import { useState } from "react";
import { getLocal, setLocal } from "../../utils/storage";

export type FileListView = "grid" | "item";
export const KEY_FILE_LIST_VIEW = "parley:file_list_view";

export function useFileView(): [FileListView, (view: FileListView) => void] {
  const [view, setView] = useState<FileListView>(() => (getLocal(KEY_FILE_LIST_VIEW) === "item" ? "item" : "grid"));
  return [
    view,
    (next) => {
      setLocal(KEY_FILE_LIST_VIEW, next);
      setView(next);
    },
  ];
}
