/** The detail pane in focus as last drawn: how far it scrolls and a page of it (read by the scroll keys). */
export const detailView = { maxTop: 0, page: 1 };
