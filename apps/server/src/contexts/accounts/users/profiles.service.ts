import {
  VOICE_SECONDS_FIXED,
  type Interest,
  type MediaPurpose,
  type PrivacySettings,
  type UpdatePrivacyRequest,
  type UpdateProfileRequest,
  type User,
} from '@doers/contract';
import type { Database } from '../../../db/database.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import type { MediaService, TranscriptsService } from '../../media/index.js';
import type { PrivacyColumns, PrivacyRepository } from './privacy.repository.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';
import type { Shown } from '../../media/index.js';

/**
 * What a person says about themselves (docs/product/profiles.md): name, bio, colours, the
 * profile picture and voice intro (media attached to the person, public) and interests; and who
 * sees them (#privacy: a private profile, showing one's stats; the presenter applies them).
 */
export class ProfilesService {
  constructor(
    private readonly deps: {
      db: Database;
      profiles: UsersRepository;
      privacy: PrivacyRepository;
      media: MediaService;
      transcripts: TranscriptsService;
      users: UsersService;
      events: EventBus;
    },
  ) {}

  /** A profile picture is for anyone, until the account is deactivated. */
  async pictureShown(userId: string): Promise<Shown> {
    const facts = await this.deps.privacy.introFacts(userId, null);
    return !facts || facts.status === 'Deleted' ? 'gone' : 'public';
  }

  /**
   * A voice intro follows the profile: for anyone, or, while the profile is private, for the
   * people who vibe with the person both ways (docs/product/profiles.md#privacy); gone with
   * the account.
   */
  async introShown(userId: string): Promise<Shown> {
    const facts = await this.deps.privacy.introFacts(userId, null);
    if (!facts || facts.status === 'Deleted') return 'gone';
    return facts.private_profile ? 'restricted' : 'public';
  }

  async mayHearIntro(viewerId: string, userId: string): Promise<boolean> {
    return (await this.deps.privacy.introFacts(userId, viewerId))?.mutual ?? false;
  }

  async updateProfile(userId: string, p: UpdateProfileRequest): Promise<User> {
    await this.deps.profiles.updateProfile(userId, {
      display_name: p.displayName,
      bio: p.bio,
      color_theme: p.colorTheme?.toUpperCase(),
      halo_intensity: p.haloIntensity,
    });
    await this.deps.events.publish('profile.changed', { userId });
    return this.#own(userId);
  }

  /** The caller's `avatar` upload becomes their public profile picture; the old one goes. */
  async setAvatar(userId: string, mediaId: string): Promise<User> {
    await this.#checkUpload(userId, mediaId, 'avatar');
    const current = await this.deps.profiles.findById(userId);
    if (current?.avatar_media_id !== mediaId) {
      const removeOld = await this.deps.db.transaction(async (tx) => {
        const removeOld = await this.deps.media.detachAndRemove(tx, 'avatar', userId);
        const m = await this.deps.media.attach(tx, {
          mediaId,
          ownerId: userId,
          type: 'avatar',
          attachedId: userId,
          isPublic: true,
          purpose: 'avatar',
        });
        await this.deps.profiles.setAvatar(tx, userId, mediaId, m.url);
        return removeOld;
      });
      await removeOld();
      await this.deps.events.publish('profile.changed', { userId });
    }
    return this.#own(userId);
  }

  /**
   * The caller's `voice-intro` upload becomes their public voice intro, with the words their
   * device heard (`transcript`); the old one goes.
   */
  async setVoiceIntro(userId: string, mediaId: string, transcript?: string): Promise<User> {
    const upload = await this.#checkUpload(userId, mediaId, 'voice-intro');
    if ((upload.durationMs ?? 0) > VOICE_SECONDS_FIXED['voice-intro'] * 1000) {
      throw badRequest(
        `A voice intro can be at most ${VOICE_SECONDS_FIXED['voice-intro']} seconds`,
      );
    }
    const current = await this.deps.profiles.findById(userId);
    if (current?.voice_intro_media_id !== mediaId) {
      const removeOld = await this.deps.db.transaction(async (tx) => {
        const removeOld = await this.deps.media.detachAndRemove(tx, 'voice-intro', userId);
        const voice = await this.deps.media.attach(tx, {
          mediaId,
          ownerId: userId,
          type: 'voice-intro',
          attachedId: userId,
          isPublic: true,
          purpose: 'voice-intro',
        });
        await this.deps.transcripts.attached(tx, voice, transcript);
        await this.deps.profiles.setVoiceIntro(tx, userId, mediaId);
        return removeOld;
      });
      await removeOld();
    }
    return this.#own(userId);
  }

  async removeVoiceIntro(userId: string): Promise<User> {
    const removeOld = await this.deps.db.transaction(async (tx) => {
      const removeOld = await this.deps.media.detachAndRemove(tx, 'voice-intro', userId);
      await this.deps.profiles.setVoiceIntro(tx, userId, null);
      return removeOld;
    });
    await removeOld();
    return this.#own(userId);
  }

  interests(): Promise<Interest[]> {
    return this.deps.profiles.interests();
  }

  /** Replaces the person's interests; every id must be one of `GET /interests`. */
  async setInterests(userId: string, ids: string[]): Promise<User> {
    const unknown = await this.deps.profiles.unknownInterests(ids);
    if (unknown.length > 0) {
      throw badRequest(`Not an interest one can choose: ${unknown.join(', ')}`);
    }
    await this.deps.db.transaction((tx) => this.deps.profiles.setInterests(tx, userId, ids));
    return this.#own(userId);
  }

  async privacy(userId: string): Promise<PrivacySettings> {
    const row = await this.deps.privacy.privacyOf(userId);
    if (!row) throw notFound('User not found');
    return presentPrivacy(row);
  }

  /** Applies at once: every view of a profile reads these columns (the feed keeps none). */
  async savePrivacy(userId: string, changes: UpdatePrivacyRequest): Promise<PrivacySettings> {
    const row = await this.deps.privacy.setPrivacy(userId, {
      private_profile: changes.privateProfile,
      show_stats: changes.showStats,
    });
    if (!row) throw notFound('User not found');
    return presentPrivacy(row);
  }

  /** Someone else's upload, or none, is "not found"; one made for another use is refused. */
  async #checkUpload(userId: string, mediaId: string, purpose: MediaPurpose) {
    const upload = await this.deps.media.ownUpload(userId, mediaId);
    if (!upload) throw notFound('That upload was not found: upload the file again');
    if (upload.purpose !== purpose) {
      throw badRequest(
        purpose === 'avatar'
          ? 'That upload is not a profile picture: upload the photo with purpose avatar'
          : 'That upload is not a voice intro: record it with purpose voice-intro',
      );
    }
    return upload;
  }

  async #own(userId: string): Promise<User> {
    return (await this.deps.users.getUser(userId, userId)) as User;
  }
}

function presentPrivacy(row: PrivacyColumns): PrivacySettings {
  return { privateProfile: row.private_profile, showStats: row.show_stats };
}
