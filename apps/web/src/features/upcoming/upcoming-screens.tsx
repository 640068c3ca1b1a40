import type { ReactNode } from 'react';
import {
  IconBell,
  IconCompass,
  IconFlame,
  IconHome,
  IconMessage,
  IconMic,
  IconQr,
  IconSettings,
  IconStar,
  IconUser,
} from '../../components/ui/icons';
import type { UpcomingPath } from './upcoming-paths';

export interface UpcomingScreen {
  path: UpcomingPath;
  title: string;
  icon: ReactNode;
  /** What the finished screen will show, stated plainly. */
  description: string;
}

const icon = (Icon: (p: { size?: number }) => ReactNode) => <Icon size={32} />;

/** What each screen of UPCOMING_PATHS says; it loads with the screen, not with the app. */
const SCREENS: Record<UpcomingPath, Omit<UpcomingScreen, 'path'>> = {
  '/feed': {
    title: 'Home',
    icon: icon(IconHome),
    description:
      'Your feed will show voice notes from people you vibe with, the posts they hum, and progress on shared quests you are part of, newest first.',
  },
  '/leaderboard': {
    title: 'Leaderboard',
    icon: icon(IconStar),
    description:
      'The leaderboard will rank check-ins this week and the longest streaks of all time: for everyone, for people you vibe with, and for each shared quest.',
  },
  '/stats': {
    title: 'Stats',
    icon: icon(IconFlame),
    description:
      "Your stats will show your current and longest streak, a year of check-ins as a heatmap, and the support you've received over time.",
  },
  '/qr-code': {
    title: 'My QR code',
    icon: icon(IconQr),
    description:
      'Your personal QR code and invite link will be here, so friends can scan it and join Doers through you.',
  },
  '/search': {
    title: 'Explore',
    icon: icon(IconCompass),
    description:
      'Explore will let you search for people, quests and interests, and browse a grid of public posts.',
  },
  '/post': {
    title: 'New post',
    icon: icon(IconMic),
    description:
      "Here you'll record a voice note about your progress, add a photo or video if you like, and share it.",
  },
  '/posts/:postId': {
    title: 'Post',
    icon: icon(IconMic),
    description:
      'A post will show its voice note, photo or video, with smiles, hums and voice comments.',
  },
  '/explore/feed/:postId': {
    title: 'Explore',
    icon: icon(IconCompass),
    description: 'A full-screen feed you swipe through, starting at the post you picked.',
  },
  '/notifications': {
    title: 'Notifications',
    icon: icon(IconBell),
    description:
      'Vibes, smiles, hums, voice comments, quest requests and streak reminders will show up here.',
  },
  '/dms': {
    title: 'Messages',
    icon: icon(IconMessage),
    description: 'Your voice-message conversations will be listed here, with unread ones on top.',
  },
  '/dms/new/:userId': {
    title: 'New message',
    icon: icon(IconMessage),
    description: "Here you'll record a voice message to start a conversation.",
  },
  '/dms/:conversationId': {
    title: 'Conversation',
    icon: icon(IconMessage),
    description:
      'A conversation will show your voice messages back and forth, with a listened mark on each.',
  },
  '/vibes': {
    title: 'Vibes',
    icon: icon(IconStar),
    description:
      "The vibes you've received and sent, with their reasons, and the people you vibe with.",
  },
  '/settings/notifications': {
    title: 'Notification settings',
    icon: icon(IconBell),
    description:
      'Choose which notifications you get in the app and as push notifications, and when your daily streak reminder arrives.',
  },
  '/settings/support-tier': {
    title: 'Support tier',
    icon: icon(IconStar),
    description:
      'Support Doers with a supporter or champion tier for longer voice notes and more active quests.',
  },
  '/settings/terms': {
    title: 'Terms of Service',
    icon: icon(IconSettings),
    description: 'The terms for using Doers will be published here.',
  },
  '/settings/privacy-policy': {
    title: 'Privacy Policy',
    icon: icon(IconSettings),
    description: 'How Doers handles your data will be explained here.',
  },
  '/settings/blocked-users': {
    title: 'Blocked users',
    icon: icon(IconUser),
    description: "People you've blocked will be listed here, with a way to unblock them.",
  },
  '/settings/help': {
    title: 'Help',
    icon: icon(IconSettings),
    description: 'Answers to common questions and a way to contact support.',
  },
};

export function upcomingScreen(path: UpcomingPath): UpcomingScreen {
  return { path, ...SCREENS[path] };
}
