import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  readPushState,
  turnOffPush,
  turnOnPush,
  type PushPlatform,
  type PushState,
} from '../../../lib/push-subscription';
import { pushKeys } from '../push-keys';

/** Where push stands on this device; the browser's own state, read each time the card shows. */
export function usePushState(userId: string | null, platform: PushPlatform) {
  return useQuery({
    queryKey: pushKeys.state(userId),
    queryFn: () => readPushState(userId ?? '', platform),
    enabled: userId !== null,
    refetchOnMount: 'always',
    retry: false,
  });
}

/** On (asks the browser's permission: only ever from a tap) or off. Never retried on its own. */
export function useSetPush(userId: string | null, platform: PushPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<PushState> => {
      if (!on) {
        await turnOffPush(platform);
        return 'off';
      }
      return turnOnPush(userId ?? '', platform);
    },
    retry: false,
    onSuccess: (state) => queryClient.setQueryData(pushKeys.state(userId), state),
  });
}
