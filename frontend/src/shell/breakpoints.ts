/** Sidebar width (spec: 16rem) and the breakpoint where it becomes a drawer (768 px). Apart from
 * Shell.tsx so that pages can use them without pulling the lazily loaded shell into their chunk. */
export const SIDEBAR_WIDTH = '16rem';
export const DESKTOP_QUERY = '(min-width:768px)';
