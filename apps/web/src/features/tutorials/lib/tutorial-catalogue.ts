import { EXPLORE_TUTORIAL_MARKERS } from '../../explore';
import { POST_TUTORIAL_MARKERS as POST } from '../../posts';
import { PROFILE_TUTORIAL_MARKERS as PROFILE } from '../../profile';
import { QUEST_TUTORIAL_MARKERS as QUEST } from '../../quests';
import type { TutorialId } from './tutorial-machine';

export interface TutorialStep {
  title: string;
  body: string;
  /** The `data-tutorial` marker of the element to highlight; the step is centred without one. */
  target: string | null;
  /** Where the step's element lives, when Next should take the person there. */
  path?: string;
}

export interface Tutorial {
  id: TutorialId;
  title: string;
  /** Where the tutorial starts when replayed from Help. */
  startPath: string;
  steps: TutorialStep[];
}

/** The eight tutorials, in priority order (the first pending one is "next"). */
export const TUTORIALS: Record<TutorialId, Tutorial> = {
  'create-post': {
    id: 'create-post',
    title: 'Create Your First Post',
    startPath: '/feed',
    steps: [
      {
        title: 'Tap the create button',
        body: 'Every post starts here, in the middle of the bar.',
        target: POST.createButton,
      },
      {
        title: 'Record a voice note',
        body: 'Say what you did today, in your own voice. That is the post.',
        target: POST.recordVoice,
        path: '/post',
      },
      {
        title: 'Add a photo or video (optional)',
        body: 'Show the run, the page, the canvas — or skip it. Your voice is enough.',
        target: POST.addMedia,
      },
      {
        title: 'Share',
        body: 'Pick the quest it reports on and who sees it, then share it with your people.',
        target: POST.sharePost,
      },
    ],
  },
  'quest-check-in': {
    id: 'quest-check-in',
    title: 'Daily Quest Check-In',
    startPath: '/quests',
    steps: [
      {
        title: 'Open a quest',
        body: 'Your quests live here. Tap one to see today.',
        target: QUEST.questCard,
      },
      {
        title: 'Mark tasks complete',
        body: 'Tick what you did today on the quest’s checklist.',
        target: QUEST.questTasks,
      },
      {
        title: 'Check in daily for the streak',
        body: 'One check-in a day keeps your streak alive. Missed yesterday? You can still check in late until midday.',
        target: QUEST.checkInButton,
      },
    ],
  },
  'send-vibe': {
    id: 'send-vibe',
    title: 'Send a Vibe',
    startPath: '/feed',
    steps: [
      {
        title: 'Tap the vibe button',
        body: 'A vibe tells someone you see their effort.',
        target: POST.vibeButton,
      },
      {
        title: 'Choose a reason',
        body: 'Motivated, inspired, proud… pick what their post made you feel.',
        target: PROFILE.vibeReasons,
      },
      {
        title: 'They get notified',
        body: 'They hear why you sent it — and your first vibe means you vibe with them.',
        target: null,
      },
    ],
  },
  'send-smile': {
    id: 'send-smile',
    title: 'Send a Smile',
    startPath: '/feed',
    steps: [
      {
        title: 'Smile at a post',
        body: 'One tap says “I saw this, keep going”. Tap again to take it back.',
        target: POST.smileButton,
      },
      {
        title: 'Smiles add up',
        body: 'Every smile counts on their post and in their stats.',
        target: null,
      },
    ],
  },
  'voice-comment': {
    id: 'voice-comment',
    title: 'Leave a Voice Comment',
    startPath: '/feed',
    steps: [
      {
        title: 'No text allowed',
        body: 'Comments on Doers are voice only. Open a post’s comments here.',
        target: POST.commentButton,
      },
      {
        title: 'Hold to record, release to send',
        body: 'Hold the microphone while you talk (up to 60 seconds) and let go to send.',
        target: POST.commentRecorder,
      },
      {
        title: 'Stay supportive',
        body: 'Cheer people on. Everyone here is working on something hard.',
        target: null,
      },
    ],
  },
  'join-quest': {
    id: 'join-quest',
    title: "Join Other People's Quests",
    startPath: '/search',
    steps: [
      {
        title: 'Find a quest',
        body: 'Search people, quests, interests and posts in Explore.',
        target: EXPLORE_TUTORIAL_MARKERS.search,
      },
      {
        title: 'Join it',
        body: 'On a shared quest, tap Join (or ask to, when its owner approves who joins).',
        target: QUEST.joinButton,
      },
      {
        title: 'Check in together',
        body: 'You keep your own streak and see how everyone on the quest is doing.',
        target: null,
      },
    ],
  },
  'edit-profile': {
    id: 'edit-profile',
    title: 'Customize Your Profile',
    startPath: '/profile',
    steps: [
      {
        title: 'Your profile tab',
        body: 'Your quests, posts and streaks, as others see them.',
        target: PROFILE.profileTab,
      },
      {
        title: 'Edit Profile',
        body: 'Change your name, picture and halo colour.',
        target: PROFILE.editProfileButton,
      },
      {
        title: 'Record a voice intro',
        body: 'Say hello in your own voice: people hear it on your profile.',
        target: PROFILE.voiceIntro,
      },
      {
        title: 'Pick your interests',
        body: 'They help people who care about the same things find you.',
        target: PROFILE.interests,
      },
    ],
  },
  'group-quests': {
    id: 'group-quests',
    title: 'Create Group Quests',
    startPath: '/quests/create',
    steps: [
      {
        title: 'Quest settings',
        body: 'When you create or edit a quest, these settings decide who can take it with you.',
        target: QUEST.questSettings,
      },
      {
        title: "Toggle 'Allow others to join'",
        body: 'Others can then join your quest and keep their own streaks on it.',
        target: QUEST.allowJoinToggle,
      },
      {
        title: 'Set a participation limit (optional)',
        body: 'Keep the group small, or leave it open.',
        target: QUEST.participationLimit,
      },
      {
        title: 'Share the quest link',
        body: 'Once the quest exists, share its link or QR code from the quest’s page.',
        target: QUEST.shareQuestLink,
      },
    ],
  },
};
