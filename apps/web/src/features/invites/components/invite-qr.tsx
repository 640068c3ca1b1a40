import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IconDownload } from '../../../components/ui/icons';
import { toast } from '../../../lib/toast-store';

/** Dark modules on white, whatever the theme: scanners need the contrast. */
const COLORS = { dark: '#111827', light: '#ffffff' };

/**
 * The invite link as a QR code (qrcode draws it on a canvas), and "Download PNG": a larger copy
 * with a wider quiet zone, good for printing.
 */
export function InviteQr({ url, code }: { url: string; code: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, url, {
      width: 240,
      margin: 2,
      errorCorrectionLevel: 'M',
      color: COLORS,
    }).catch(() => setFailed(true));
  }, [url]);

  async function download() {
    try {
      const href = await QRCode.toDataURL(url, {
        width: 1024,
        margin: 4,
        errorCorrectionLevel: 'M',
        color: COLORS,
      });
      const link = document.createElement('a');
      link.href = href;
      link.download = `doers-invite-${code}.png`;
      link.click();
    } catch {
      toast.error('The QR code could not be saved. Please try again.');
    }
  }

  return (
    <div className="invite-qr">
      {failed ? (
        <p role="alert">The QR code could not be drawn. Share the link below instead.</p>
      ) : (
        <canvas
          ref={canvas}
          className="invite-qr__code"
          role="img"
          aria-label={`QR code of your invite link, ${url}`}
          width={240}
          height={240}
        />
      )}
      <Button variant="secondary" icon={<IconDownload size={18} />} onClick={() => void download()}>
        Download PNG
      </Button>
    </div>
  );
}
