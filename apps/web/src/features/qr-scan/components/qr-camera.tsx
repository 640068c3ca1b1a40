import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconCamera } from '../../../components/ui/icons';
import { useQrScanner } from '../hooks/use-qr-scanner';
import './qr-camera.css';

const PROBLEMS = {
  denied: {
    title: 'Camera access is blocked',
    text: 'Allow camera access for this site in your browser settings, or type the referral code below.',
  },
  unavailable: {
    title: 'No camera available',
    text: "We couldn't find a camera we can use. Type the referral code below instead.",
  },
  error: {
    title: "The camera didn't start",
    text: 'Something went wrong starting the camera. Try again, or type the referral code below.',
  },
} as const;

interface QrCameraProps {
  onDecoded(text: string): boolean;
  /** Shown under the viewfinder, e.g. "That QR code isn't a Doers invite". */
  notice: string | null;
}

export function QrCamera({ onDecoded, notice }: QrCameraProps) {
  const { videoRef, status, start } = useQrScanner(onDecoded);
  const active = status === 'scanning' || status === 'starting';
  const problem =
    status === 'denied' || status === 'unavailable' || status === 'error' ? PROBLEMS[status] : null;

  return (
    <div className="qr-camera">
      <div className={`qr-camera__viewport${active ? ' is-active' : ''}`}>
        <video
          ref={videoRef}
          className="qr-camera__video"
          muted
          playsInline
          aria-label="Camera preview"
        />
        {active ? (
          <span className="qr-camera__frame" aria-hidden="true" />
        ) : (
          <div className="qr-camera__placeholder">
            <IconCamera size={40} />
            <p>Point your camera at a friend's Doers QR code.</p>
          </div>
        )}
      </div>
      <p className="sr-only" role="status">
        {status === 'scanning' ? 'Camera on. Looking for a QR code.' : ''}
      </p>
      {notice && <Alert tone="warning">{notice}</Alert>}
      {problem && <Alert title={problem.title}>{problem.text}</Alert>}
      {!active && status !== 'unavailable' && (
        <Button
          variant="secondary"
          block
          icon={<IconCamera size={20} />}
          onClick={() => void start()}
        >
          {status === 'idle' ? 'Scan a QR code' : 'Try the camera again'}
        </Button>
      )}
    </div>
  );
}
