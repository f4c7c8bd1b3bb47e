/** The selection bar is fetched on first use (a more menu opening), not with the chat view. */
export const loadSelectionBar = () => import("./SelectionBar");
