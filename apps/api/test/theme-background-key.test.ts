import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CUSTOM_THEME, seedClub, seedOwner, useTestApp } from './helpers.ts';

describe("a custom theme's background image", () => {
  const context = useTestApp();

  const setUp = async () => {
    const owner = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id, { freeForever: true });
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      context.app.inject({
        method,
        url: `/api/v1/clubs/${club.id}${path}`,
        headers: { authorization: owner.authorization, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    const uploadBackground = async () => {
      const ticket = await call('POST', '/uploads', { purpose: 'background', contentType: 'image/png' });
      expect(ticket.statusCode).toBe(201);
      const { uploadId, uploadUrl } = ticket.json();
      const bytes = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 90, b: 60 } },
      })
        .png()
        .toBuffer();
      const put = await context.app.inject({
        method: 'PUT',
        url: uploadUrl,
        headers: { 'content-type': 'image/png' },
        payload: bytes,
      });
      expect(put.statusCode).toBe(204);
      const complete = await call('POST', `/uploads/${uploadId}/complete`);
      expect(complete.statusCode).toBe(201);
      return complete.json() as { key: string; url: string };
    };
    return { call, uploadBackground };
  };

  it('comes back with its key, so the theme saves again with the same image', async () => {
    const { call, uploadBackground } = await setUp();
    const image = await uploadBackground();
    const saved = await call('PUT', '/themes/custom', { ...CUSTOM_THEME, backgroundImage: image.key });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ backgroundImage: image.url, backgroundImageKey: image.key });

    const listed = (await call('GET', '/themes')).json() as {
      isCustom: boolean;
      backgroundImage: string | null;
      backgroundImageKey: string | null;
    }[];
    expect(listed.find((theme) => theme.isCustom)).toMatchObject({
      backgroundImage: image.url,
      backgroundImageKey: image.key,
    });
    for (const theme of listed.filter((candidate) => !candidate.isCustom))
      expect(theme.backgroundImageKey).toBeNull();

    const again = await call('PUT', '/themes/custom', {
      ...CUSTOM_THEME,
      name: 'Il nostro bis',
      backgroundImage: image.key,
    });
    expect(again.json()).toMatchObject({ backgroundImage: image.url, backgroundImageKey: image.key });
  });

  it('has no key without an image', async () => {
    const { call } = await setUp();
    const saved = await call('PUT', '/themes/custom', CUSTOM_THEME);
    expect(saved.json()).toMatchObject({ backgroundImage: null, backgroundImageKey: null });
  });
});
