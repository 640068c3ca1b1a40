import { normalizeUsername } from '@doers/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { toast } from '../../../lib/toast-store';
import { mapRegistrationError } from '../lib/registration-errors';
import {
  validateRegistration,
  type FormProblem,
  type RegistrationField,
  type RegistrationForm,
} from '../lib/validate-registration';

interface RegisterContext {
  /**
   * Sent only when validation did not fail outright (a failed check drops it:
   * docs/product/referrals-and-founders.md).
   */
  referralCode: string;
  referrerId: string | null;
  inviteCode: string;
}

const OFFER_LOGIN_QUESTION =
  'This email is already registered. Do you want to go to the sign-in page?';

const EMPTY: RegistrationForm = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptedTerms: false,
};

export function useRegisterForm(context: RegisterContext) {
  const register = useAuthStore((state) => state.register);
  const isLoading = useAuthStore((state) => state.isLoading);
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<FormProblem<RegistrationField> | null>(null);
  const offerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(offerTimer.current), []);

  function update<K extends keyof RegistrationForm>(field: K, value: RegistrationForm[K]) {
    // The username is filtered as it is typed, not rejected afterwards
    // (docs/product/accounts-and-sessions.md).
    const next = field === 'username' ? normalizeUsername(String(value)) : value;
    setForm((current) => ({ ...current, [field]: next }));
    if (problem && (problem.field === field || problem.field === 'form')) setProblem(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRegistration(form);
    setProblem(invalid);
    if (invalid) return;
    try {
      const response = await register({
        username: form.username,
        email: form.email.trim(),
        password: form.password,
        referralCode: context.referralCode,
        inviteCode: context.inviteCode.trim(),
        referrerId: context.referrerId,
      });
      toast.success("Account created! Let's get started.");
      // /onboarding/welcome, unless requiresQuest is explicitly false (docs/product/onboarding.md).
      void navigate(response.requiresQuest === false ? '/feed' : '/onboarding/welcome', {
        replace: true,
      });
    } catch (error) {
      const failure = mapRegistrationError(error);
      setProblem({ field: failure.field ?? 'form', message: failure.message });
      if (failure.offerLogin) {
        // The message first, then (after 500 ms, so it can be read) the offer
        // (docs/product/accounts-and-sessions.md).
        offerTimer.current = setTimeout(() => {
          if (window.confirm(OFFER_LOGIN_QUESTION)) void navigate('/login');
        }, 500);
      }
    }
  }

  const errorFor = (field: RegistrationField) =>
    problem?.field === field ? problem.message : null;

  return {
    form,
    update,
    handleSubmit,
    isLoading,
    formError: errorFor('form'),
    errorFor,
  };
}
