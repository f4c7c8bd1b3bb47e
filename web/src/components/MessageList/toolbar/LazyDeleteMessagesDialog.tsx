import { Suspense, type ComponentProps } from "react";
import { lazyRoute } from "../../../routes/lazyRoute";

const DeleteMessagesDialog = lazyRoute(() => import("./DeleteMessagesDialog"));

/**
 * Starts loading the delete confirmation on the reader's way to it (the delete button hovered or
 * focused, the selection bar shown): a dialog whose code has arrived opens without suspending,
 * where one still loading is held back by React's 300 ms fallback throttle.
 */
export const preloadDeleteDialog = (): void => void DeleteMessagesDialog.preload().catch(() => {});

/**
 * The delete confirmation, its code (and the dialog kit's) loaded when it is first wanted: a chat
 * page that deletes nothing does not carry it (docs/PERFORMANCE.md "Bundles").
 */
export default function LazyDeleteMessagesDialog(props: ComponentProps<typeof DeleteMessagesDialog>) {
  return (
    <Suspense>
      <DeleteMessagesDialog {...props} />
    </Suspense>
  );
}
