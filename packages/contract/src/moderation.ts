import { z } from 'zod';
import { endpoint } from './http.js';
import { media } from './media.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

/**
 * Reports and moderation (docs/product/safety.md): anyone reports a post, a voice comment, a
 * voice message or a person; people with moderation tools work the queue, and every action they
 * take is written to an append-only audit log.
 */
export const REPORT_TARGETS = ['post', 'comment', 'dm', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_CATEGORIES = [
  'spam',
  'harassment',
  'hate',
  'self-harm',
  'sexual',
  'impersonation',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const REPORT_NOTE_MAX = 500;

export const createReportRequest = z.object({
  targetType: z.enum(REPORT_TARGETS, 'Choose what you are reporting: post, comment, dm or user'),
  targetId: z.uuid('Not a valid id'),
  category: z.enum(REPORT_CATEGORIES, 'Choose a reason for the report'),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters`)
    .default(''),
  /**
   * A voice note instead of, or besides, the text: an upload of the reporter's own with purpose
   * 'report' (at most VOICE_SECONDS_FIXED.report seconds). Only the moderation team hears it.
   */
  voiceMediaId: z.uuid('Not a valid voice note id').nullable().optional(),
});
export type CreateReportRequest = z.input<typeof createReportRequest>;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report as its reporter sees it: what it was about, and what came of it. */
export const report = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  category: z.enum(REPORT_CATEGORIES),
  note: z.string(),
  /** The reporter's voice note (playable by them), or null. */
  voice: media.nullable(),
  status: z.enum(REPORT_STATUSES),
  /** What the team did, in words, once it was handled. */
  outcome: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof report>;

export const MODERATION_ACTIONS = ['hide', 'warn', 'suspend', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** What the audit log records: the actions on reports, and an admin lifting a suspension. */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'lift'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const moderationActionRequest = z
  .object({
    targetType: z.enum(REPORT_TARGETS, 'Choose what the action is on'),
    targetId: z.uuid('Not a valid id'),
    action: z.enum(MODERATION_ACTIONS, 'Choose an action: hide, warn, suspend or dismiss'),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why: the person is told, and the audit log keeps it')
      .max(REPORT_NOTE_MAX, `Keep the reason under ${REPORT_NOTE_MAX} characters`),
    /** For a suspension: how many days; null or absent suspends until lifted. */
    days: z.number().int().min(1, 'At least 1 day').max(3650).nullable().optional(),
  })
  .refine((a) => a.action !== 'hide' || a.targetType !== 'user', {
    message: 'A person cannot be hidden: warn or suspend them',
    path: ['action'],
  });
export type ModerationActionRequest = z.input<typeof moderationActionRequest>;

export const liftSuspensionRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why: the audit log keeps it')
    .max(REPORT_NOTE_MAX, `Keep the reason under ${REPORT_NOTE_MAX} characters`),
});
export type LiftSuspensionRequest = z.input<typeof liftSuspensionRequest>;

/** One line of the audit log: who did what to what, when and why. */
export const auditEntry = z.object({
  id: z.string(),
  moderator: personSummary.nullable(),
  /**
   * Who acted, as a pseudonym when their account was erased (moderator is null then): the same
   * for all their entries, leading to nobody.
   */
  formerModerator: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  targetUser: personSummary.nullable(),
  /** The person the entry is about is suspended now (an admin may lift it). */
  targetSuspended: z.boolean(),
  reason: z.string(),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A reported thing with every open report on it, the content, and its person's history. */
export const queueItem = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** Whose content it is, or the person reported. */
  targetUser: personSummary.nullable(),
  /** The voice note of a post, comment or message (playable), null for a person or when gone. */
  voice: media.nullable(),
  /** The content is gone (deleted by its author) or already hidden. */
  gone: z.boolean(),
  reportCount: z.number().int(),
  latestAt: z.string(),
  reports: z.array(
    z.object({
      id: z.string(),
      reporter: personSummary.nullable(),
      category: z.enum(REPORT_CATEGORIES),
      note: z.string(),
      /** The reporter's voice note (playable: a signed URL); never shown about oneself. */
      voice: media.nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Earlier reports on the same person (all targets) and actions taken about them. */
  history: z.object({ reports: z.number().int(), actions: z.array(auditEntry) }),
});
export type QueueItem = z.infer<typeof queueItem>;

export const moderationQueue = z.object({ items: z.array(queueItem) });
export type ModerationQueue = z.infer<typeof moderationQueue>;

export const auditPage = pageOf(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

export const reportPage = pageOf(report);
export type ReportPage = z.infer<typeof reportPage>;

export const moderationApi = {
  report: endpoint({
    method: 'POST',
    path: '/reports',
    access: 'signed-in',
    body: createReportRequest,
    response: report,
    status: 201,
  }),
  myReports: endpoint({
    method: 'GET',
    path: '/reports/mine',
    access: 'signed-in',
    query: pageQuery,
    response: reportPage,
  }),
  /** Open reports grouped by what they are about: the most reported first, then the newest. */
  queue: endpoint({
    method: 'GET',
    path: '/moderation/queue',
    access: 'signed-in',
    response: moderationQueue,
  }),
  act: endpoint({
    method: 'POST',
    path: '/moderation/actions',
    access: 'signed-in',
    body: moderationActionRequest,
    response: auditEntry,
    status: 201,
  }),
  /** Admins only: the person is Active again at once; the audit log keeps who and why. */
  liftSuspension: endpoint({
    method: 'POST',
    path: '/moderation/suspensions/:userId/lift',
    access: 'signed-in',
    params: z.object({ userId: z.uuid('Not a valid id') }),
    body: liftSuspensionRequest,
    response: auditEntry,
    status: 201,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/moderation/audit',
    access: 'signed-in',
    query: pageQuery,
    response: auditPage,
  }),
};
