import { TIER_LIMITS, type Conversation } from '@doers/contract';
import { Alert } from '../../../components/ui/alert';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { useAccount } from '../../../lib/auth/use-account';
import { useSendDm } from '../api/dms-api';

/**
 * The recorder at the bottom of a thread: hold (or tap from the keyboard) to record, listen back,
 * send. A failed send keeps the recording and its upload for "Try again". When sending is not
 * allowed (a block, their setting, my plan) it says why instead.
 */
export function DmComposer({
  conversation,
  onSent,
}: {
  conversation: Conversation;
  onSent: () => void;
}) {
  const dmDuration = useAccount().data?.limits.dmDuration ?? TIER_LIMITS.free.dmDuration;
  const { send, progress } = useSendDm(conversation);

  if (!conversation.canSend) {
    return (
      <div className="dm-composer">
        <Alert tone="info" live={false}>
          {conversation.cannotSendReason ?? "You can't send messages here right now"}
        </Alert>
      </div>
    );
  }
  return (
    <div className="dm-composer">
      <VoiceRecorder
        mode="hold"
        maxSeconds={dmDuration}
        label="voice message"
        sendLabel="Send"
        progress={progress}
        onSend={async (voice) => {
          await send(voice.blob, voice.transcript);
          onSent();
        }}
      />
    </div>
  );
}
