import { Navigate, useParams } from 'react-router';

/**
 * /invite/{code} is what a Doer's QR code and invite link point at
 * (docs/product/referrals-and-founders.md).
 */
export function InviteRedirect() {
  const { code = '' } = useParams();
  return <Navigate to={`/register?ref=${encodeURIComponent(code)}`} replace />;
}
