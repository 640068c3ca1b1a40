import type { PublicUser } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit } from '../../../../test/support/dms.js';
import { upload } from '../../../../test/support/media.js';
import { jpegWithGps } from '../../../../test/support/media-files.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('who may message whom', () => {
  let server: TestServer;
  let kit: ReturnType<typeof dmsKit>;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    kit = dmsKit(server);
  });
  afterAll(() => server.close());

  it('everyone may message a new person; the setting is theirs to change', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    expect((await kit.call('GET', '/dms/settings', leo)).body).toEqual({
      whoCanMessage: 'everyone',
    });
    const bad = await kit.setWhoCanMessage(leo, 'friends');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('whoCanMessage must be one of everyone, vibers, nobody');
    expect((await kit.setWhoCanMessage(leo, 'nobody')).body).toEqual({ whoCanMessage: 'nobody' });
    expect((await kit.call('GET', '/dms/settings', leo)).body).toEqual({
      whoCanMessage: 'nobody',
    });

    const refused = await kit.open(maya, leo);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`@${leo.user.username} isn't taking messages`);
    // Leo may still message Maya: the setting is about who reaches Leo.
    expect((await kit.open(leo, maya)).body.canSend).toBe(true);

    const self = await kit.open(maya, maya);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You can't message yourself");
    const nobody = await kit.call('PUT', '/dms/with/00000000-0000-4000-8000-000000000000', maya);
    expect(nobody.status).toBe(404);
  });

  it('"people you vibe with" lets in only those the recipient vibes with', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    await kit.setWhoCanMessage(leo, 'vibers');
    // Maya vibing with Leo is not enough: Leo must vibe with Maya.
    await kit.vibe(maya, leo);
    const refused = await kit.open(maya, leo);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `@${leo.user.username} only takes messages from people they vibe with`,
    );
    await kit.vibe(leo, maya);
    const id = await kit.conversation(maya, leo);
    expect((await kit.send(maya, id)).status).toBe(201);

    // Leo stops vibing with Maya: the history stays, sending stops.
    expect((await kit.call('DELETE', `/vibes/vibing/${maya.user.id}`, leo)).status).toBe(204);
    const reopened = await kit.open(maya, leo);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ id, canSend: false });
    expect(reopened.body.cannotSendReason).toContain('only takes messages from people they vibe');
    const blocked = await kit.send(maya, id);
    expect(blocked.status).toBe(403);
    expect((await kit.messages(maya, id)).items).toHaveLength(1);
    // Nobody: refused even to someone they vibe with.
    await kit.vibe(leo, maya);
    await kit.setWhoCanMessage(leo, 'nobody');
    expect((await kit.send(maya, id)).status).toBe(403);
    await kit.setWhoCanMessage(leo, 'everyone');
    expect((await kit.send(maya, id)).status).toBe(201);
  });

  it('shows whoever blocked you by name only: no picture, no halo, on the profile and in the conversation', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const photo = await upload(
      server,
      maya.tokens.accessToken,
      'avatar',
      await jpegWithGps(200, 200),
    );
    expect(
      (await kit.call('PUT', '/users/me/avatar', maya, { mediaId: photo.body.id })).status,
    ).toBe(200);
    await kit.call('PATCH', '/users/me/profile', maya, { colorTheme: '#ff8800', haloIntensity: 1 });
    await kit.call('PATCH', '/users/me/profile', leo, { colorTheme: '#00aa55' });
    const id = await kit.conversation(leo, maya);
    expect((await kit.send(leo, id)).status).toBe(201);
    const before = (await kit.list(leo)).items[0]!.other;
    expect(before.profilePictureUrl).toBeTruthy();
    expect(before.colorTheme).toBe('#FF8800');

    await kit.block(maya, leo);
    const plain = { profilePictureUrl: null, colorTheme: '#4A90E2', haloIntensity: 0.5 };
    const named = { username: maya.user.username, displayName: maya.user.displayName };
    expect((await kit.list(leo)).items[0]).toMatchObject({ id, other: { ...named, ...plain } });
    expect((await kit.open(leo, maya)).body.other).toMatchObject({ ...named, ...plain });
    const profile = await kit.call<PublicUser>('GET', `/users/${maya.user.id}`, leo);
    expect(profile.body).toMatchObject({ ...named, profilePictureUrl: null });
    expect(profile.body.profile).toMatchObject({ colorTheme: '#4A90E2', haloIntensity: 0.5 });
    // The blocker still sees the person they blocked as they are, to recognise and unblock them.
    expect((await kit.list(maya)).items[0]!.other.colorTheme).toBe('#00AA55');
  });

  it('blocking stops messages both ways and keeps the history', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    await kit.send(leo, id);
    await kit.block(maya, leo);

    const mine = await kit.send(maya, id);
    expect(mine.status).toBe(403);
    expect(mine.body.message).toBe(
      `You blocked @${leo.user.username}. Unblock them to send messages`,
    );
    const theirs = await kit.send(leo, id);
    expect(theirs.status).toBe(403);
    expect(theirs.body.message).toBe(`@${maya.user.username} isn't taking messages from you`);
    expect((await kit.open(leo, maya)).body).toMatchObject({ id, canSend: false });
    expect((await kit.list(maya)).items[0]).toMatchObject({ id, canSend: false });
    expect((await kit.messages(maya, id)).items).toHaveLength(1);

    // A block lifted, they can talk again.
    expect((await kit.call('DELETE', `/users/${leo.user.id}/block`, maya)).status).toBe(204);
    expect((await kit.send(leo, id)).status).toBe(201);

    // Blocked before any conversation: none can be started from either side.
    const [ana, bo] = [await kit.person(), await kit.person()];
    await kit.block(bo, ana);
    expect((await kit.open(ana, bo)).status).toBe(403);
    expect((await kit.open(bo, ana)).status).toBe(403);
  });

  it('dmDuration limits each message, and 0 turns messaging off', async () => {
    const [maya, leo, ana] = [await kit.person(), await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);

    await kit.setDmDuration(maya, 1);
    const long = await kit.uploadDm(maya, 4);
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('Voice notes can be at most 1 seconds');
    expect((await kit.uploadDm(maya, 1)).status).toBe(201);

    await kit.setDmDuration(maya, 0);
    const upload = await kit.uploadDm(maya, 1);
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe('Voice messages are not available on your plan');
    const open = await kit.open(maya, ana);
    expect(open.status).toBe(403);
    expect(open.body.message).toBe('Voice messages are not available on your plan');
    expect((await kit.call('GET', `/dms/${id}`, maya)).body).toMatchObject({
      canSend: false,
      cannotSendReason: 'Voice messages are not available on your plan',
    });

    // Nor can anyone message a person whose messaging is off.
    const toMaya = await kit.open(ana, maya);
    expect(toMaya.status).toBe(403);
    expect(toMaya.body.message).toBe(`@${maya.user.username} can't receive voice messages`);
    const leoSees = await kit.send(leo, id);
    expect(leoSees.status).toBe(403);
  });
});
