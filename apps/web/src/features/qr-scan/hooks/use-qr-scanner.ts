import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraStatus = 'idle' | 'starting' | 'scanning' | 'denied' | 'unavailable' | 'error';

// Decoding every frame drains phones; five times a second finds a held-up code just as fast.
const SCAN_INTERVAL_MS = 200;
const MAX_SCAN_WIDTH = 640;

function statusForError(error: unknown): CameraStatus {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'unavailable';
  }
  return 'error';
}

/**
 * Camera → canvas → jsQR. `onDecoded` returns true to stop scanning (a Doers code was found).
 * jsQR is loaded on demand: only people who scan download it (its size is in
 * docs/decisions/0015-first-screen-on-a-phone.md).
 */
export function useQrScanner(onDecoded: (text: string) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onDecodedRef = useRef(onDecoded);
  const [status, setStatus] = useState<CameraStatus>('idle');

  useEffect(() => {
    onDecodedRef.current = onDecoded;
  }, [onDecoded]);

  const stop = useCallback(() => {
    clearTimeout(timerRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('unavailable'); // also the case on plain http: camera needs a secure origin
      return;
    }
    setStatus('starting');
    try {
      const [stream, { default: jsQR }] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        import('jsqr'),
      ]);
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return stop();
      video.srcObject = stream;
      await video.play();
      setStatus('scanning');

      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const tick = () => {
        if (!streamRef.current || !context) return;
        if (video.readyState >= video.HAVE_ENOUGH_DATA && video.videoWidth > 0) {
          const scale = Math.min(1, MAX_SCAN_WIDTH / video.videoWidth);
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(image.data, image.width, image.height, {
            inversionAttempts: 'attemptBoth',
          });
          if (code?.data && onDecodedRef.current(code.data)) {
            stop();
            setStatus('idle');
            return;
          }
        }
        timerRef.current = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      tick();
    } catch (error) {
      stop();
      setStatus(statusForError(error));
    }
  }, [stop]);

  useEffect(() => {
    // Start right away when the person already allowed the camera; otherwise wait for a tap,
    // so nobody is met by a permission prompt they did not ask for.
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((permission) => {
        if (!cancelled && permission.state === 'granted') void start();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop();
    };
  }, [start, stop]);

  return { videoRef, status, start };
}
