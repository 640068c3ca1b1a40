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

export interface UpcomingScreen {
  path: string;
  title: string;
  icon: ReactNode;
  /** What the finished screen will show, stated plainly. */
  description: string;
}

const icon = (Icon: (p: { size?: number }) => ReactNode) => <Icon size={32} />;

/**
 * Every signed-in route of spec §2 that a later issue builds. Each one is registered now, so
 * links, the shell and the 404 behave as in the finished app.
 */
export const UPCOMING_SCREENS: UpcomingScreen[] = [
  {
    path: '/feed',
    title: 'Home',
    icon: icon(IconHome),
    description:
      'Your feed will show voice notes from people you vibe with, the posts they hum, and progress on shared quests you are part of, newest first.',
  },
  {
    path: '/leaderboard',
    title: 'Leaderboard',
    icon: icon(IconStar),
    description:
      'The leaderboard will rank check-ins this week and the longest streaks of all time: for everyone, for people you vibe with, and for each shared quest.',
  },
  {
    path: '/stats',
    title: 'Stats',
    icon: icon(IconFlame),
    description:
      "Your stats will show your current and longest streak, a year of check-ins as a heatmap, and the support you've received over time.",
  },
  {
    path: '/qr-code',
    title: 'My QR code',
    icon: icon(IconQr),
    description:
      'Your personal QR code and invite link will be here, so friends can scan it and join Doers through you.',
  },
  {
    path: '/search',
    title: 'Explore',
    icon: icon(IconCompass),
    description:
      'Explore will let you search for people, quests and interests, and browse a grid of public posts.',
  },
  {
    path: '/post',
    title: 'New post',
    icon: icon(IconMic),
    description:
      "Here you'll record a voice note about your progress, add a photo or video if you like, and share it.",
  },
  {
    path: '/posts/:postId',
    title: 'Post',
    icon: icon(IconMic),
    description:
      'A post will show its voice note, photo or video, with smiles, hums and voice comments.',
  },
  {
    path: '/explore/feed/:postId',
    title: 'Explore',
    icon: icon(IconCompass),
    description: 'A full-screen feed you swipe through, starting at the post you picked.',
  },
  {
    path: '/notifications',
    title: 'Notifications',
    icon: icon(IconBell),
    description:
      'Vibes, smiles, hums, voice comments, quest requests and streak reminders will show up here.',
  },
  {
    path: '/dms',
    title: 'Messages',
    icon: icon(IconMessage),
    description: 'Your voice-message conversations will be listed here, with unread ones on top.',
  },
  {
    path: '/dms/new/:userId',
    title: 'New message',
    icon: icon(IconMessage),
    description: "Here you'll record a voice message to start a conversation.",
  },
  {
    path: '/dms/:conversationId',
    title: 'Conversation',
    icon: icon(IconMessage),
    description:
      'A conversation will show your voice messages back and forth, with a listened mark on each.',
  },
  {
    path: '/vibes',
    title: 'Vibes',
    icon: icon(IconStar),
    description:
      "The vibes you've received and sent, with their reasons, and the people you vibe with.",
  },
  {
    path: '/settings/notifications',
    title: 'Notification settings',
    icon: icon(IconBell),
    description:
      'Choose which notifications you get in the app and as push notifications, and when your daily streak reminder arrives.',
  },
  {
    path: '/settings/profile',
    title: 'Edit profile',
    icon: icon(IconUser),
    description:
      'Edit your display name, photo, voice intro, and the colour and glow of your halo ring.',
  },
  {
    path: '/settings/privacy',
    title: 'Privacy',
    icon: icon(IconSettings),
    description:
      'Choose who may message you and whether you appear on leaderboards; export your data or delete your account.',
  },
  {
    path: '/settings/support-tier',
    title: 'Support tier',
    icon: icon(IconStar),
    description:
      'Support Doers with a supporter or champion tier for longer voice notes and more active quests.',
  },
  {
    path: '/settings/terms',
    title: 'Terms of Service',
    icon: icon(IconSettings),
    description: 'The terms for using Doers will be published here.',
  },
  {
    path: '/settings/privacy-policy',
    title: 'Privacy Policy',
    icon: icon(IconSettings),
    description: 'How Doers handles your data will be explained here.',
  },
  {
    path: '/settings/blocked-users',
    title: 'Blocked users',
    icon: icon(IconUser),
    description: "People you've blocked will be listed here, with a way to unblock them.",
  },
  {
    path: '/settings/help',
    title: 'Help',
    icon: icon(IconSettings),
    description: 'Answers to common questions and a way to contact support.',
  },
  {
    path: '/settings/interests',
    title: 'Interests',
    icon: icon(IconCompass),
    description: 'Pick the interests that shape what Explore shows you.',
  },
  {
    path: '/users/:userId',
    title: 'Profile',
    icon: icon(IconUser),
    description:
      "A person's profile will show their voice intro, interests, badges, streaks, posts and quests.",
  },
];
