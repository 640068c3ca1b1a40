import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../toast-store';
import { useAuthStore } from './use-auth-store';

/** One sign-out for every screen that offers it (profile, settings, onboarding). */
export function useSignOut() {
  const navigate = useNavigate();
  const logout = useAuthStore((state) => state.logout);
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut() {
    setIsSigningOut(true);
    try {
      await logout();
      toast.info("You're signed out. See you soon!");
      void navigate('/login', { replace: true });
    } finally {
      setIsSigningOut(false);
    }
  }

  return { signOut, isSigningOut };
}
