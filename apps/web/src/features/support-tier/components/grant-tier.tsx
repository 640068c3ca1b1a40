import { adminApi, SUPPORTER_TIERS, type SupporterTier } from '@doers/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { TIER_NAMES } from '../tier-text';
import './grant-tier.css';

/**
 * For people with admin access, on someone's profile: grant them a tier (they are Exempt from
 * paying), or put them back on Free. Nobody else sees it; the server checks the grant anyway.
 */
export function GrantTier({ userId, name }: { userId: string; name: string }) {
  const isAdmin = useAccount().data?.founder.permissions.adminAccess ?? false;
  const [tier, setTier] = useState<SupporterTier>('supporter');
  const grant = useMutation({
    mutationFn: () => api.call(adminApi.setTier, { params: { id: userId }, body: { tier } }),
  });
  if (!isAdmin) return null;
  return (
    <section className="card grant-tier" aria-label="Admin: grant a tier">
      <SelectField
        label={`Tier for ${name} (admin)`}
        value={tier}
        options={SUPPORTER_TIERS.map((t) => ({ value: t, label: TIER_NAMES[t] }))}
        onChange={(event) => {
          setTier(event.target.value as SupporterTier);
          grant.reset();
        }}
      />
      <Button variant="secondary" loading={grant.isPending} onClick={() => grant.mutate()}>
        Grant tier
      </Button>
      {grant.isSuccess && (
        <Alert tone="success">
          {name} is on {TIER_NAMES[grant.data.supporterTier]} now ({grant.data.paymentStatus}).
        </Alert>
      )}
      {grant.isError && <Alert>{errorMessage(grant.error, 'Something went wrong')}</Alert>}
    </section>
  );
}
