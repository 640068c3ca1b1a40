import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconCamera, IconX } from '../../../components/ui/icons';
import { squareJpeg } from '../lib/square-photo';
import './camera-capture.css';

type CameraProblem = 'denied' | 'missing' | 'other';

const PROBLEMS: Record<CameraProblem, string> = {
  denied:
    'The camera is blocked for this site. Allow it in your browser’s site settings, or choose a photo instead.',
  missing: 'No camera was found. Choose a photo instead.',
  other: 'The camera could not be started. Choose a photo instead.',
};

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'other';
}

/**
 * The front camera in a square frame, and a button that takes the photo: the centre square of
 * the frame, as the profile picture will show it.
 */
export function CameraCapture({
  onCapture,
  onClose,
}: {
  onCapture: (photo: Blob) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const open = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 1280 } },
        audio: false,
      });
      if (stopped) return;
      const element = video.current!;
      element.srcObject = stream;
      await element.play();
      if (!stopped) setReady(true);
    };
    open().catch((error: unknown) => {
      if (!stopped) setProblem(problemOf(error));
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const capture = async () => {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    onCapture(await squareJpeg(element, element.videoWidth, element.videoHeight));
  };

  if (problem) {
    return (
      <div className="camera-capture">
        <Alert title="No camera">{PROBLEMS[problem]}</Alert>
        <Button variant="secondary" onClick={onClose}>
          Back
        </Button>
      </div>
    );
  }

  return (
    <div className="camera-capture">
      <div className="camera-capture__frame">
        <video
          ref={video}
          className="camera-capture__video"
          muted
          playsInline
          aria-label="Camera preview"
        />
      </div>
      <div className="camera-capture__actions">
        <Button variant="secondary" icon={<IconX size={18} />} onClick={onClose}>
          Cancel
        </Button>
        <Button icon={<IconCamera size={18} />} disabled={!ready} onClick={() => void capture()}>
          Take photo
        </Button>
      </div>
    </div>
  );
}
