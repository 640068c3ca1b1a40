import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/use-page-title';
import { QrCamera } from '../components/qr-camera';
import { parseInviteQr, registerPathFor, type InviteTarget } from '../lib/parse-invite-qr';
import './qr-scan-page.css';

export function QrScanPage() {
  usePageTitle('Join through a friend');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [scanNotice, setScanNotice] = useState<string | null>(null);

  const go = useCallback(
    (target: InviteTarget) => void navigate(registerPathFor(target)),
    [navigate],
  );

  const handleDecoded = useCallback(
    (text: string) => {
      const target = parseInviteQr(text);
      if (!target) {
        setScanNotice("That QR code isn't a Doers invite. Try your friend's Doers code.");
        return false;
      }
      go(target);
      return true;
    },
    [go],
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setCodeError('Please enter a referral code');
      return;
    }
    // Codes are printed in capitals; a pasted invite link works too.
    const target = parseInviteQr(/^[a-z0-9]+$/i.test(typed) ? typed.toUpperCase() : typed);
    if (!target) {
      setCodeError("That doesn't look like a referral code. Check it and try again.");
      return;
    }
    go(target);
  }

  return (
    <section className="auth-card card">
      <header className="auth-card__header">
        <h1 className="auth-card__title">Join through a friend</h1>
        <p className="auth-card__subtitle">
          Doers grows by invitation. Scan the QR code a friend shows you, or type the referral code
          they shared.
        </p>
      </header>
      <QrCamera onDecoded={handleDecoded} notice={scanNotice} />
      <p className="divider">
        <span>or</span>
      </p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Referral code"
          name="referralCode"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. K7PQ2XMA"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeError(null);
          }}
          error={codeError}
        />
        <Button type="submit" block>
          Continue
        </Button>
      </form>
      <footer className="auth-card__footer">
        <p className="auth-card__footer-text">
          Already have an account?{' '}
          <Link to="/login" className="text-link">
            Sign in
          </Link>
        </p>
      </footer>
    </section>
  );
}
