import type { User } from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resetUnauthorized } from '../auth/unauthorized';
import { describeFailure, type FieldErrors } from './formErrors';

/**
 * Submitting the sign-in or create-account form: tracks busy state and errors, and on success
 * refreshes react-admin's cached auth state (signed-out → signed-in) before going to /.
 */
export function useAuthSubmit(formFields: readonly string[]) {
  const queryClient = useQueryClient();
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
      await queryClient.resetQueries({ queryKey: ['auth'] });
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
