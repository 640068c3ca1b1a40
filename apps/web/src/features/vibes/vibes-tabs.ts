/** The lists of /vibes, in the order of its tabs; `?tab=` picks one (a profile links to vibers). */
export const VIBES_TABS = ['received', 'sent', 'vibers', 'vibing'] as const;
export type VibesTab = (typeof VIBES_TABS)[number];

export const VIBES_TAB_LABELS: Record<VibesTab, string> = {
  received: 'Received',
  sent: 'Sent',
  vibers: 'Vibers',
  vibing: 'Vibing with',
};

export function vibesTabOf(value: string | null): VibesTab {
  return VIBES_TABS.find((tab) => tab === value) ?? 'received';
}

export function vibesPath(tab: VibesTab = 'received'): string {
  return tab === 'received' ? '/vibes' : `/vibes?tab=${tab}`;
}
