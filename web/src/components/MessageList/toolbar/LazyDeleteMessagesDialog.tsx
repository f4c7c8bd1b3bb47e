import { lazy, Suspense, type ComponentProps } from "react";

const DeleteMessagesDialog = lazy(() => import("./DeleteMessagesDialog"));

/**
 * The delete confirmation, its code (and the dialog kit's) loaded when it first opens: a chat
 * page that deletes nothing does not carry it (docs/PERFORMANCE.md "Bundles").
 */
export default function LazyDeleteMessagesDialog(props: ComponentProps<typeof DeleteMessagesDialog>) {
  return (
    <Suspense>
      <DeleteMessagesDialog {...props} />
    </Suspense>
  );
}
