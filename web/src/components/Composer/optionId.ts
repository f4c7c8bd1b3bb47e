/** The DOM id of a mention option, for the input's `aria-activedescendant`. */
export const optionId = (listId: string, uid: number) => `${listId}-u${uid}`;
