import { useRef, useState } from 'react';
import { clearFieldError, hasFieldErrors, selectIsSignedIn, useAppSelector, useFocusError, type FieldErrorMap } from '@app/kit';
import { formFailure, requiredErrors } from './forms';
import { useNoResponse } from './useCompleteSignIn';

/**
 * The state both auth forms share: values, field errors (cleared on edit), the message above the
 * form, and a submit that checks required fields, then sends, then maps a failure onto the form
 * (or to /503 when nothing answered). A failure moves focus to its first message (`formRef` goes on the form).
 */
export function useAuthForm<K extends string>(labels: Record<K, string>) {
  const fields = Object.keys(labels) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, ''])) as Record<K, string>);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [general, setGeneral] = useState<string>();
  const noResponse = useNoResponse();
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusError(formRef);

  const change = (field: K, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
  };

  const submit = async (send: (values: Record<K, string>) => Promise<void>) => {
    const missing = requiredErrors(values, labels);
    setErrors(missing);
    setGeneral(undefined);
    if (hasFieldErrors(missing)) return focusError();
    try {
      await send(values);
    } catch (error) {
      const failure = formFailure(error, fields);
      if (failure.kind === 'no-response') return noResponse();
      setErrors(failure.fieldErrors);
      setGeneral(failure.general);
      focusError();
    }
  };

  return { values, errors, general, change, submit, formRef };
}

/** Whether the user was already signed in on arrival; decided once, so signing in here never races the redirect. */
export function useArrivedSignedIn(): boolean {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [arrived] = useState(signedIn);
  return arrived;
}
