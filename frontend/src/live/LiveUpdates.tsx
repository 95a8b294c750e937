import { useSessionStatus } from '../auth/sessionStatus';
import { useReadModelChanges } from './useReadModelChanges';

/** Mounted once inside the app: keeps every screen current from the change stream while someone is signed in. */
export function LiveUpdates() {
  useReadModelChanges(useSessionStatus() === 'signed-in');
  return null;
}
