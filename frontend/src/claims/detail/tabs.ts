/** The claim dialog's tabs (apart from the dialog, which is loaded lazily, so that links can name a tab). */
export const DIALOG_TABS = ['details', 'evidence', 'strategy', 'history'] as const;
export type DialogTab = (typeof DIALOG_TABS)[number];
export const isDialogTab = (value: unknown): value is DialogTab => DIALOG_TABS.includes(value as DialogTab);
