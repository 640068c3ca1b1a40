import { ButtonLink } from '../../../components/ui/button';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMyInvites } from '../api/invites-api';
import { InviteLink } from '../components/invite-link';
import { InviteQr } from '../components/invite-qr';
import { ReferredPeople } from '../components/referred-people';
import { quotaText, UNLIMITED_FROM } from '../lib/quota-text';
import '../../../components/ui/state-panels.css';
import './qr-code-page.css';

/**
 * /qr-code (docs/product/referrals-and-founders.md#my-qr-code): my QR code for my invite link,
 * my code, copy, share and download, this month's quota, and the people who joined through me.
 */
export function QrCodePage() {
  usePageTitle('My QR code');
  const me = useAccount().data;
  const invites = useMyInvites();

  return (
    <div className="page qr-code-page">
      <h1 className="qr-code-page__title">My QR code</h1>
      {invites.isPending && <SkeletonList count={2} label="Loading your invite" />}
      {invites.isError && (
        <ErrorState
          title="Your invite did not load"
          message={errorMessage(invites.error, 'Something went wrong')}
          onRetry={() => void invites.refetch()}
          retrying={invites.isFetching}
        />
      )}
      {invites.data && (
        <>
          <section className="card invite-card" aria-labelledby="invite-title">
            <h2 id="invite-title" className="invite-card__title">
              Invite a friend to Doers
            </h2>
            <p className="muted">
              Friends scan this with their phone camera, or open your link, to join through you.
            </p>
            <InviteQr url={invites.data.inviteUrl} code={invites.data.referralCode} />
            {me && <p className="invite-card__who">@{me.username}</p>}
            <InviteLink url={invites.data.inviteUrl} code={invites.data.referralCode} />
          </section>

          <section className="card quota-card" aria-labelledby="quota-title">
            <h2 id="quota-title" className="card__title">
              Invites this month
            </h2>
            {invites.data.quota.limit < UNLIMITED_FROM && (
              <progress
                className="quota-card__bar"
                value={invites.data.quota.used}
                max={invites.data.quota.limit}
                aria-label="Invites used this month"
              />
            )}
            <p>{quotaText(invites.data.quota)}</p>
          </section>

          <section className="card" aria-labelledby="referred-title">
            <h2 id="referred-title" className="card__title">
              People you invited ({invites.data.totalReferred})
            </h2>
            <ReferredPeople />
          </section>
        </>
      )}
      <ButtonLink to="/qr-scan" variant="ghost" block>
        Scan a friend’s code instead
      </ButtonLink>
    </div>
  );
}
