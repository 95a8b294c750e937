import type { User } from '@cc/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { markSignedIn } from '../auth/sessionStatus';
import { resetUnauthorized } from '../auth/unauthorized';
import { describeFailure, type FieldErrors } from './formErrors';

/**
 * Submitting the sign-in or create-account form: tracks busy state and errors, and on success
 * marks the session signed in (the entry then starts the app, and react-admin refreshes its cached
 * auth state, see SessionSync) before going to /.
 */
export function useAuthSubmit(formFields: readonly string[]) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string>();

  const submit = async (action: () => Promise<User>) => {
    setBusy(true);
    setAlert(undefined);
    setFieldErrors({});
    try {
      await action();
      resetUnauthorized();
      markSignedIn();
      navigate('/', { replace: true });
    } catch (error) {
      const failure = describeFailure(error, formFields);
      setFieldErrors(failure.fieldErrors);
      setAlert(failure.alert);
      setBusy(false);
    }
  };

  return { busy, fieldErrors, alert, setFieldErrors, setAlert, submit };
}
