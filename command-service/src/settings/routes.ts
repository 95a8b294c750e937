import { Router } from 'express';
import { preferencesPatchBody, type Preferences } from '@cc/contracts';
import { answerCommand, commandMetadata, parseOrProblem, requireAuth, type GlobalPosition } from '@cc/platform';
import type { PreferenceCommands } from './commands';

export interface PreferencesReadBack {
  waitFor(position: GlobalPosition): Promise<void>;
  preferences(userId: string): Promise<Preferences>;
}

/** `PUT /api/auth/preferences`: any part of the preferences; answers the whole of them. */
export function preferenceRoutes(preferences: PreferenceCommands, readBack: PreferencesReadBack): Router {
  const router = Router();
  router.put('/api/auth/preferences', async (req, res) => {
    const auth = requireAuth(res);
    const patch = parseOrProblem(preferencesPatchBody, req.body);
    const result = await preferences.change(auth.userId, patch, commandMetadata(res));
    await answerCommand(res, {
      position: result.position,
      waitFor: readBack.waitFor,
      read: () => readBack.preferences(auth.userId),
      accepted: { id: auth.userId, location: '/api/auth/preferences' },
    });
  });
  return router;
}
