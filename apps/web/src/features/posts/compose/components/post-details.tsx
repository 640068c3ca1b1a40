import type { Media, PostVisibility } from '@doers/contract';
import { useEffect } from 'react';
import { MediaPicker } from '../../../../components/media/media-picker';
import type { SendFile } from '../../../../components/media/use-upload';
import { ChoiceGroup, type Choice } from '../../../../components/ui/choice-group';
import { IconGlobe, IconUsers } from '../../../../components/ui/icons';
import { SelectField } from '../../../../components/ui/select-field';
import { errorMessage } from '../../../../lib/api-error';
import { useMyActiveQuests } from '../api/use-my-active-quests';

const VISIBILITY_CHOICES: ReadonlyArray<Choice<PostVisibility>> = [
  {
    value: 'public',
    label: 'Public',
    description: 'Anyone on Doers can see it; people who vibe with you find it in their feed.',
    icon: <IconGlobe size={20} />,
  },
  {
    value: 'vibers',
    label: 'Vibers only',
    description:
      'Only your mutual vibers: people you vibe with who vibe with you back. It cannot be hummed.',
    icon: <IconUsers size={20} />,
  },
];

/** The optional photo or video: MediaPicker uploads it the moment it is chosen. */
export function AttachmentField({
  send,
  onRemove,
}: {
  send: SendFile<Media>;
  onRemove: () => void;
}) {
  return (
    <MediaPicker
      purpose="post"
      send={send}
      // The composer follows the upload through `send` and the removal through `onRemove`.
      onChange={() => undefined}
      onRemove={onRemove}
    />
  );
}

/** The quest the post reports on: none, or one of my active quests. */
export function QuestField({
  questId,
  linkedQuestId,
  onChange,
}: {
  questId: string | null;
  /** The quest the composer was opened for (`?questId=`). */
  linkedQuestId: string | null;
  onChange: (questId: string | null) => void;
}) {
  const quests = useMyActiveQuests();
  const items = quests.data?.items ?? [];
  const known = questId === null || items.some((quest) => quest.id === questId);
  // A quest from the link that is not one of mine (left, finished) is dropped, and said so.
  const linkedGone =
    quests.isSuccess && linkedQuestId !== null && !items.some((q) => q.id === linkedQuestId);
  useEffect(() => {
    if (quests.isSuccess && !known) onChange(null);
  }, [quests.isSuccess, known, onChange]);
  const options = [
    { value: '', label: quests.isPending ? 'Loading your quests…' : 'No quest' },
    ...items.map((quest) => ({ value: quest.id, label: `${quest.emoji} ${quest.title}` })),
  ];
  let hint: string;
  if (quests.isError) hint = errorMessage(quests.error, 'Your quests did not load.');
  else if (linkedGone && questId === null) hint = 'That quest is not one of your active quests.';
  else if (quests.isSuccess && items.length === 0) hint = 'You have no active quest right now.';
  else hint = 'The post shows the quest and your streak on it.';
  return (
    <SelectField
      label="Quest it reports on (optional)"
      hint={hint}
      value={known ? (questId ?? '') : ''}
      disabled={quests.isPending}
      options={options}
      onChange={(event) => onChange(event.target.value || null)}
    />
  );
}

export function VisibilityField({
  value,
  onChange,
}: {
  value: PostVisibility;
  onChange: (value: PostVisibility) => void;
}) {
  return (
    <ChoiceGroup
      legend="Who can see it"
      name="post-visibility"
      value={value}
      choices={VISIBILITY_CHOICES}
      onChange={onChange}
    />
  );
}
