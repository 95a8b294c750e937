import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: ReactNode;
  /** "destructive" for failures (red, announced assertively); "default" otherwise. */
  variant?: ToastVariant;
}

/** Toasts stay 5 s (spec doc 1 §9). */
export const TOAST_DURATION_MS = 5000;

/** Key under which a toast travels in react-admin's notification options. */
export const TOAST_OPTION = 'ccToast';
